// Latency percentiles for the dashboard: p50/p95/p99 of successful calls' total time and time
// to first byte, overall and per local day.
//
// The embedded store keeps, in each hourly row, a log-scale histogram of each: bucket i holds
// the times in [2^((i-1)/8), 2^(i/8)) ms (bucket 0: 0 ms), stored sparsely ({"i": count}).
// Histograms add up, so any range of hours and any filter the rows answer merge exactly; a
// percentile read from one is the middle of the bucket holding that rank, within 4.5% of the
// true value (a whole number of ms below 10 ms is exact), and 1 h fits in about 190 buckets.
// PostgreSQL computes them exactly from the log table instead (postgres/stats-store.ts).

/** Sparse counts per bucket index. */
export type Histogram = Record<string, number>;

export interface LatencyHistograms {
  total: Histogram;
  first_byte: Histogram;
}

/** Milliseconds; null when no call was measured. */
export interface Percentiles {
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface LatencySummary {
  /** Successful calls measured. */
  calls: number;
  total_ms: Percentiles;
  first_byte_ms: Percentiles;
}

export interface LatencyReport {
  overall: LatencySummary;
  /** Local days (`YYYY-MM-DD` in the asked time zone) with calls, oldest first. */
  days: (LatencySummary & { day: string })[];
}

/** A statistics query's filters, and how to cut days. */
export interface LatencyQuery {
  /** ms: hours starting at or after the hour holding it. */
  start?: number;
  /** ms, exclusive: hours starting before it. */
  end?: number;
  user_id?: number;
  /** Exact username as logged (a deleted user's calls). */
  username?: string;
  model?: string;
  family?: string;
  /** IANA time zone the days are cut in (default UTC). */
  time_zone?: string;
}

const STEPS_PER_DOUBLING = 8;

export function bucketOf(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.max(1, 1 + Math.floor(Math.log2(ms) * STEPS_PER_DOUBLING));
}

/** The value a bucket stands for: the geometric middle of its bounds, to the ms. */
function bucketValue(index: number): number {
  if (index === 0) return 0;
  const middle = 2 ** ((index - 0.5) / STEPS_PER_DOUBLING);
  return middle < 1 ? 1 : Math.round(middle);
}

export function addSample(histogram: Histogram, ms: number): void {
  const key = String(bucketOf(ms));
  histogram[key] = (histogram[key] ?? 0) + 1;
}

function mergeHistogram(into: Histogram, from: Histogram): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

export function emptyHistograms(): LatencyHistograms {
  return { total: {}, first_byte: {} };
}

export function mergeHistograms(into: LatencyHistograms, from: LatencyHistograms): void {
  mergeHistogram(into.total, from.total);
  mergeHistogram(into.first_byte, from.first_byte);
}

/** A stored histogram pair (anything unreadable in it left out). */
export function readHistograms(value: unknown): LatencyHistograms {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { total: readHistogram(v.total), first_byte: readHistogram(v.first_byte) };
}

function readHistogram(value: unknown): Histogram {
  const out: Histogram = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, count] of Object.entries(value)) {
    if (/^\d{1,4}$/.test(key) && typeof count === 'number' && Number.isFinite(count) && count > 0) out[key] = count;
  }
  return out;
}

/** Nearest-rank percentiles of a histogram. */
export function histogramPercentiles(histogram: Histogram): Percentiles {
  const buckets = Object.entries(histogram)
    .map(([key, count]) => [Number(key), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  const at = (q: number): number | null => {
    if (total === 0) return null;
    const rank = Math.max(1, Math.ceil(q * total));
    let seen = 0;
    for (const [index, count] of buckets) {
      seen += count;
      if (seen >= rank) return bucketValue(index);
    }
    return bucketValue(buckets[buckets.length - 1]![0]);
  };
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function summaryOf(histograms: LatencyHistograms): LatencySummary {
  const calls = Object.values(histograms.total).reduce((sum, count) => sum + count, 0);
  return { calls, total_ms: histogramPercentiles(histograms.total), first_byte_ms: histogramPercentiles(histograms.first_byte) };
}

/** `YYYY-MM-DD` of a time in a time zone; throws RangeError for a zone the runtime does not know. */
export function dayFormatter(timeZone = 'UTC'): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const known = new Map<number, string>(); // rows share few hours: format each once
  return (ms) => {
    let day = known.get(ms);
    if (day === undefined) {
      const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
      day = `${parts.year}-${parts.month}-${parts.day}`;
      if (known.size < 20_000) known.set(ms, day);
    }
    return day;
  };
}

/** The embedded store's report: the rows' histograms merged per local day (an hour goes to the day it starts in). */
export function latencyOfRows(rows: readonly { hour: number; latency?: LatencyHistograms }[], timeZone?: string): LatencyReport {
  const dayOf = dayFormatter(timeZone);
  const overall = emptyHistograms();
  const days = new Map<string, LatencyHistograms>();
  for (const row of rows) {
    if (!row.latency) continue;
    mergeHistograms(overall, row.latency);
    const day = dayOf(row.hour);
    let merged = days.get(day);
    if (!merged) days.set(day, (merged = emptyHistograms()));
    mergeHistograms(merged, row.latency);
  }
  return {
    overall: summaryOf(overall),
    days: [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, histograms]) => ({ day, ...summaryOf(histograms) })),
  };
}
