// UTC day keys (`YYYY-MM-DD`): the unit of a log file and of retention.

export const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: the last instant whose ISO year has four digits. */
export const MAX_TIME = 253_402_300_799_999;

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a time the store accepts as `created_at` (1970..9999, so the day key stays `YYYY-MM-DD`). */
export function isValidTime(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIME;
}

export function dayKeyOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `dayKeyOf` for times that mostly fall on the same day (every call's record): the last
 * day's bounds are kept, so the ISO formatting runs once a day, not once a call.
 */
export class DayKeys {
  private start = 0;
  private end = 0;
  private key = '';

  of(ms: number): string {
    if (ms >= this.start && ms < this.end) return this.key;
    this.start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
    this.end = this.start + DAY_MS;
    this.key = dayKeyOf(ms);
    return this.key;
  }
}

export function dayStartOf(key: string): number {
  return Date.parse(`${key}T00:00:00.000Z`);
}

export function isDayKey(text: string): boolean {
  if (!DAY_KEY.test(text)) return false;
  const start = dayStartOf(text);
  return Number.isFinite(start) && dayKeyOf(start) === text;
}
