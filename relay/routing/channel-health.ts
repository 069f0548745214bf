import { ChannelStatus } from '../store/channels.js';
import type { ChannelKeyState, ChannelRecord } from '../store/schema.js';

const MAX_COOL_DOWN_MS = 3600_000;

type ChannelFields = Omit<ChannelRecord, 'id' | 'used_quota'>;
type HealthFields = Pick<ChannelFields, 'key_states' | 'status' | 'status_reason' | 'status_changed_at'>;

/**
 * What changes a channel's health: the hot path's ChannelStore, whose `update` hands the
 * stored record to change in place, or the ChannelRepo port, whose `update` hands a copy
 * and stores the fields answered. A health change does both, so either store keeps it.
 */
export interface ChannelHealthWriter {
  update(id: number, change: (channel: ChannelFields) => Partial<ChannelFields>): Promise<unknown>;
}

/** `fields` of `channel` changed in place and answered (see ChannelHealthWriter). */
function applied(channel: ChannelFields, fields: Partial<HealthFields>): Partial<HealthFields> {
  Object.assign(channel, fields);
  return fields;
}

function withKeyState(states: readonly ChannelKeyState[], index: number, state: ChannelKeyState): ChannelKeyState[] {
  return states.map((current, i) => (i === index ? state : current));
}

/**
 * A key that proved unusable (401/403, exhausted account) is disabled with its reason and
 * a time for its recovery probe; a channel whose every key is disabled is disabled too.
 */
export async function disableKey(channels: ChannelHealthWriter, channel: ChannelRecord, keyIndex: number, reason: string, coolDownMs: number, now = Date.now()): Promise<void> {
  await channels.update(channel.id, (c) => {
    const current = c.key_states[keyIndex];
    if (!current) return {};
    const failures = current.failures + 1;
    const state: ChannelKeyState = {
      ...current,
      failures,
      status: ChannelStatus.autoDisabled,
      reason: reason.slice(0, 500),
      disabled_at: now,
      retry_at: now + Math.min(MAX_COOL_DOWN_MS, coolDownMs * 2 ** Math.min(failures - 1, 6)),
    };
    const keyStates = withKeyState(c.key_states, keyIndex, state);
    if (keyStates.some((k) => k.status === ChannelStatus.enabled)) return applied(c, { key_states: keyStates });
    const statusReason = c.key_count > 1 ? `every key is disabled; last: ${state.reason}` : state.reason;
    return applied(c, { key_states: keyStates, status: ChannelStatus.autoDisabled, status_reason: statusReason, status_changed_at: now });
  });
}

/** A probe (or a call) succeeded with this key: it, and its channel if automatically disabled, are enabled again. */
export async function enableKey(channels: ChannelHealthWriter, channel: ChannelRecord, keyIndex: number, now = Date.now()): Promise<void> {
  await channels.update(channel.id, (c) => {
    const current = c.key_states[keyIndex];
    const fields: Partial<HealthFields> = {};
    if (current) fields.key_states = withKeyState(c.key_states, keyIndex, { ...current, status: ChannelStatus.enabled, reason: '', disabled_at: 0, retry_at: 0, failures: 0 });
    if (c.status === ChannelStatus.autoDisabled) Object.assign(fields, { status: ChannelStatus.enabled, status_reason: '', status_changed_at: now });
    return applied(c, fields);
  });
}
