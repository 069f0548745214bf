import type { UnitCounts } from '../ir/usage.js';
import type { ModelPrice } from './pricing.js';
import { cacheWriteRatios, quotaFor } from './quota-math.js';
import { MIN_OUTPUT_TOKENS } from './token-bounds.js';

export interface ReservationAsk {
  /** Upper bound of the prompt (token-bounds.ts). */
  promptTokens: number;
  /** Upper bound of the output, every choice together. */
  outputTokens: number;
  choices: number;
  /** Upper bound of the units other than tokens (images asked, search units, seconds…). */
  units?: UnitCounts;
  /** The output size asked (prices by size). */
  size?: string;
  /** The call's own output limit per choice, if it gives one: a lowered limit never exceeds it. */
  callLimit?: number;
  price: ModelPrice | undefined;
  groupRatio: number;
  /** What the caller can still reserve. */
  available: number;
}

/**
 * What to reserve: the most the call can cost when it fits in what is left; otherwise what is
 * left pays for, with the output limit lowered to match (`outputLimit`, per choice); undefined
 * when what is left cannot pay for the prompt and `MIN_OUTPUT_TOKENS` of output (or for a
 * fixed-price call's price). `needed` is the least a reservation must be.
 */
export type ReservationPlan = { amount: number; outputLimit?: number } | { amount: undefined; needed: number };

export function planReservation(ask: ReservationAsk): ReservationPlan {
  const { price, available } = ask;
  if (!price) return { amount: 0 }; // free: unpriced models under the `free` policy
  const cost = (outputTokens: number) => boundQuota(ask.promptTokens, outputTokens, price, ask.groupRatio, ask.units, ask.size);
  const full = cost(ask.outputTokens);
  if (full <= available) return { amount: full };
  const least = cost(MIN_OUTPUT_TOKENS * ask.choices);
  if (price.pricePerCall !== undefined || least > available) return { amount: undefined, needed: price.pricePerCall !== undefined ? full : least };
  // The largest per-choice limit the rest pays for (cost grows with the limit). A thinking
  // budget beside the call's limit makes the bound larger than that limit: lowering trims
  // the thinking, never raises the limit the client asked for.
  let low = MIN_OUTPUT_TOKENS;
  let high = Math.max(low, Math.min(Math.floor(ask.outputTokens / ask.choices), ask.callLimit ?? Infinity));
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cost(middle * ask.choices) <= available) low = middle;
    else high = middle - 1;
  }
  return { amount: cost(low * ask.choices), outputLimit: low };
}

/**
 * The quota of `promptTokens` in and `outputTokens` out (and `units`), the input at the dearest
 * rate the price has for it (a cache write usually costs more than plain input).
 */
export function boundQuota(promptTokens: number, outputTokens: number, price: ModelPrice, groupRatio: number, units?: UnitCounts, size?: string): number {
  const write = cacheWriteRatios(price).oneHour;
  const read = price.cacheRatio ?? 1;
  const dearest = write > Math.max(1, read) ? { cacheWriteInputTokens: promptTokens, cacheWrite1hInputTokens: promptTokens } : read > 1 ? { cachedInputTokens: promptTokens } : {};
  return quotaFor({ inputTokens: promptTokens, outputTokens, units, size, ...dearest }, price, groupRatio);
}
