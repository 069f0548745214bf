import type { ChannelStore } from '../store/channels.js';
import { ChannelStatus } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';

const MAX_COOL_DOWN_MS = 3600_000;

/**
 * A key that proved unusable (401/403, exhausted account) is disabled with its reason and
 * a time for its recovery probe; a channel whose every key is disabled is disabled too.
 */
export async function disableKey(channels: ChannelStore, channel: ChannelRecord, keyIndex: number, reason: string, coolDownMs: number, now = Date.now()): Promise<void> {
  await channels.update(channel.id, (c) => {
    const state = c.key_states[keyIndex];
    if (!state) return;
    state.failures += 1;
    state.status = ChannelStatus.autoDisabled;
    state.reason = reason.slice(0, 500);
    state.disabled_at = now;
    state.retry_at = now + Math.min(MAX_COOL_DOWN_MS, coolDownMs * 2 ** Math.min(state.failures - 1, 6));
    if (c.key_states.every((k) => k.status !== ChannelStatus.enabled)) {
      c.status = ChannelStatus.autoDisabled;
      c.status_reason = c.key_count > 1 ? `every key is disabled; last: ${state.reason}` : state.reason;
      c.status_changed_at = now;
    }
  });
}

/** A probe (or a call) succeeded with this key: it, and its channel if automatically disabled, are enabled again. */
export async function enableKey(channels: ChannelStore, channel: ChannelRecord, keyIndex: number, now = Date.now()): Promise<void> {
  await channels.update(channel.id, (c) => {
    const state = c.key_states[keyIndex];
    if (state) Object.assign(state, { status: ChannelStatus.enabled, reason: '', disabled_at: 0, retry_at: 0, failures: 0 });
    if (c.status === ChannelStatus.autoDisabled) {
      c.status = ChannelStatus.enabled;
      c.status_reason = '';
      c.status_changed_at = now;
    }
  });
}
