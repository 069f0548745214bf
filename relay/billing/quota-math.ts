import type { BillingUnit, Usage } from '../ir/usage.js';
import { QUOTA_PER_USD } from './pricing.js';
import type { ModelPrice } from './pricing.js';

/**
 * The only place quota is computed and rounded. Per-token:
 * `(uncached input + cached·cache_ratio + cache writes·cache_write_ratio + output·completion_ratio)
 *  · model_ratio · group_ratio`, plus per unit: `Σ units·usd_per_unit · 500 000 · group_ratio`;
 * fixed price: `usd · 500 000 · group_ratio`. A non-zero cost is at least 1, and a cost is
 * never negative.
 */
export function quotaFor(usage: Usage, price: ModelPrice, groupRatio: number): number {
  let raw: number;
  if (price.pricePerCall !== undefined) {
    raw = price.pricePerCall * QUOTA_PER_USD * groupRatio;
  } else {
    const { cached, written, uncached } = billedInputTokens(usage);
    const tokens =
      uncached +
      cached * (price.cacheRatio ?? 1) +
      written * (price.cacheWriteRatio ?? 1) +
      usage.outputTokens * (price.completionRatio ?? 1);
    raw = (tokens * (price.modelRatio ?? 0) + unitsUsd(usage, price) * QUOTA_PER_USD) * groupRatio;
  }
  if (!(raw > 0)) return 0;
  return Math.max(1, Math.round(raw));
}

/** How a call's input tokens are billed: cache reads and writes are parts of the input, never more than it. */
export function billedInputTokens(usage: Usage): { uncached: number; cached: number; written: number } {
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  const written = Math.min(usage.cacheWriteInputTokens ?? 0, usage.inputTokens - cached);
  return { uncached: usage.inputTokens - cached - written, cached, written };
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
