/**
 * What a call is billed by besides tokens: `requests` (calls), `search_units` (rerank),
 * `images`, `seconds` (of input audio or output video), `characters` (speech input).
 */
export const BILLING_UNITS = ['requests', 'search_units', 'images', 'seconds', 'characters'] as const;

export type BillingUnit = (typeof BILLING_UNITS)[number];

/** How many of each unit a call used (or, for a price, USD per unit). */
export type UnitCounts = Partial<Record<BillingUnit, number>>;

/** What one call used: tokens, and units of other kinds. Raw provider usage is kept beside the normalised numbers. */
export interface Usage {
  /** All input tokens, cached ones included. */
  inputTokens: number;
  /** All output tokens, reasoning included. */
  outputTokens: number;
  cachedInputTokens?: number;
  /** Input written to the prompt cache (Anthropic: for 5 minutes unless `cacheWrite1hInputTokens` says part was for an hour). */
  cacheWriteInputTokens?: number;
  /** The part of the cache writes kept for an hour (Anthropic's `ephemeral_1h_input_tokens`), priced apart. */
  cacheWrite1hInputTokens?: number;
  reasoningTokens?: number;
  inputTextTokens?: number;
  inputAudioTokens?: number;
  inputImageTokens?: number;
  outputTextTokens?: number;
  outputAudioTokens?: number;
  /** Units other than tokens (a rerank's search units, an image call's images, …). */
  units?: UnitCounts;
  /** The size ("1792x1024") the images or video were made at, for prices by size (ModelPrice.sizeRatios). */
  size?: string;
  /** True when the relay counted the tokens itself because the upstream gave none. */
  estimated?: boolean;
  raw?: unknown;
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

export function totalTokens(usage: Usage): number {
  return usage.inputTokens + usage.outputTokens;
}
