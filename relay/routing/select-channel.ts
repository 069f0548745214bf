import type { ChannelRecord } from '../store/schema.js';
import { ChannelStatus } from '../store/channels.js';

/** The enabled channels serving `model` for `group`. */
export function candidateChannels(channels: readonly ChannelRecord[], group: string, model: string): ChannelRecord[] {
  return channels.filter(
    (c) => c.status === ChannelStatus.enabled && c.models.includes(model) && (c.groups.length === 0 || c.groups.includes(group)),
  );
}

/**
 * The next channel to try: the highest priority among those not yet failed for this call,
 * weighted random inside that priority (weight 0 counts as 1 so no channel starves).
 */
export function pickChannel(
  candidates: readonly ChannelRecord[],
  excluded: ReadonlySet<number>,
  random: () => number = Math.random,
): ChannelRecord | undefined {
  const remaining = candidates.filter((c) => !excluded.has(c.id));
  if (remaining.length === 0) return undefined;
  const top = Math.max(...remaining.map((c) => c.priority));
  const tier = remaining.filter((c) => c.priority === top);
  const weights = tier.map((c) => Math.max(1, c.weight));
  let roll = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < tier.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return tier[i];
  }
  return tier[tier.length - 1];
}

/** The upstream name of `model` on this channel. */
export function mapModel(channel: ChannelRecord, model: string): string {
  const mapped = channel.model_mapping[model];
  return typeof mapped === 'string' && mapped !== '' ? mapped : model;
}
