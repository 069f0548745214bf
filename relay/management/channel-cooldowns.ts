import { channelCooldown } from '../routing/cooldowns.js';
import type { CooldownState, Cooldowns } from '../routing/cooldowns.js';
import type { ChannelRecord } from '../store/schema.js';

/** A cooldown as the channel API answers it (`cooldown_until` 0 once it has passed). */
function cooldownFields(state: CooldownState, now: number): { cooldown_until: number; cooldown_failures: number } {
  return { cooldown_until: state.until > now ? state.until : 0, cooldown_failures: state.failures };
}

/** What routing thinks of one key of a channel right now. */
export function keyCooldownFields(cooldowns: Cooldowns, channelId: number, keyIndex: number, now: number) {
  return cooldownFields(cooldowns.get({ channelId, keyIndex }), now);
}

/** What routing thinks of a channel right now: its own cooldown, or its keys' when every one is cooling. */
export function channelCooldownFields(cooldowns: Cooldowns, channel: ChannelRecord, now: number) {
  return cooldownFields(channelCooldown(cooldowns, channel, now), now);
}

/** A channel as answered (never its keys), with its cooldown and each key's. */
export function channelView(cooldowns: Cooldowns, channel: ChannelRecord, now = Date.now()) {
  return {
    ...channel,
    ...channelCooldownFields(cooldowns, channel, now),
    key_states: channel.key_states.map((state, index) => ({ ...state, ...keyCooldownFields(cooldowns, channel.id, index, now) })),
  };
}
