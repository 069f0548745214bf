import { callSettings } from '../settings.js';
import { ChannelStatus } from '../store/channels.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import { disableKey, enableKey } from './channel-health.js';
import type { ChannelHealthWriter } from './channel-health.js';

/** The channels recovery reads and heals: the ChannelRepo port (or anything as able). */
export interface RecoverableChannels extends ChannelHealthWriter {
  list(): readonly ChannelRecord[] | Promise<readonly ChannelRecord[]>;
  keys(id: number): string[] | Promise<string[]>;
}

/** A minimal real call with one key of a channel (the upstream side supplies it: routing speaks no wire format). */
export type ProbeKey = (channel: ChannelRecord, key: string) => Promise<{ ok: boolean; status: number; error: string }>;

/**
 * Brings automatically disabled keys back: once a key's cool-down has passed, a minimal
 * real call (one output token) is made with it; success enables the key (and its channel),
 * failure doubles the cool-down. Keys disabled by hand are left alone.
 */
export function startKeyRecovery(deps: {
  /** Where the settings are read (key_recovery_seconds). */
  catalog: Pick<CallCatalog, 'revision' | 'settings'>;
  channels: RecoverableChannels;
  probe: ProbeKey;
  log: { info(message: string): void; error(message: string): void };
  intervalMs?: number;
}): { stop(): void; runOnce(now?: number): Promise<void> } {
  let running = false;
  const runOnce = async (now = Date.now()) => {
    if (running) return;
    running = true;
    try {
      for (const channel of await deps.channels.list()) {
        if (channel.status === ChannelStatus.manuallyDisabled) continue;
        for (let index = 0; index < channel.key_states.length; index++) {
          const state = channel.key_states[index]!;
          if (state.status === ChannelStatus.autoDisabled && state.retry_at <= now) await probe(channel, index, now);
        }
      }
    } finally {
      running = false;
    }
  };

  const probe = async (channel: ChannelRecord, index: number, now: number) => {
    const key = (await deps.channels.keys(channel.id))[index];
    if (key === undefined) return;
    const outcome = await deps.probe(channel, key);
    if (outcome.ok) {
      await enableKey(deps.channels, channel, index);
      deps.log.info(`channel ${channel.id} (${channel.name}): key ${index + 1} works again and is enabled`);
    } else {
      await disableKey(deps.channels, channel, index, `recovery probe: ${outcome.status || 'no answer'} ${outcome.error}`, callSettings(deps.catalog).key_recovery_seconds * 1000, now);
    }
  };

  // A failed round (the store unreachable: PostgreSQL restarting) is logged and tried again at the next tick, never thrown.
  const timer = setInterval(() => void runOnce().catch((error: unknown) => deps.log.error(`key recovery: ${(error as Error)?.message ?? error}`)), deps.intervalMs ?? 15_000);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
