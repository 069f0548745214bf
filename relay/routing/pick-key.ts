import type { ChannelRecord } from '../store/schema.js';

/**
 * A usable key index of a channel, skipping keys disabled or already failed for this call:
 * random, or round-robin (`polling`) with a per-channel cursor kept by the caller.
 */
export function pickKey(
  channel: ChannelRecord,
  failed: ReadonlySet<number>,
  cursors: Map<number, number>,
  random: () => number = Math.random,
): number | undefined {
  const usable: number[] = [];
  for (let i = 0; i < channel.key_count; i++) {
    const state = channel.key_states[i];
    if ((!state || state.status === 1) && !failed.has(i)) usable.push(i);
  }
  if (usable.length === 0) return undefined;
  if (channel.key_mode === 'polling') {
    const cursor = cursors.get(channel.id) ?? 0;
    cursors.set(channel.id, cursor + 1);
    return usable[cursor % usable.length];
  }
  return usable[Math.floor(random() * usable.length)];
}
