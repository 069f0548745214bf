// Budget periods (a day, a week from Monday, a calendar month) as a time zone's calendar has
// them: what period an instant falls in, and when that period ends. Intl does the zone's
// arithmetic (daylight saving included); no other library.

export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export interface PeriodSpan {
  /** Names the period: `2026-11-24` (a day), `2026-11-23` (the week's Monday), `2026-11` (a month). */
  key: string;
  /** When the next period starts (ms). */
  endsAt: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, found);
  }
  return found;
}

/** Whether `name` is a time zone Intl knows (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    format(name);
    return name.trim() !== '';
  } catch {
    return false;
  }
}

/** The zone's wall clock at `at`, as if it were UTC (ms). */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of format(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant the zone's clocks show the wall time `wall` (ms, as UTC); a wall time skipped by a change of offset is taken at the offset after it. */
function instantOf(wall: number, timeZone: string): number {
  let at = wall - (wallClock(wall, timeZone) - wall);
  // Once more: the offset at the first guess may differ from the offset at the answer (near a change).
  at = wall - (wallClock(at, timeZone) - at);
  return at;
}

const iso = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** The period of `kind` that instant `at` falls in, in `timeZone`. */
export function periodAt(kind: BudgetPeriod, at: number, timeZone: string): PeriodSpan {
  const now = new Date(wallClock(at, timeZone));
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (kind === 'month') {
    return { key: iso(Date.UTC(y, m, 1)).slice(0, 7), endsAt: instantOf(Date.UTC(y, m + 1, 1), timeZone) };
  }
  const start = kind === 'day' ? Date.UTC(y, m, d) : Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7));
  const next = new Date(start);
  next.setUTCDate(next.getUTCDate() + (kind === 'day' ? 1 : 7));
  return { key: iso(start), endsAt: instantOf(next.getTime(), timeZone) };
}
