import type { BillingUnit, Usage } from '../ir/usage.js';
import { QUOTA_PER_USD } from './pricing.js';
import type { ModelPrice } from './pricing.js';

/**
 * A 1-hour cache write's price relative to a 5-minute one: Anthropic charges 2× input for
 * the one and 1.25× for the other, on every model.
 */
export const ONE_HOUR_WRITE_FACTOR = 2 / 1.25;

/**
 * The only place quota is computed and rounded. Per-token:
 * `(uncached input + cached·cache_ratio + 5-minute cache writes·cache_write_ratio
 *  + 1-hour cache writes·cache_write_ratio·1.6 + output·completion_ratio)`
 *  · model_ratio · group_ratio`, plus per unit: `Σ units·usd_per_unit · 500 000 · group_ratio`;
 * fixed price: `usd · 500 000 · group_ratio`. A non-zero cost is at least 1, and a cost is
 * never negative.
 */
export function quotaFor(usage: Usage, price: ModelPrice, groupRatio: number): number {
  let raw: number;
  if (price.pricePerCall !== undefined) {
    raw = price.pricePerCall * QUOTA_PER_USD * groupRatio;
  } else {
    const { cached, written, writtenForAnHour, uncached } = billedInputTokens(usage);
    const write = cacheWriteRatios(price);
    const tokens =
      uncached +
      cached * (price.cacheRatio ?? 1) +
      (written - writtenForAnHour) * write.fiveMinutes +
      writtenForAnHour * write.oneHour +
      usage.outputTokens * (price.completionRatio ?? 1);
    raw = (tokens * (price.modelRatio ?? 0) + unitsUsd(usage, price) * QUOTA_PER_USD) * groupRatio;
  }
  if (!(raw > 0)) return 0;
  return Math.max(1, Math.round(raw));
}

/**
 * How a call's input tokens are billed: cache reads and writes are parts of the input, never
 * more than it; `writtenForAnHour` is the part of `written` kept for an hour.
 */
export function billedInputTokens(usage: Usage): { uncached: number; cached: number; written: number; writtenForAnHour: number } {
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const written = Math.min(usage.cacheWriteInputTokens ?? 0, usage.inputTokens - cached);
  const writtenForAnHour = Math.min(usage.cacheWrite1hInputTokens ?? 0, written);
  return { uncached: usage.inputTokens - cached - written, cached, written, writtenForAnHour };
}

/**
 * A price's cache-write ratios: `cacheWriteRatio` for 5-minute writes (and writes of unsaid
 * lifetime), 1.6 times it for 1-hour writes; a price setting no write ratio bills every
 * write as input.
 */
export function cacheWriteRatios(price: ModelPrice): { fiveMinutes: number; oneHour: number } {
  const fiveMinutes = price.cacheWriteRatio ?? 1;
  return { fiveMinutes, oneHour: price.cacheWriteRatio === undefined ? 1 : fiveMinutes * ONE_HOUR_WRITE_FACTOR };
}

/** What the units a call used cost in USD, at the ratio of its output size; a unit the price does not name is free. */
function unitsUsd(usage: Usage, price: ModelPrice): number {
  if (!usage.units || !price.unitPrices) return 0;
  let usd = 0;
  for (const unit in usage.units) usd += (usage.units[unit as BillingUnit] ?? 0) * (price.unitPrices[unit as BillingUnit] ?? 0);
  return usd * sizeRatio(price, usage.size);
}

/** The unit price multiplier of an output of `size` (1 for a size the price does not name). */
export function sizeRatio(price: ModelPrice, size: string | undefined): number {
  const ratios = price.sizeRatios;
  return ratios && size !== undefined && Object.hasOwn(ratios, size) ? (ratios[size] ?? 1) : 1;
}
