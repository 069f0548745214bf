import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QUOTA_PER_USD } from '../billing/pricing.js';
import { channelCooldown, type Cooldowns } from '../routing/cooldowns.js';
import { ChannelStatus } from '../store/channels.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import type { AttemptEnd, AttemptWatch, CallEnd, CallObserver, CallWatch, ObservedCall } from './observer.js';

/** Distinct model names labelled before further ones are counted as `(other)`: the model comes from the client. */
const MAX_MODEL_LABELS = 500;
const OTHER_MODEL = '(other)';

/** Seconds: from a quick embeddings call to a long reasoning stream. */
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const FIRST_BYTE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

const CALL_LABELS = ['model', 'family', 'channel_id', 'channel'] as const;
type CallLabels = Record<(typeof CALL_LABELS)[number], string>;
const CHANNEL_LABELS = ['channel_id', 'channel'] as const;

const CHANNEL_STATES: ReadonlyArray<[string, number]> = [
  ['enabled', ChannelStatus.enabled],
  ['manually_disabled', ChannelStatus.manuallyDisabled],
  ['auto_disabled', ChannelStatus.autoDisabled],
];

/**
 * This relay instance's Prometheus metrics (prom-client, a registry of its own): what its calls
 * did, counted as they end, and the channels' health, read from the catalog and the cooldowns
 * at each scrape. Several instances (server mode) each count their own calls.
 */
export class RelayMetrics implements CallObserver {
  readonly registry = new Registry();
  private readonly models = new Set<string>();
  private readonly calls: Counter<string>;
  private readonly errors: Counter<string>;
  private readonly tokens: Counter<string>;
  private readonly cost: Counter<string>;
  private readonly callDuration: Histogram<string>;
  private readonly attempts: Counter<string>;
  private readonly attemptDuration: Histogram<string>;
  private readonly firstByte: Histogram<string>;
  private readonly openStreams: Gauge<string>;
  private readonly openReservations: Gauge<string>;

  constructor(catalog: Pick<CallCatalog, 'channels'>, cooldowns: Cooldowns) {
    const registers = [this.registry];
    this.calls = new Counter({ name: 'relaydesk_calls_total', help: 'Model calls answered, by the HTTP status the client got (499: the client left first).', labelNames: [...CALL_LABELS, 'status'], registers });
    this.errors = new Counter({ name: 'relaydesk_call_errors_total', help: 'Model calls that failed, or whose stream broke after the answer began, by error status and kind.', labelNames: [...CALL_LABELS, 'status', 'kind'], registers });
    this.tokens = new Counter({ name: 'relaydesk_tokens_total', help: 'Tokens of served calls: input (cached included), output (reasoning included) and cached input.', labelNames: [...CALL_LABELS, 'type'], registers });
    this.cost = new Counter({ name: 'relaydesk_cost_usd_total', help: 'What served calls were charged, in USD.', labelNames: CALL_LABELS, registers });
    this.callDuration = new Histogram({ name: 'relaydesk_call_duration_seconds', help: 'Whole calls, from the request to the end of the answer.', labelNames: ['model', 'family', 'status'], buckets: DURATION_BUCKETS, registers });
    this.attempts = new Counter({ name: 'relaydesk_upstream_attempts_total', help: 'Attempts sent upstream, by outcome (ok or error) and the upstream status (0: no answer).', labelNames: [...CALL_LABELS, 'outcome', 'status'], registers });
    this.attemptDuration = new Histogram({ name: 'relaydesk_upstream_duration_seconds', help: 'Upstream attempts, from sending to the end of the answer (or the failure).', labelNames: [...CALL_LABELS, 'outcome'], buckets: DURATION_BUCKETS, registers });
    this.firstByte = new Histogram({ name: 'relaydesk_upstream_first_byte_seconds', help: "Time to the answer's first byte (for a stream, its first event), from the call's start; answered attempts.", labelNames: CALL_LABELS, buckets: FIRST_BYTE_BUCKETS, registers });
    this.openStreams = new Gauge({ name: 'relaydesk_open_streams', help: 'Streamed attempts in progress on this instance.', labelNames: ['family'], registers });
    this.openReservations = new Gauge({ name: 'relaydesk_open_reservations', help: "Quota reservations this instance holds for its calls in progress (a video task's, handed over to its poller, is not counted).", registers });
    channelGauges(registers, catalog, cooldowns);
  }

