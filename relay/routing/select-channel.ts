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

function servingChannels(channels: readonly ChannelRecord[], need: ChannelNeed): ChannelRecord[] {
  return channels.filter((c) => serves(c, need));
}

function serves(channel: ChannelRecord, { group, model, family, familiesOf }: ChannelNeed): boolean {
  return channel.models.includes(model) && (channel.groups.length === 0 || channel.groups.includes(group)) && (family === undefined || familiesOf(channel).includes(family));
}

/** Where a call for `model` may go: the channels to try, or why there are none. */
export type ModelRoute =
  | { kind: 'channels'; channels: ChannelRecord[] }
  /** No channel, enabled or not, serves the model for the group and family. */
  | { kind: 'unknown-model' }
  /** Channels serve it, but every one is disabled (`until` 0) or cooling down until `until` at the earliest. */
  | { kind: 'unavailable'; until: number };

/**
 * The enabled channels serving `need`, leaving out those cooling down after recent failures.
 * One pass, no intermediate arrays: it runs on every call.
 */
export function routeModel(channels: readonly ChannelRecord[], need: ChannelNeed, cooldowns: Cooldowns, now = Date.now()): ModelRoute {
  let serving = false;
  let enabled = false;
  let ready: ChannelRecord[] | undefined;
  let until = Infinity;
  for (const channel of channels) {
    if (!serves(channel, need)) continue;
    serving = true;
    if (channel.status !== ChannelStatus.enabled) continue;
    enabled = true;
    const cooling = channelCooldown(cooldowns, channel, now).until;
    if (cooling === 0) (ready ??= []).push(channel);
    else if (cooling < until) until = cooling;
  }
  if (!serving) return { kind: 'unknown-model' };
  if (ready) return { kind: 'channels', channels: ready };
  return { kind: 'unavailable', until: enabled ? until : 0 };
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
  let top = -Infinity;
  let total = 0;
  for (const channel of candidates) {
    if (excluded.has(channel.id)) continue;
    if (channel.priority > top) {
      top = channel.priority;
      total = 0;
    }
    if (channel.priority === top) total += Math.max(1, channel.weight);
  }
  if (total === 0) return undefined;
  let roll = random() * total;
  let last: ChannelRecord | undefined;
  for (const channel of candidates) {
    if (excluded.has(channel.id) || channel.priority !== top) continue;
    last = channel;
    roll -= Math.max(1, channel.weight);
    if (roll < 0) return channel;
  }
  return last;
}

/** The upstream name of `model` on this channel. */
export function mapModel(channel: ChannelRecord, model: string): string {
  const mapped = channel.model_mapping[model];
  return typeof mapped === 'string' && mapped !== '' ? mapped : model;
}
