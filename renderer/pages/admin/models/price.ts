// Model prices in dollars: from a model record's ratios, and token counts written short.
import { DEFAULT_PRICES, findPrice } from '../../../../relay/billing/pricing.js';
import { ratioToUsd, type ModelMeta } from '../../../api/admin.js';

/** Drops float noise (0.30000000000000004 → 0.3). */
export function clean(value: number): number {
  return Number(value.toPrecision(10));
}

export function tokens(count: number): string {
  if (count <= 0) return '—';
  if (count >= 1_000_000 && count % 100_000 === 0) return `${clean(count / 1_000_000)}M`;
  if (count >= 1000 && count % 1000 === 0) return `${count / 1000}K`;
  if (count >= 1024 && count % 1024 === 0) return `${count / 1024}K`;
  return count.toLocaleString('en-US');
}

export interface Price {
  kind: 'token' | 'call' | 'default' | 'none';
  /** USD per million input tokens, or per call. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

type Ratios = Pick<ModelMeta, 'price_per_call' | 'model_ratio' | 'completion_ratio' | 'cache_ratio' | 'cache_write_ratio'>;

/** A price set per call or per token, in USD; undefined when neither is set. */
function fromRatios(r: Ratios): Price | undefined {
  if (r.price_per_call !== null) return { kind: 'call', input: r.price_per_call, output: 0, cacheRead: 0, cacheWrite: 0 };
  if (r.model_ratio === null) return undefined;
  const input = ratioToUsd(r.model_ratio);
  return {
    kind: 'token',
    input,
    output: input * (r.completion_ratio ?? 1),
    cacheRead: input * (r.cache_ratio ?? 1),
    cacheWrite: input * (r.cache_write_ratio ?? 1),
  };
}

export function priceOf(model: ModelMeta): Price {
  return fromRatios(model) ?? { kind: model.price_source === 'default' ? 'default' : 'none', input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** The relay's built-in price for a model name (its own table, matched as the relay matches it), if it has one. */
export function builtInPrice(name: string): Price | undefined {
  const price = name.trim() === '' ? undefined : findPrice(name.trim(), DEFAULT_PRICES);
  if (price === undefined) return undefined;
  return fromRatios({
    price_per_call: price.pricePerCall ?? null,
    model_ratio: price.modelRatio ?? null,
    completion_ratio: price.completionRatio ?? null,
    cache_ratio: price.cacheRatio ?? null,
    cache_write_ratio: price.cacheWriteRatio ?? null,
  });
}