  begin(call: ObservedCall): CallWatch {
    return new MetricsWatch(this, call, performance.now());
  }

  /** The labels of a call now (its channel: the last one tried). */
  labels(call: ObservedCall, channel: ChannelRecord | undefined): CallLabels {
    return { model: this.modelLabel(call.model), family: call.family, channel_id: channel ? String(channel.id) : '', channel: channel?.name ?? '' };
  }

  private modelLabel(model: string): string {
    if (this.models.has(model)) return model;
    if (this.models.size >= MAX_MODEL_LABELS) return OTHER_MODEL;
    this.models.add(model);
    return model;
  }

  /** An attempt is sent (a stream is open until it ends); answers what counts its end. */
  recordAttempt(labels: CallLabels, stream: boolean, family: string): (outcome: AttemptEnd, callStartedAt: number, startedAt: number) => void {
    if (stream) this.openStreams.inc({ family });
    return (outcome, callStartedAt, startedAt) => {
      if (stream) this.openStreams.dec({ family });
      const result = outcome.ok ? 'ok' : 'error';
      this.attempts.inc({ ...labels, outcome: result, status: outcome.ok ? '200' : String(outcome.status) });
      this.attemptDuration.observe({ ...labels, outcome: result }, (performance.now() - startedAt) / 1000);
      // The pipeline's first byte counts from the call's start; the upstream's from the attempt's.
      if (outcome.ok && outcome.firstByteMs > 0) this.firstByte.observe(labels, Math.max(0, outcome.firstByteMs - (startedAt - callStartedAt)) / 1000);
    };
  }

  recordCall(labels: CallLabels, result: CallEnd, seconds: number, reserved: boolean): void {
    if (reserved) this.openReservations.dec();
    const status = String(result.status);
    this.calls.inc({ ...labels, status });
    this.callDuration.observe({ model: labels.model, family: labels.family, status }, seconds);
    if (result.error) this.errors.inc({ ...labels, status: String(result.error.status), kind: result.error.kind });
    const usage = result.usage;
    if (usage) {
      if (usage.inputTokens > 0) this.tokens.inc({ ...labels, type: 'input' }, usage.inputTokens);
      if (usage.outputTokens > 0) this.tokens.inc({ ...labels, type: 'output' }, usage.outputTokens);
      if (usage.cachedInputTokens) this.tokens.inc({ ...labels, type: 'cached' }, usage.cachedInputTokens);
    }
    if (result.cost > 0) this.cost.inc(labels, result.cost / QUOTA_PER_USD);
  }

  reservationOpened(): void {
    this.openReservations.inc();
  }
}

class MetricsWatch implements CallWatch {
  private channel: ChannelRecord | undefined;
  private held = false;
  private done = false;

  constructor(
    private readonly metrics: RelayMetrics,
    private readonly call: ObservedCall,
    private readonly startedAt: number,
  ) {}

  reserved(): void {
    this.held = true;
    this.metrics.reservationOpened();
  }

  attempt(channel: ChannelRecord): AttemptWatch {
    this.channel = channel;
    const startedAt = performance.now();
    const ended = this.metrics.recordAttempt(this.metrics.labels(this.call, channel), this.call.stream, this.call.family);
    return { end: (outcome) => ended(outcome, this.startedAt, startedAt) };
  }

  end(result: CallEnd): void {
    if (this.done) return;
    this.done = true;
    this.metrics.recordCall(this.metrics.labels(this.call, this.channel), result, (performance.now() - this.startedAt) / 1000, this.held);
  }
}

/** The channels' health, read at each scrape: state, keys, and how long each still cools down. */
function channelGauges(registers: Registry[], catalog: Pick<CallCatalog, 'channels'>, cooldowns: Cooldowns): void {
  const labelsOf = (channel: ChannelRecord) => ({ channel_id: String(channel.id), channel: channel.name });
  new Gauge({
    name: 'relaydesk_channel_status',
    help: 'A channel\'s state: 1 for the state it is in (enabled, manually_disabled, auto_disabled), 0 for the others.',
    labelNames: [...CHANNEL_LABELS, 'state'],
    registers,
    collect() {
      this.reset();
      for (const channel of catalog.channels()) for (const [state, status] of CHANNEL_STATES) this.set({ ...labelsOf(channel), state }, channel.status === status ? 1 : 0);
    },
  });
  new Gauge({
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
  new Gauge({
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
