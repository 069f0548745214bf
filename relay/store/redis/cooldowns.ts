import { type CooldownEntry, type CooldownTarget, type Cooldowns, type MemoryCooldowns, createMemoryCooldowns } from '../../routing/cooldowns.js';
import type { RedisPubSub } from './pubsub.js';

// Cooldowns shared by every instance. Routing reads them synchronously on every call, so each
// instance keeps its own in-memory copy (routing/cooldowns.ts) and tells the others each
// change over pub/sub (channel `cooldowns`): a failure with the entry it left, a success that
// cleared something. The others apply it as soon as it arrives (well within a second). Not
// shared: the cooldowns of before an instance started, and what was said while Redis was down
// (a channel is then tried once more by an instance that did not hear); `until` is read on
// the receiver's clock as sent (instances' clocks are assumed to agree within a second or so).

interface Message {
  /** The sending instance: its own messages come back and are skipped. */
  from: string;
  channel: number;
  key?: number;
  /** A failure: the entry it left. */
  entry?: CooldownEntry;
}

export interface SharedCooldowns extends Cooldowns {
  /** Stops hearing the others. */
  stop(): void;
}

export function sharedCooldowns(pubsub: RedisPubSub, instance: string, options: { onError?: (error: unknown) => void } = {}): SharedCooldowns {
  const local: MemoryCooldowns = createMemoryCooldowns();
  const tell = (message: Message) => void pubsub.publish('cooldowns', JSON.stringify(message)).catch((error: unknown) => options.onError?.(error));
  const stop = pubsub.on('cooldowns', (text) => {
    const message = parse(text);
    if (!message || message.from === instance) return;
    const target: CooldownTarget = message.key === undefined ? { channelId: message.channel } : { channelId: message.channel, keyIndex: message.key };
    if (!message.entry) return local.succeed(message.channel, message.key ?? -1);
    // A failure counted here since the one told is newer: kept.
    const mine = local.entry(target);
    if (!mine || message.entry.countedAt >= mine.countedAt) local.put(target, message.entry);
  });
  return {
    get: local.get,
    fail(target, schedule, now, sentAt) {
      const state = local.fail(target, schedule, now, sentAt);
      tell({ from: instance, channel: target.channelId, key: target.keyIndex, entry: local.entry(target) });
      return state;
    },
    succeed(channelId, keyIndex) {
      // The usual case, nothing cooling here (nor, then, anywhere): nothing to tell.
      if (!local.entry({ channelId }) && !local.entry({ channelId, keyIndex })) return;
      local.succeed(channelId, keyIndex);
      tell({ from: instance, channel: channelId, key: keyIndex });
    },
    stop,
  };
}

function parse(text: string): Message | undefined {
  try {
    const message = JSON.parse(text) as Message;
    return typeof message.from === 'string' && Number.isInteger(message.channel) ? message : undefined;
  } catch {
    return undefined;
  }
}
