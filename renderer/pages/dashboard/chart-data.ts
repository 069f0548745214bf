// Pure data shaping for the dashboard charts: hourly buckets, time ticks, per-model and
// per-family totals. No React and no recharts here, so it is cheap to import and easy to test.
import { i18n } from '../../i18n/index.js';
import { unitsIn, type UnitCounts } from '../../lib/units.js';

const HOUR = 3600;

export interface TimePoint {
  /** Start of the hour, Unix seconds. */
  time: number;
  value: number;
}

export interface ModelTotal {
  model: string;
  requests: number;
  quota: number;
}

/**
 * One bucket per hour of the range, hours the API did not list as 0: a 24-hour range is the
 * 24 hours up to and including the current one. The range's start is rarely on the hour, so
 * its first, partial hour is only drawn when it holds calls (they are never dropped).
 */
export function fillHours(points: TimePoint[], start: number, end: number): TimePoint[] {
  const byHour = new Map<number, number>();
  for (const point of points) byHour.set(point.time, (byHour.get(point.time) ?? 0) + point.value);
  const last = Math.floor(end / HOUR) * HOUR;
  const count = Math.max(1, Math.round((end - start) / HOUR));
  let first = last - (count - 1) * HOUR;
  for (const time of byHour.keys()) if (time < first && time >= Math.floor(start / HOUR) * HOUR) first = time;
  const filled: TimePoint[] = [];
  for (let time = first; time <= last; time += HOUR) filled.push({ time, value: byHour.get(time) ?? 0 });
  return filled;
}

// Tick spacing in hours; days and longer are aligned to local midnight.
const STEPS = [1, 2, 3, 4, 6, 12, 24, 48, 72, 120, 168, 336];

/**
 * Bucket times to label on the time axis: at most `maxTicks` (the plot's width decides how
 * many labels fit), on round local hours or midnights.
 */
export function timeTicks(times: number[], maxTicks = 7): number[] {
  if (times.length === 0) return [];
  const most = Math.max(2, Math.floor(maxTicks));
  const spanHours = (times[times.length - 1]! - times[0]!) / HOUR;
  const step = STEPS.find((s) => spanHours / s < most) ?? STEPS[STEPS.length - 1]!;
  if (step < 24) return times.filter((t) => new Date(t * 1000).getHours() % step === 0);
  const midnights = times.filter((t) => new Date(t * 1000).getHours() === 0);
  const days = Math.max(step / 24, Math.ceil(midnights.length / most));
  return midnights.filter((_, index) => index % days === 0);
}

/** A short tick label: the hour ("4 PM") for a range of a day or so, the date ("Nov 21") for longer ones. */
export function tickLabel(time: number, spanSeconds: number): string {
  const date = new Date(time * 1000);
  if (spanSeconds <= 36 * HOUR) return date.toLocaleTimeString(undefined, { hour: 'numeric' });
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/**
 * Round y-axis ticks from 0 to at least `max`, at most `count + 1` of them: 1 → [0, 1],
 * 7 → [0, 2, 4, 6, 8]. `integer` for counts: no 0.5 requests.
 */
export function niceTicks(max: number, integer: boolean, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (integer) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** Shortens a label to `chars` characters, keeping both ends: "claude-3-5…20241022". */
export function shortLabel(label: string, chars: number): string {
  if (label.length <= chars) return label;
  const keep = Math.max(2, chars - 1);
  const head = Math.ceil(keep / 2);
  return `${label.slice(0, head)}…${label.slice(label.length - (keep - head))}`;
}

/** The full name of an hour, for tooltips and the data table: "Sat, Nov 21, 14:00". */
export function hourLabel(time: number): string {
  return new Date(time * 1000).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Requests and spend per model over the range (the API answers per model and hour). */
export function totalsByModel(points: { model: string; requests: number; quota: number }[]): ModelTotal[] {
  const models = new Map<string, ModelTotal>();
  for (const point of points) {
    const entry = models.get(point.model) ?? { model: point.model, requests: 0, quota: 0 };
    entry.requests += point.requests;
    entry.quota += point.quota;
    models.set(point.model, entry);
  }
  return [...models.values()];
}

export interface FamilyTotal {
  family: string;
  requests: number;
  /** Input and output. */
  tokens: number;
  units: UnitCounts;
  quota: number;
}

interface FamilyPoint {
  family: string;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  units: UnitCounts;
  quota: number;
}

/** Requests, tokens, units and spend per call family over the range (the API answers per family and hour), most spent first. */
export function totalsByFamily(points: FamilyPoint[]): FamilyTotal[] {
  const families = new Map<string, FamilyTotal>();
  for (const point of points) {
    const entry = families.get(point.family) ?? { family: point.family, requests: 0, tokens: 0, units: {}, quota: 0 };
    entry.requests += point.requests;
    entry.tokens += point.prompt_tokens + point.completion_tokens;
    entry.quota += point.quota;
    for (const [unit, count] of unitsIn(point.units)) entry.units[unit] = (entry.units[unit] ?? 0) + count;
    families.set(point.family, entry);
  }
  return [...families.values()].sort((a, b) => b.quota - a.quota || b.requests - a.requests || a.family.localeCompare(b.family));
}

export interface LabelledValue {
  label: string;
  value: number;
}

/** Largest first; beyond `limit` bars the rest are summed into one "n other models" bar. */
export function topWithOther(rows: LabelledValue[], limit: number): LabelledValue[] {
  const sorted = [...rows].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  if (sorted.length <= limit) return sorted;
  const rest = sorted.slice(limit - 1);
  return [...sorted.slice(0, limit - 1), { label: i18n.t('operators:charts.otherModels', { count: rest.length }), value: rest.reduce((sum, row) => sum + row.value, 0) }];
}
