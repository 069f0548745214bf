import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import { channelCooldown, type Cooldowns } from '../routing/cooldowns.js';
import { ChannelStatus } from '../store/channels.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';

const CHANNEL_LABELS = ['channel_id', 'channel'] as const;

const CHANNEL_STATES: ReadonlyArray<[string, number]> = [
  ['enabled', ChannelStatus.enabled],
  ['manually_disabled', ChannelStatus.manuallyDisabled],
  ['auto_disabled', ChannelStatus.autoDisabled],
];

/** The channels' health, read at each scrape: state, keys, and how long each still cools down. */
export function channelGauges(prom: typeof PromClient, registers: Registry[], catalog: Pick<CallCatalog, 'channels'>, cooldowns: Cooldowns): void {
  const labelsOf = (channel: ChannelRecord) => ({ channel_id: String(channel.id), channel: channel.name });
  new prom.Gauge({
    name: 'relaydesk_channel_status',
    help: 'A channel\'s state: 1 for the state it is in (enabled, manually_disabled, auto_disabled), 0 for the others.',
    labelNames: [...CHANNEL_LABELS, 'state'],
    registers,
    collect() {
      this.reset();
      for (const channel of catalog.channels()) for (const [state, status] of CHANNEL_STATES) this.set({ ...labelsOf(channel), state }, channel.status === status ? 1 : 0);
    },
  });
  new prom.Gauge({
    name: 'relaydesk_channel_keys',
    help: "A channel's keys by state: enabled, disabled (manually or automatically) and cooling (enabled, skipped for now after a rate limit).",
    labelNames: [...CHANNEL_LABELS, 'state'],
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const channel of catalog.channels()) {
        let enabled = 0;
        let cooling = 0;
        for (let index = 0; index < channel.key_count; index++) {
          const state = channel.key_states[index];
          if (state && state.status !== ChannelStatus.enabled) continue;
          enabled++;
          if (cooldowns.get({ channelId: channel.id, keyIndex: index }).until > now) cooling++;
        }
        const labels = labelsOf(channel);
        this.set({ ...labels, state: 'enabled' }, enabled);
        this.set({ ...labels, state: 'disabled' }, channel.key_count - enabled);
        this.set({ ...labels, state: 'cooling' }, cooling);
      }
    },
  });
  new prom.Gauge({
    name: 'relaydesk_channel_cooldown_seconds',
    help: 'Seconds until routing tries a channel again after retryable failures (0: usable now); as this instance sees it.',
    labelNames: CHANNEL_LABELS,
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const channel of catalog.channels()) this.set(labelsOf(channel), Math.max(0, channelCooldown(cooldowns, channel, now).until - now) / 1000);
    },
  });
}
