// Quota and money: the one place the console turns the relay's quota units into dollars
// and back, by the relay's own rate (relay/billing/pricing.ts, bundled: it has no imports),
// written in the console's language ("$1,234.50", "US$1,234.50").
import { QUOTA_PER_USD } from '../../relay/billing/pricing.js';
import { numberFormat } from '../i18n/format.js';

export { QUOTA_PER_USD };

const usdStyle = { style: 'currency', currency: 'USD' } as const;
// Sub-cent amounts are common (one small call): two significant digits instead of "$0.00".
const smallUsd = { ...usdStyle, maximumSignificantDigits: 2 } as const;
const compactUsd = { ...usdStyle, notation: 'compact', maximumSignificantDigits: 2 } as const;

/** Drops float noise from a computed price (0.30000000000000004 → 0.3). */
export function clean(value: number): number {
  return Number(value.toPrecision(10));
}

export function formatNumber(value: number): string {
  return numberFormat().format(Math.round(value));
}
export function formatCompact(value: number): string {
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** Quota units as US dollars: "$1,234.50", "$0.0003". */
export function formatUsd(quota: number): string {
  const usd = quota / QUOTA_PER_USD;
  return numberFormat(usd !== 0 && Math.abs(usd) < 0.01 ? smallUsd : usdStyle).format(usd);
}
/** Quota units as short US dollars for axis ticks: "$1.5K", "$0.0025". */
export function formatUsdCompact(quota: number): string {
  return numberFormat(compactUsd).format(quota / QUOTA_PER_USD);
}

/** Quota units as a plain dollar number for a form field: 250000 → "0.5". */
export function quotaToUsdInput(quota: number): string {
  return String(Number((quota / QUOTA_PER_USD).toFixed(6)));
}
/** A dollar amount typed in a form as quota units (whole units, never negative); null when it is not a number. */
export function usdInputToQuota(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * QUOTA_PER_USD);
}
