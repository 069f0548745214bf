import type { CallFamily } from '../ir/call-family.js';
import { RelayError } from '../ir/relay-error.js';
import { servedFamilies } from '../providers/channel-facts.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import { routeModel } from '../routing/select-channel.js';
import type { ChannelRecord } from '../store/schema.js';

/**
 * The channels a call of `family` for `model` may try, or the error saying why there are
 * none: 404 `model_not_found` when no channel serves it for that family (as a provider
 * answers for a model it does not have), 503 when its channels are all disabled or cooling down (with `Retry-After`:
 * when the first is tried again).
 */
export function channelsForModel(
  channels: readonly ChannelRecord[],
  cooldowns: Cooldowns,
  group: string,
  model: string,
  family: CallFamily,
  now = Date.now(),
): ChannelRecord[] {
  const route = routeModel(channels, { group, model, family, familiesOf: servedFamilies }, cooldowns, now);
  if (route.kind === 'channels') return route.channels;
  if (route.kind === 'unknown-model') {
    const forFamily = family === 'chat' ? '' : ` for ${family}`;
    throw new RelayError(404, 'not_found', `The model ${model} does not exist, or no channel serves it${forFamily} to the group ${group}.`, 'model_not_found');
  }
  if (route.until === 0) throw new RelayError(503, 'overloaded', `Every channel serving ${model} is disabled right now.`, 'no_available_channel');
  const seconds = Math.max(1, Math.ceil((route.until - now) / 1000));
  throw new RelayError(
    503,
    'overloaded',
    `Every channel serving ${model} failed recently and is cooling down; the first is tried again in ${seconds} s.`,
    'channels_cooling_down',
    '',
    { 'retry-after': String(seconds) },
  );
}
