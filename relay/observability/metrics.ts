import { Counter, Gauge, Registry } from 'prom-client';
import { QUOTA_PER_USD } from '../billing/pricing.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import { channelGauges } from './channel-gauges.js';
import { IGNORED_CALL } from './observer.js';
import { PlainHistogram } from './plain-histogram.js';
import type { HistogramSeries } from './plain-histogram.js';
import type { AttemptEnd, AttemptWatch, CallEnd, CallObserver, CallWatch, ObservedCall } from './observer.js';

/** Distinct model names labelled before further ones are counted as `(other)`: the model comes from the client. */
const MAX_MODEL_LABELS = 500;
const OTHER_MODEL = '(other)';

/** Seconds: from a quick embeddings call to a long reasoning stream. */
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const FIRST_BYTE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

const CALL_LABELS = ['model', 'family', 'channel_id', 'channel'] as const;
type CallLabels = Record<(typeof CALL_LABELS)[number], string>;
const TOKEN_TYPES = ['input', 'output', 'cached'] as const;

/**
 * What the calls of one model, family and channel did. Counted in plain numbers on the call's
 * path and handed to prom-client at each scrape: its labelled `inc` costs microseconds a time.
 */
class Series {
  readonly calls = new Map<string, number>();
  /** By `status kind`. */
  readonly errors = new Map<string, number>();
  /** By `outcome status`. */
  readonly attempts = new Map<string, number>();
  readonly tokens = [0, 0, 0];
  costUsd = 0;
  /** Its upstream attempts' times, by outcome, and their first bytes. */
  readonly attemptOk: HistogramSeries;
  readonly attemptError: HistogramSeries;
  readonly firstByte: HistogramSeries;
  /** Whole calls' times by status (shared with the model's and family's other channels). */
  readonly callDurations = new Map<string, HistogramSeries>();

  constructor(
    readonly labels: CallLabels,
    histograms: RelayMetrics,
  ) {
    this.attemptOk = histograms.attemptDuration.series({ ...labels, outcome: 'ok' });
    this.attemptError = histograms.attemptDuration.series({ ...labels, outcome: 'error' });
    this.firstByte = histograms.firstByte.series(labels);
  }
}

function add(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** The two label values a series' count is kept under (`status kind`, `outcome status`). */
function halves(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/**
 * This relay instance's Prometheus metrics (prom-client, a registry of its own): what its calls
 * did, counted as they end, and the channels' health, read from the catalog and the cooldowns
 * at each scrape. Several instances (server mode) each count their own calls. Calls are counted
 * only while `counting()` says so (the setting `metrics_enabled`): off, a call costs one check.
 */
export class RelayMetrics implements CallObserver {
  readonly registry = new Registry();
  private readonly series = new Map<string, Series>();
  private readonly models = new Set<string>();
  private readonly streams = new Map<string, number>();
  private reservations = 0;
  /** Whole calls' times by `model family status`. */
  private readonly callDurations = new Map<string, HistogramSeries>();
  private readonly callDuration: PlainHistogram;
  readonly attemptDuration: PlainHistogram;
  readonly firstByte: PlainHistogram;

  constructor(
    catalog: Pick<CallCatalog, 'channels'>,
    cooldowns: Cooldowns,
    private readonly counting: () => boolean = () => true,
  ) {
    const registers = [this.registry];
    const all = this.series;
    const counter = (name: string, help: string, labelNames: readonly string[], read: (series: Series, put: (labels: Record<string, string>, value: number) => void) => void) =>
      new Counter({
        name,
        help,
        labelNames,
        registers,
        collect() {
          this.reset();
          for (const series of all.values()) read(series, (labels, value) => this.inc(labels, value));
        },
      });
    counter('relaydesk_calls_total', 'Model calls answered, by the HTTP status the client got (499: the client left first).', [...CALL_LABELS, 'status'], (s, put) => {
      for (const [status, n] of s.calls) put({ ...s.labels, status }, n);
    });
    counter('relaydesk_call_errors_total', 'Model calls that failed, or whose stream broke after the answer began, by error status and kind.', [...CALL_LABELS, 'status', 'kind'], (s, put) => {
      for (const [key, n] of s.errors) {
        const [status, kind] = halves(key);
        put({ ...s.labels, status, kind }, n);
      }
    });
    counter('relaydesk_tokens_total', 'Tokens of served calls: input (cached included), output (reasoning included) and cached input.', [...CALL_LABELS, 'type'], (s, put) => {
      TOKEN_TYPES.forEach((type, index) => s.tokens[index]! > 0 && put({ ...s.labels, type }, s.tokens[index]!));
    });
    counter('relaydesk_cost_usd_total', 'What served calls were charged, in USD.', CALL_LABELS, (s, put) => {
      if (s.costUsd > 0) put(s.labels, s.costUsd);
    });
    counter('relaydesk_upstream_attempts_total', 'Attempts sent upstream, by outcome (ok or error) and the upstream status (0: no answer).', [...CALL_LABELS, 'outcome', 'status'], (s, put) => {
      for (const [key, n] of s.attempts) {
        const [outcome, status] = halves(key);
        put({ ...s.labels, outcome, status }, n);
      }
    });
    this.callDuration = new PlainHistogram(this.registry, 'relaydesk_call_duration_seconds', 'Whole calls, from the request to the end of the answer.', DURATION_BUCKETS);
    this.attemptDuration = new PlainHistogram(this.registry, 'relaydesk_upstream_duration_seconds', 'Upstream attempts, from sending to the end of the answer (or the failure).', DURATION_BUCKETS);
    this.firstByte = new PlainHistogram(this.registry, 'relaydesk_upstream_first_byte_seconds', "Time to an answered attempt's first byte (for a stream, its first event), from sending.", FIRST_BYTE_BUCKETS);
    const streams = this.streams;
    new Gauge({
      name: 'relaydesk_open_streams',
      help: 'Streamed attempts in progress on this instance.',
      labelNames: ['family'],
      registers,
      collect() {
        this.reset();
        for (const [family, open] of streams) this.set({ family }, open);
      },
    });
    const reservations = () => this.reservations;
    new Gauge({
      name: 'relaydesk_open_reservations',
      help: "Quota reservations this instance holds for its calls in progress (a video task's, handed over to its poller, is not counted).",
      registers,
      collect() {
        this.set(reservations());
      },
    });
    channelGauges(registers, catalog, cooldowns);
  }

  begin(call: ObservedCall): CallWatch {
    return this.counting() ? new MetricsWatch(this, call, performance.now()) : IGNORED_CALL;
  }

  /** The series of a call now (its channel: the last one tried). */
  seriesOf(call: ObservedCall, channel: ChannelRecord | undefined): Series {
    const model = this.modelLabel(call.model);
    const key = channel ? `${model}\u0000${call.family}\u0000${channel.id}\u0000${channel.name}` : `${model}\u0000${call.family}`;
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = new Series({ model, family: call.family, channel_id: channel ? String(channel.id) : '', channel: channel?.name ?? '' }, this)));
    return series;
  }

  /** The call-duration series of `series`' model and family and `status`. */
  callDurationOf(series: Series, status: string): HistogramSeries {
    let durations = series.callDurations.get(status);
    if (durations) return durations;
    const { model, family } = series.labels;
    const key = `${model}\u0000${family}\u0000${status}`;
    durations = this.callDurations.get(key);
    if (!durations) this.callDurations.set(key, (durations = this.callDuration.series({ model, family, status })));
    series.callDurations.set(status, durations);
    return durations;
  }

  private modelLabel(model: string): string {
    if (this.models.has(model)) return model;
    if (this.models.size >= MAX_MODEL_LABELS) return OTHER_MODEL;
    this.models.add(model);
    return model;
  }

  streamOpened(family: string, by: number): void {
    this.streams.set(family, (this.streams.get(family) ?? 0) + by);
  }

  reservationOpened(by: number): void {
    this.reservations += by;
  }
}

