// The dashboard's time range: a preset ending now, or whole local days from one date to another.
import { dateFormat } from '../../i18n/format.js';
import { i18n } from '../../i18n/index.js';

export type RangeId = '24h' | '7d' | '30d';

/** Each preset; its name is `operators:range.<id>` (rangeLabel). */
export const RANGES: { id: RangeId; seconds: number }[] = [
  { id: '24h', seconds: 24 * 3600 },
  { id: '7d', seconds: 7 * 24 * 3600 },
  { id: '30d', seconds: 30 * 24 * 3600 },
];

/** "24 hours", "7 days" in the console's language. */
export function rangeLabel(id: RangeId): string {
  return i18n.t(`operators:range.${id}`);
}

/** `from` and `to` are `YYYY-MM-DD` (what a date input holds), both days included. */
export type Range = { id: RangeId } | { id: 'custom'; from: string; to: string };

/** The statistics API answers at most this many days at once. */
export const MAX_CUSTOM_DAYS = 366;

/** [start, end] in Unix seconds; a custom range ends at the end of its last day, or now if that is sooner. */
export function rangeBounds(range: Range | RangeId, now = Date.now()): [number, number] {
  const nowSeconds = Math.floor(now / 1000);
  const chosen = typeof range === 'string' ? { id: range } : range;
  if (chosen.id === 'custom') {
    const start = dayStart(chosen.from) / 1000;
    const end = Math.min(nowSeconds, nextDayStart(chosen.to) / 1000 - 1);
    return [start, end];
  }
  const span = RANGES.find((r) => r.id === chosen.id)?.seconds ?? RANGES[0]!.seconds;
  return [nowSeconds - span, nowSeconds];
}

/** Why a custom range cannot be shown, or null when it can. */
export function customRangeError(from: string, to: string, now = Date.now()): string | null {
  if (!isDate(from) || !isDate(to)) return i18n.t('operators:range.chooseBoth');
  if (dayStart(from) > now) return i18n.t('operators:range.startFuture');
  if (dayStart(to) < dayStart(from)) return i18n.t('operators:range.endBefore');
  if (daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS) return i18n.t('operators:range.atMost', { max: MAX_CUSTOM_DAYS });
  return null;
}

/** For card labels: "last 24 hours", "Nov 3 – Nov 10", "Nov 3". */
export function rangeName(range: Range): string {
  if (range.id !== 'custom') return i18n.t('operators:range.last', { range: rangeLabel(range.id) });
  return range.from === range.to ? dayName(range.from) : `${dayName(range.from)} – ${dayName(range.to)}`;
}

/** For empty states, after "No calls": "in the last 24 hours", "from Nov 3 to Nov 10", "on Nov 3". */
export function rangePhrase(range: Range): string {
  if (range.id !== 'custom') return i18n.t('operators:range.inThe', { range: rangeName(range) });
  return range.from === range.to ? i18n.t('operators:range.on', { day: dayName(range.from) }) : i18n.t('operators:range.fromTo', { from: dayName(range.from), to: dayName(range.to) });
}

function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayStart(value));
}

function parts(value: string): [number, number, number] {
  const [year, month, day] = value.split('-').map(Number);
  return [year!, month! - 1, day!];
}

/** Local midnight at the start of the day, in ms. */
function dayStart(value: string): number {
  return new Date(...parts(value)).getTime();
}

function nextDayStart(value: string): number {
  const [year, month, day] = parts(value);
  return new Date(year, month, day + 1).getTime();
}

/** Whole days from one date to another (a daylight-saving day is still one day). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.UTC(...parts(to)) - Date.UTC(...parts(from))) / 86_400_000);
}

function dayName(value: string): string {
  const date = new Date(dayStart(value));
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return dateFormat({ month: 'short', day: 'numeric', ...(thisYear ? {} : { year: 'numeric' }) }).format(date);
}
