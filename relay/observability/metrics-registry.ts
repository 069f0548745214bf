import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { CallCatalog } from '../store/ports.js';
import { channelGauges } from './channel-gauges.js';
import type { PlainHistogram } from './plain-histogram.js';

export const CALL_LABELS = ['model', 'family', 'channel_id', 'channel'] as const;
export type CallLabels = Record<(typeof CALL_LABELS)[number], string>;
const TOKEN_TYPES = ['input', 'output', 'cached'] as const;

/** What one series counted, as the registry reads it at a scrape (metrics.ts Series). */
export interface CountedSeries {
  readonly labels: CallLabels;
  readonly calls: ReadonlyMap<string, number>;
  /** By `status kind`. */
  readonly errors: ReadonlyMap<string, number>;
  /** By `outcome status`. */
  readonly attempts: ReadonlyMap<string, number>;
  /** Input, output and cached tokens. */
  readonly tokens: readonly number[];
  readonly costUsd: number;
}

/** What the registry reads of the relay's metrics at each scrape. */
export interface MetricsSource {
  series(): Iterable<CountedSeries>;
  /** Open streamed attempts by family. */
  streams(): ReadonlyMap<string, number>;
  reservations(): number;
  histograms: readonly PlainHistogram[];
  catalog: Pick<CallCatalog, 'channels'>;
  cooldowns: Cooldowns;
}

/** The two label values a series' count is kept under (`status kind`, `outcome status`). */
function halves(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** A prom-client registry of its own over `source`: every value is read from it at a scrape. */
export function metricsRegistry(prom: typeof PromClient, source: MetricsSource): Registry {
  const registry = new prom.Registry();
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: readonly string[], read: (series: CountedSeries, put: (labels: Record<string, string>, value: number) => void) => void) =>
    new prom.Counter({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const series of source.series()) read(series, (labels, value) => this.inc(labels, value));
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
  for (const histogram of source.histograms) histogram.register(registry);
  new prom.Gauge({
    name: 'relaydesk_open_streams',
    help: 'Streamed attempts in progress on this instance.',
    labelNames: ['family'],
    registers,
    collect() {
      this.reset();
      for (const [family, open] of source.streams()) this.set({ family }, open);
    },
  });
  new prom.Gauge({
    name: 'relaydesk_open_reservations',
    help: "Quota reservations this instance holds for its calls in progress (a video task's, handed over to its poller, is not counted).",
    registers,
    collect() {
      this.set(source.reservations());
    },
  });
  channelGauges(prom, registers, source.catalog, source.cooldowns);
  return registry;
}