class MetricsWatch implements CallWatch {
  private channel: ChannelRecord | undefined;
  /** The series of the last attempt that ended (the call's own, unless another attempt began since). */
  private series: Series | undefined;
  private held = false;
  private done = false;

  constructor(
    private readonly metrics: RelayMetrics,
    private readonly call: ObservedCall,
    private readonly startedAt: number,
  ) {}

  reserved(): void {
    this.held = true;
    this.metrics.reservationOpened(1);
  }

  attempt(channel: ChannelRecord): AttemptWatch {
    this.channel = channel;
    this.series = undefined;
    const { metrics, call } = this;
    const startedAt = performance.now();
    if (call.stream) metrics.streamOpened(call.family, 1);
    return {
      end: (outcome: AttemptEnd) => {
        if (call.stream) metrics.streamOpened(call.family, -1);
        const series = metrics.seriesOf(call, channel);
        if (this.channel === channel) this.series = series;
        add(series.attempts, outcome.ok ? 'ok 200' : `error ${outcome.status}`);
        (outcome.ok ? series.attemptOk : series.attemptError).observe((performance.now() - startedAt) / 1000);
        // The pipeline's first byte counts from the call's start; the upstream's from the attempt's.
        if (outcome.ok && outcome.firstByteMs > 0) series.firstByte.observe(Math.max(0, outcome.firstByteMs - (startedAt - this.startedAt)) / 1000);
      },
    };
  }

  end(result: CallEnd): void {
    if (this.done) return;
    this.done = true;
    const { metrics } = this;
    if (this.held) metrics.reservationOpened(-1);
    const series = this.series ?? metrics.seriesOf(this.call, this.channel);
    const status = String(result.status);
    add(series.calls, status);
    metrics.callDurationOf(series, status).observe((performance.now() - this.startedAt) / 1000);
    if (result.error) add(series.errors, `${result.error.status} ${result.error.kind}`);
    const usage = result.usage;
    if (usage) {
      series.tokens[0]! += usage.inputTokens;
      series.tokens[1]! += usage.outputTokens;
      series.tokens[2]! += usage.cachedInputTokens ?? 0;
    }
    series.costUsd += result.cost / QUOTA_PER_USD;
  }
}
