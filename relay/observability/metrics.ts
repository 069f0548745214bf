import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import { QUOTA_PER_USD } from '../billing/pricing.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { CallCatalog } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import { metricsRegistry } from './metrics-registry.js';
import type { CallLabels, CountedSeries } from './metrics-registry.js';
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

const load = createRequire(import.meta.url);

/**
 * What the calls of one model, family and channel did. Counted in plain numbers on the call's
 * path and handed to prom-client at each scrape: its labelled `inc` costs microseconds a time.
 */
class Series implements CountedSeries {
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

/**
 * This relay instance's Prometheus metrics (prom-client, a registry of its own): what its calls
 * did, counted as they end, and the channels' health, read from the catalog and the cooldowns
 * at each scrape. Several instances (server mode) each count their own calls. Calls are counted
 * only while `counting()` says so (the setting `metrics_enabled`): off, a call costs one check.
 */
export class RelayMetrics implements CallObserver {
  private built: Registry | undefined;
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
    private readonly catalog: Pick<CallCatalog, 'channels'>,
    private readonly cooldowns: Cooldowns,
    private readonly counting: () => boolean = () => true,
  ) {
    this.callDuration = new PlainHistogram('relaydesk_call_duration_seconds', 'Whole calls, from the request to the end of the answer.', DURATION_BUCKETS);
    this.attemptDuration = new PlainHistogram('relaydesk_upstream_duration_seconds', 'Upstream attempts, from sending to the end of the answer (or the failure).', DURATION_BUCKETS);
    this.firstByte = new PlainHistogram('relaydesk_upstream_first_byte_seconds', "Time to an answered attempt's first byte (for a stream, its first event), from sending.", FIRST_BYTE_BUCKETS);
  }

  /**
   * The Prometheus registry, made at the first scrape: prom-client (~2 MB of heap) is loaded
   * then, not by a relay whose metrics stay off. Calls are counted in plain numbers meanwhile.
   */
  get registry(): Registry {
    return (this.built ??= metricsRegistry(load('prom-client') as typeof PromClient, {
      series: () => this.series.values(),
      streams: () => this.streams,
      reservations: () => this.reservations,
      histograms: [this.callDuration, this.attemptDuration, this.firstByte],
      catalog: this.catalog,
      cooldowns: this.cooldowns,
    }));
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
