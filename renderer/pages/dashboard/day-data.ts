// Data shaping for the day-grouped dashboard (7 and 30 days, custom ranges) and the figures
// every range shows: error rate, latency percentiles, the top keys, users, channels and
// models. No React here.
import { numberFormat } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';
import type { UsageData } from '../../api/stats.js';
import type { TimePoint } from './chart-data.js';

export type DayPoint = UsageData['days'][number];
export type Percentiles = UsageData['latency']['total_ms'];

const DAY_S = 86_400;

/** The browser's IANA time zone: the API cuts days in it, so they are the user's days. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Ranges longer than two days are drawn per day; shorter ones per hour. */
export function groupsByDay(start: number, end: number): boolean {
  return end - start > 2 * DAY_S;
}

/** Local midnight of a `YYYY-MM-DD` day, Unix seconds. */
export function dayTime(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Math.floor(new Date(year!, month! - 1, date!).getTime() / 1000);
}

/** The full name of a day, for tooltips and the data tables: "Sat, Nov 21". */
export function dayLabel(time: number): string {
  return new Date(time * 1000).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** One point per local day of the range, days the API did not list as 0 (or null for `value` answering null). */
export function fillDays<V extends number | null>(days: DayPoint[], start: number, end: number, value: (day: DayPoint) => V, missing: V): { time: number; value: V }[] {
  const byTime = new Map(days.map((day) => [dayTime(day.day), value(day)]));
  const points: { time: number; value: V }[] = [];
  const first = new Date(start * 1000);
  const cursor = new Date(first.getFullYear(), first.getMonth(), first.getDate());
  for (let guard = 0; cursor.getTime() / 1000 <= end && guard < 400; guard++) {
    const time = Math.floor(cursor.getTime() / 1000);
    points.push({ time, value: byTime.has(time) ? byTime.get(time)! : missing });
    cursor.setDate(cursor.getDate() + 1);
  }
  return points;
}

export function asTimePoints(points: { time: number; value: number | null }[]): TimePoint[] {
  return points.map((p) => ({ time: p.time, value: p.value ?? 0 }));
}

/** Failed calls over all calls, as a fraction; null when there were none. */
export function errorRate(totals: { requests: number; errors: number }): number | null {
  const calls = totals.requests + totals.errors;
  return calls === 0 ? null : totals.errors / calls;
}

export function formatRate(rate: number | null): string {
  if (rate === null) return '–';
  return numberFormat({ style: 'percent', maximumFractionDigits: rate > 0 && rate < 0.01 ? 2 : 1 }).format(rate);
}

/** "850 ms", "1.24 s", "–" for no measurement. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return ms >= 1000 ? `${numberFormat({ maximumFractionDigits: 2 }).format(ms / 1000)} s` : `${Math.round(ms)} ms`;
}

/** "p50 120 ms · p95 900 ms · p99 1.2 s" */
export function percentilesText(p: Percentiles | undefined): string {
  if (!p || p.p50 === null) return i18n.t('operators:dashboard.noSuccess');
  return `p50 ${formatMs(p.p50)} · p95 ${formatMs(p.p95)} · p99 ${formatMs(p.p99)}`;
}

export interface TopRow {
  key: string;
  label: string;
  requests: number;
  errors: number;
  quota: number;
}

/** Hourly points summed per `key`, most spent first, then most calls; at most `limit`. */
export function topRows<P extends { requests: number; errors: number; quota: number }>(points: P[], key: (point: P) => string, label: (point: P) => string, limit = 5): TopRow[] {
  const rows = new Map<string, TopRow>();
  for (const point of points) {
    const id = key(point);
    const row = rows.get(id) ?? { key: id, label: label(point), requests: 0, errors: 0, quota: 0 };
    row.requests += point.requests;
    row.errors += point.errors;
    row.quota += point.quota;
    rows.set(id, row);
  }
  return [...rows.values()].sort((a, b) => b.quota - a.quota || b.requests - a.requests || a.label.localeCompare(b.label)).slice(0, limit);
}
