// Model prices in dollars: from a model record's ratios, resolved as the relay resolves them,
// and token counts written short.
import { DEFAULT_PRICES, findPrice, type ModelPrice } from '../../../../relay/billing/pricing.js';
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
  /** `default` and `record`: a built-in price, or another record's, not known in detail (the records are still loading). */
  kind: 'token' | 'call' | 'default' | 'record' | 'none';
  /** USD per million input tokens, or per call. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** A price the model takes from elsewhere: another record whose name starts its name, or the built-in table. */
  from?: { name: string; builtIn: boolean };
}

type Ratios = Pick<ModelMeta, 'price_per_call' | 'model_ratio' | 'completion_ratio' | 'cache_ratio' | 'cache_write_ratio'>;
/** What resolving a price needs of the other model records. */
export type PricedRecord = Pick<ModelMeta, 'id' | 'name'> & Ratios;

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

function toModelPrice(r: Ratios): ModelPrice | undefined {
  if (r.price_per_call !== null) return { pricePerCall: r.price_per_call };
  if (r.model_ratio === null) return undefined;
  return { modelRatio: r.model_ratio, completionRatio: r.completion_ratio ?? undefined, cacheRatio: r.cache_ratio ?? undefined, cacheWriteRatio: r.cache_write_ratio ?? undefined };
}

function fromModelPrice(price: ModelPrice): Price | undefined {
  return fromRatios({
    price_per_call: price.pricePerCall ?? null,
    model_ratio: price.modelRatio ?? null,
    completion_ratio: price.completionRatio ?? null,
    cache_ratio: price.cacheRatio ?? null,
    cache_write_ratio: price.cacheWriteRatio ?? null,
  });
}

/**
 * The price calls of `name` pay when its own record sets none, found as the relay finds it
 * (relay/store/models.ts `modelPrice`): a priced record or a built-in price of that name,
 * else the longest name that starts it, a record winning over a built-in price of the same
 * name. `records` are the model records (a record named `name` is the one without a price).
 */
export function inheritedPrice(name: string, records: readonly PricedRecord[]): Price | undefined {
  const model = name.trim();
  if (model === '') return undefined;
  const table: Record<string, ModelPrice> = { ...DEFAULT_PRICES };
  for (const record of records) {
    const price = record.name === model ? undefined : toModelPrice(record);
    if (price !== undefined) table[record.name] = price;
  }
  const found = findPrice(model, table);
  if (found === undefined) return undefined;
  const source = Object.keys(table).find((key) => table[key] === found)!;
  const price = fromModelPrice(found);
  return price && { ...price, from: { name: source, builtIn: DEFAULT_PRICES[source] === found } };
}

/** A record's price: its own, else the one it takes from another record or the built-in table (`records`: every model record). */
export function priceOf(model: ModelMeta, records: readonly PricedRecord[]): Price {
  const own = fromRatios(model);
  if (own !== undefined) return own;
  const inherited = inheritedPrice(model.name, records);
  if (inherited !== undefined) return inherited;
  // Without the other records (not read yet, or not readable), the source the relay names.
  const kind = model.price_source === 'model' ? 'record' : model.price_source;
  return { kind, input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}
