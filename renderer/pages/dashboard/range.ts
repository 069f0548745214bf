export type RangeId = '24h' | '7d' | '30d';

export const RANGES: { id: RangeId; label: string; seconds: number }[] = [
  { id: '24h', label: '24 hours', seconds: 24 * 3600 },
  { id: '7d', label: '7 days', seconds: 7 * 24 * 3600 },
  { id: '30d', label: '30 days', seconds: 30 * 24 * 3600 },
];

/** [start, end] in Unix seconds for a range ending now. */
export function rangeBounds(id: RangeId, now = Date.now()): [number, number] {
  const end = Math.floor(now / 1000);
  const span = RANGES.find((r) => r.id === id)?.seconds ?? RANGES[0]!.seconds;
  return [end - span, end];
}

const numberFormat = new Intl.NumberFormat();
const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

export function formatNumber(value: number): string {
  return numberFormat.format(Math.round(value));
}
export function formatCompact(value: number): string {
  return compactFormat.format(value);
}

/** The relay's quota unit: 500 000 units = 1 USD (relay/billing/pricing.ts). */
export const QUOTA_PER_USD = 500_000;
const usdFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
// Sub-cent amounts are common (one small call): two significant digits instead of "$0.00".
const smallUsdFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });
const compactUsdFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 2 });

/** Quota units as US dollars: "$1,234.50", "$0.0003". */
export function formatUsd(quota: number): string {
  const usd = quota / QUOTA_PER_USD;
  return usd !== 0 && Math.abs(usd) < 0.01 ? smallUsdFormat.format(usd) : usdFormat.format(usd);
}
/** Quota units as short US dollars for axis ticks: "$1.5K", "$0.0025". */
export function formatUsdCompact(quota: number): string {
  return compactUsdFormat.format(quota / QUOTA_PER_USD);
}
