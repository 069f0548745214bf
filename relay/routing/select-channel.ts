import type { CallFamily } from '../ir/call-family.js';
import type { ChannelRecord } from '../store/schema.js';
import { ChannelStatus } from '../store/channels.js';
import { channelCooldown } from './cooldowns.js';
import type { Cooldowns } from './cooldowns.js';

/** What a call asks of a channel. */
export interface ChannelNeed {
  group: string;
  model: string;
  /** The call's family; undefined: any (the model lists show every model a key may call). */
  family: CallFamily | undefined;
  /** The families a channel serves: its own list, else its type's defaults (routing knows no channel types). */
  familiesOf: (channel: ChannelRecord) => readonly CallFamily[];
}

/** The enabled channels serving `need`'s model for its group and family. */
export function candidateChannels(channels: readonly ChannelRecord[], need: ChannelNeed): ChannelRecord[] {
  return servingChannels(channels, need).filter((c) => c.status === ChannelStatus.enabled);
}

function servingChannels(channels: readonly ChannelRecord[], { group, model, family, familiesOf }: ChannelNeed): ChannelRecord[] {
  return channels.filter(
    (c) => c.models.includes(model) && (c.groups.length === 0 || c.groups.includes(group)) && (family === undefined || familiesOf(c).includes(family)),
  );
}

/** Where a call for `model` may go: the channels to try, or why there are none. */
export type ModelRoute =
  | { kind: 'channels'; channels: ChannelRecord[] }
  /** No channel, enabled or not, serves the model for the group and family. */
  | { kind: 'unknown-model' }
  /** Channels serve it, but every one is disabled (`until` 0) or cooling down until `until` at the earliest. */
  | { kind: 'unavailable'; until: number };

/** The enabled channels serving `need`, leaving out those cooling down after recent failures. */
export function routeModel(channels: readonly ChannelRecord[], need: ChannelNeed, cooldowns: Cooldowns, now = Date.now()): ModelRoute {
  const serving = servingChannels(channels, need);
  if (serving.length === 0) return { kind: 'unknown-model' };
  const ends = serving.filter((c) => c.status === ChannelStatus.enabled).map((c) => ({ channel: c, until: channelCooldown(cooldowns, c, now).until }));
  const ready = ends.filter((e) => e.until === 0).map((e) => e.channel);
  if (ready.length > 0) return { kind: 'channels', channels: ready };
  return { kind: 'unavailable', until: ends.length > 0 ? Math.min(...ends.map((e) => e.until)) : 0 };
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
