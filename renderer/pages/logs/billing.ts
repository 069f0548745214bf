// A consume record's bill, line by line, from the price facts the relay logs with it
// (relay/pipeline/call-log.ts) and the formula of relay/billing/quota-math.ts:
// each line is tokens (or units) × price, the lines add up, the group ratio scales the sum.
import { ratioToUsd } from '../../api/admin.js';
import type { LogView } from '../../api/logs.js';
import { QUOTA_PER_USD } from '../../lib/money.js';
import { UNITS, unitsIn, type BillingUnit } from '../../lib/units.js';
import { i18n } from '../../i18n/index.js';

export interface BillLine {
  label: string;
  /** Tokens, calls or units the line charges for. */
  count: number;
  unit: 'token' | 'call' | BillingUnit;
  /** US dollars per million tokens, per call, or per unit. */
  usdPrice: number;
  /** The line's cost in quota units. */
  quota: number;
}

export type Bill =
  | { kind: 'priced'; lines: BillLine[]; groupRatio: number; /** What the lines come to, in whole quota units as charged. */ expected: number }
  /** No price was set for the model: nothing charged. */
  | { kind: 'unpriced' }
  /** A record without price facts (written by an older relay). */
  | { kind: 'no-facts' };

/** The `other` keys the bill reads; the drawer shows the remaining ones as they are. */
export const BILL_KEYS = new Set(['model_ratio', 'completion_ratio', 'cache_ratio', 'cache_creation_tokens', 'cache_creation_ratio', 'cache_creation_tokens_1h', 'cache_creation_ratio_1h', 'model_price', 'group_ratio', 'unit_prices', 'size', 'size_ratio', 'unpriced']);

export function billOf(record: LogView): Bill {
  const other = record.other ?? {};
  if (other.unpriced === true) return { kind: 'unpriced' };
  const groupRatio = num(other.group_ratio);
  if (groupRatio === undefined) return { kind: 'no-facts' };

  const pricePerCall = num(other.model_price);
  if (pricePerCall !== undefined) {
    const line: BillLine = { label: i18n.t('logs:bill.call'), count: 1, unit: 'call', usdPrice: pricePerCall, quota: pricePerCall * QUOTA_PER_USD };
    return priced([line], groupRatio);
  }
  const modelRatio = num(other.model_ratio);
  if (modelRatio === undefined) return { kind: 'no-facts' };
  const perToken = (label: string, count: number, ratio: number): BillLine => ({
    label,
    count,
    unit: 'token',
    usdPrice: ratioToUsd(modelRatio * ratio),
    // Ratio 1 is one quota unit per token.
    quota: count * modelRatio * ratio,
  });
  // Units × USD per unit at the ratio of the output size; a unit the price does not name is free (quota-math's unitsUsd).
  const unitPrices = new Map(unitsIn(other.unit_prices));
  const sizeRatio = num(other.size_ratio) ?? 1;
  const sized = sizeRatio !== 1 && typeof other.size === 'string' ? i18n.t('logs:bill.atSize', { size: other.size }) : '';
  const unitLines = unitsIn(record.units).flatMap(([unit, count]): BillLine[] => {
    const usd = unitPrices.get(unit);
    if (usd === undefined) return [];
    return [{ label: capitalised(UNITS[unit].many) + sized, count, unit, usdPrice: usd * sizeRatio, quota: count * usd * sizeRatio * QUOTA_PER_USD }];
  });
  // A price per unit only (tokens free): no token lines of $0.
  if (modelRatio === 0 && unitLines.length > 0) return priced(unitLines, groupRatio);
  // As quota-math does: cached and cache-written tokens are part of the prompt, never more than it.
  const cached = Math.min(record.cached_tokens, record.prompt_tokens);
  const written = Math.min(num(other.cache_creation_tokens) ?? 0, record.prompt_tokens - cached);
  const lines = [perToken(i18n.t('logs:bill.input'), record.prompt_tokens - cached - written, 1)];
  if (cached > 0) lines.push(perToken(i18n.t('logs:bill.cached'), cached, num(other.cache_ratio) ?? 1));
  // Anthropic's 1-hour writes are a part of the writes, at their own ratio.
  const forAnHour = Math.min(num(other.cache_creation_tokens_1h) ?? 0, written);
  if (written - forAnHour > 0) lines.push(perToken(forAnHour > 0 ? i18n.t('logs:bill.writes5m') : i18n.t('logs:bill.writes'), written - forAnHour, num(other.cache_creation_ratio) ?? 1));
  if (forAnHour > 0) lines.push(perToken(i18n.t('logs:bill.writes1h'), forAnHour, num(other.cache_creation_ratio_1h) ?? 1));
  lines.push(perToken(record.reasoning_tokens > 0 ? i18n.t('logs:bill.outputReasoning', { n: record.reasoning_tokens }) : i18n.t('logs:bill.output'), record.completion_tokens, num(other.completion_ratio) ?? 1), ...unitLines);
  return priced(lines, groupRatio);
}

function priced(lines: BillLine[], groupRatio: number): Bill {
  const raw = lines.reduce((sum, line) => sum + line.quota, 0) * groupRatio;
  return { kind: 'priced', lines, groupRatio, expected: raw > 0 ? Math.max(1, Math.round(raw)) : 0 };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
