// Pure data shaping for the dashboard charts: hourly buckets, time ticks, per-model totals.
// No React and no recharts here, so it is cheap to import and easy to test.

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

/** Every hour from `start` to `end` (Unix seconds); hours the API did not list count as 0. */
export function fillHours(points: TimePoint[], start: number, end: number): TimePoint[] {
  const byHour = new Map<number, number>();
  for (const point of points) byHour.set(point.time, (byHour.get(point.time) ?? 0) + point.value);
  const first = Math.floor(start / HOUR) * HOUR;
  const last = Math.floor(end / HOUR) * HOUR;
  const filled: TimePoint[] = [];
  for (let time = first; time <= last; time += HOUR) filled.push({ time, value: byHour.get(time) ?? 0 });
  return filled;
}

// Tick spacing in hours; days and longer are aligned to local midnight.
const STEPS = [1, 2, 3, 4, 6, 12, 24, 48, 72, 120, 168, 336];
const MAX_TICKS = 7;

/** Bucket times to label on the time axis: at most seven, on round local hours or midnights. */
export function timeTicks(times: number[]): number[] {
  if (times.length === 0) return [];
  const spanHours = (times[times.length - 1]! - times[0]!) / HOUR;
  const step = STEPS.find((s) => spanHours / s < MAX_TICKS) ?? STEPS[STEPS.length - 1]!;
  if (step < 24) return times.filter((t) => new Date(t * 1000).getHours() % step === 0);
  const midnights = times.filter((t) => new Date(t * 1000).getHours() === 0);
  return midnights.filter((_, index) => index % (step / 24) === 0);
}

/** A tick label: the hour for a range of a day or so, the date for longer ones. */
export function tickLabel(time: number, spanSeconds: number): string {
  const date = new Date(time * 1000);
  if (spanSeconds <= 36 * HOUR) return date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
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

export interface LabelledValue {
  label: string;
  value: number;
}

/** Largest first; beyond `limit` bars the rest are summed into one "n other models" bar. */
export function topWithOther(rows: LabelledValue[], limit: number): LabelledValue[] {
  const sorted = [...rows].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  if (sorted.length <= limit) return sorted;
  const rest = sorted.slice(limit - 1);
  return [...sorted.slice(0, limit - 1), { label: `${rest.length} other models`, value: rest.reduce((sum, row) => sum + row.value, 0) }];
}
