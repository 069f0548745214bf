// Model prices in dollars: from a model record (per token and per unit, or per call), resolved
// as the relay resolves them, and token counts written short.
import { DEFAULT_PRICES, findPrice, type ModelPrice } from '../../../../relay/billing/pricing.js';
import { ratioToUsd, type ModelMeta } from '../../../api/admin.js';
import { clean } from '../../../lib/money.js';
import type { UnitCounts } from '../../../lib/units.js';

export function tokens(count: number): string {
  if (count <= 0) return '—';
  if (count >= 1_000_000 && count % 100_000 === 0) return `${clean(count / 1_000_000)}M`;
  if (count >= 1000 && count % 1000 === 0) return `${count / 1000}K`;
  if (count >= 1024 && count % 1024 === 0) return `${count / 1024}K`;
  return count.toLocaleString('en-US');
}

/** USD per million tokens. */
export interface TokenPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** A price the model takes from elsewhere: another record whose name starts its name, or the built-in table. */
export interface PriceSource {
  name: string;
  builtIn: boolean;
}

export type Price =
  /** Per token (null: tokens are free) plus USD per unit of each kind named. */
  | { kind: 'usage'; tokens: TokenPrices | null; units: UnitCounts; from?: PriceSource }
  | { kind: 'call'; perCall: number; from?: PriceSource }
  /** A built-in price, or another record's, not known in detail (the records are still loading); or none. */
  | { kind: 'default' | 'record' | 'none' };

/** Where a price comes from when not from the record itself. */
export function sourceOf(price: Price): PriceSource | undefined {
  return price.kind === 'usage' || price.kind === 'call' ? price.from : undefined;
}

type PriceFields = Pick<ModelMeta, 'price_per_call' | 'model_ratio' | 'completion_ratio' | 'cache_ratio' | 'cache_write_ratio' | 'unit_prices'>;
/** What resolving a price needs of the other model records. */
export type PricedRecord = Pick<ModelMeta, 'id' | 'name'> & PriceFields;

/** A record's own price as the relay reads it (relay/store/models.ts `priceOfRecord`); undefined when it sets none. */
function recordPrice(r: PriceFields): ModelPrice | undefined {
  if (r.price_per_call !== null) return { pricePerCall: r.price_per_call };
  const units = Object.keys(r.unit_prices).length > 0 ? { unitPrices: r.unit_prices } : undefined;
  if (r.model_ratio === null) return units;
  return { modelRatio: r.model_ratio, completionRatio: r.completion_ratio ?? undefined, cacheRatio: r.cache_ratio ?? undefined, cacheWriteRatio: r.cache_write_ratio ?? undefined, ...units };
}

function inDollars(price: ModelPrice, from?: PriceSource): Price {
  if (price.pricePerCall !== undefined) return { kind: 'call', perCall: price.pricePerCall, from };
  let tokens: TokenPrices | null = null;
  if (price.modelRatio !== undefined) {
    const input = ratioToUsd(price.modelRatio);
    tokens = { input, output: input * (price.completionRatio ?? 1), cacheRead: input * (price.cacheRatio ?? 1), cacheWrite: input * (price.cacheWriteRatio ?? 1) };
  }
  return { kind: 'usage', tokens, units: price.unitPrices ?? {}, from };
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
    const price = record.name === model ? undefined : recordPrice(record);
    if (price !== undefined) table[record.name] = price;
  }
  const found = findPrice(model, table);
  if (found === undefined) return undefined;
  const source = Object.keys(table).find((key) => table[key] === found)!;
  return inDollars(found, { name: source, builtIn: DEFAULT_PRICES[source] === found });
}

/** A record's price: its own, else the one it takes from another record or the built-in table (`records`: every model record). */
export function priceOf(model: ModelMeta, records: readonly PricedRecord[]): Price {
  const own = recordPrice(model);
  if (own !== undefined) return inDollars(own);
  const inherited = inheritedPrice(model.name, records);
  if (inherited !== undefined) return inherited;
  // Without the other records (not read yet, or not readable), the source the relay names.
  return { kind: model.price_source === 'model' ? 'record' : model.price_source };
}
