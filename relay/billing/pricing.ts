// Model prices as ratios, the form users of the established relays know:
// model ratio 1 = 2 USD per million input tokens; 500 000 quota = 1 USD.
// No value imports: the console bundles this file for QUOTA_PER_USD (renderer/lib/money.ts).

import type { UnitCounts } from '../ir/usage.js';

export const QUOTA_PER_USD = 500_000;

/** Quota as US dollars for messages and log lines: "$1.50", "-$0.25" (cents; smaller amounts to six places). */
export function usdText(quota: number): string {
  const usd = Math.abs(quota) / QUOTA_PER_USD;
  return `${quota < 0 ? '-' : ''}$${usd !== 0 && usd < 0.01 ? Number(usd.toFixed(6)) : usd.toFixed(2)}`;
}

export interface ModelPrice {
  /** Per-token pricing: input price in units of 2 USD per million tokens. */
  modelRatio?: number;
  /** Output price ÷ input price. */
  completionRatio?: number;
  /** Cached-input price ÷ input price. */
  cacheRatio?: number;
  /** Cache-write price ÷ input price. */
  cacheWriteRatio?: number;
  /** Fixed price per call in USD (instead of per token and per unit). */
  pricePerCall?: number;
  /** USD per unit of each kind a call reports (search units, images, seconds, characters, requests), added to the token price. */
  unitPrices?: UnitCounts;
  /**
   * Multiplier of the unit prices for an output of this size ("1792x1024"), as providers price
   * a second of video or an image by its size; a size not named costs the plain unit price.
   */
  sizeRatios?: Record<string, number>;
}

/** Defaults for well-known models, matched by the longest prefix; settings override them. */
export const DEFAULT_PRICES: Record<string, ModelPrice> = {
  'gpt-4o-mini': { modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5 },
  'gpt-4o': { modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 },
  'gpt-4.1-nano': { modelRatio: 0.05, completionRatio: 4, cacheRatio: 0.25 },
  'gpt-4.1-mini': { modelRatio: 0.2, completionRatio: 4, cacheRatio: 0.25 },
  'gpt-4.1': { modelRatio: 1, completionRatio: 4, cacheRatio: 0.25 },
  'gpt-5-nano': { modelRatio: 0.025, completionRatio: 8, cacheRatio: 0.1 },
  'gpt-5-mini': { modelRatio: 0.125, completionRatio: 8, cacheRatio: 0.1 },
  'gpt-5': { modelRatio: 0.625, completionRatio: 8, cacheRatio: 0.1 },
  'o3-mini': { modelRatio: 0.55, completionRatio: 4, cacheRatio: 0.5 },
  o3: { modelRatio: 1, completionRatio: 4, cacheRatio: 0.25 },
  'o4-mini': { modelRatio: 0.55, completionRatio: 4, cacheRatio: 0.25 },
  'claude-3-5-haiku': { modelRatio: 0.4, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'claude-haiku-4': { modelRatio: 0.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'claude-3-7-sonnet': { modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'claude-sonnet-4': { modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'claude-opus-4': { modelRatio: 7.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'claude-opus-4-5': { modelRatio: 2.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 },
  'gemini-2.0-flash': { modelRatio: 0.05, completionRatio: 4, cacheRatio: 0.25 },
  'gemini-2.5-flash-lite': { modelRatio: 0.05, completionRatio: 4, cacheRatio: 0.25 },
  'gemini-2.5-flash': { modelRatio: 0.15, completionRatio: 8.33, cacheRatio: 0.25 },
  'gemini-2.5-pro': { modelRatio: 0.625, completionRatio: 8, cacheRatio: 0.25 },
  'gemini-3-pro': { modelRatio: 1, completionRatio: 6, cacheRatio: 0.1 },
  'deepseek-chat': { modelRatio: 0.135, completionRatio: 4, cacheRatio: 0.1 },
  'deepseek-reasoner': { modelRatio: 0.275, completionRatio: 4, cacheRatio: 0.25 },
  // Embeddings: input tokens only.
  'text-embedding-3-small': { modelRatio: 0.01 },
  'text-embedding-3-large': { modelRatio: 0.065 },
  'text-embedding-ada-002': { modelRatio: 0.05 },
  'gemini-embedding-001': { modelRatio: 0.075 },
  // Rerank: Cohere bills 2 USD per 1 000 searches (a search: a query and up to 100 documents).
  'rerank-v3.5': { unitPrices: { search_units: 0.002 } },
  'rerank-english-v3.0': { unitPrices: { search_units: 0.002 } },
  'rerank-multilingual-v3.0': { unitPrices: { search_units: 0.002 } },
  // Audio. Whisper: 0.006 USD a minute of input audio; TTS: 15 USD (HD 30 USD) per million characters.
  'whisper-1': { unitPrices: { seconds: 0.0001 } },
  'tts-1': { unitPrices: { characters: 0.000015 } },
  'tts-1-hd': { unitPrices: { characters: 0.00003 } },
  // By tokens, input at the audio rate (6 USD, mini 3 USD per million) and text output (10 and 5 USD).
  'gpt-4o-transcribe': { modelRatio: 3, completionRatio: 5 / 3 },
  'gpt-4o-mini-transcribe': { modelRatio: 1.5, completionRatio: 5 / 3 },
  // Text in 0.60 USD, audio out 12 USD per million tokens: output is counted only where the upstream reports it (stream_format sse).
  'gpt-4o-mini-tts': { modelRatio: 0.3, completionRatio: 20 },
  // OpenAI's moderation models are free: priced at 0, so that they are never refused as unpriced.
  'omni-moderation': { modelRatio: 0 },
  'text-moderation': { modelRatio: 0 },
  // Images. DALL·E per image by its size (standard quality; OpenAI charges more for HD: price
  // the model yourself if you ask for it). gpt-image-1 and
  // Gemini's image model by tokens, as their answers report them: gpt-image-1 5 USD/M input,
  // 40 USD/M output (its image input, 10 USD/M upstream, is billed at the input price);
  // gemini-2.5-flash-image 0.30 USD/M input, 30 USD/M output (about 0.039 USD an image).
  'dall-e-2': { unitPrices: { images: 0.02 }, sizeRatios: { '256x256': 0.8, '512x512': 0.9 } },
  'dall-e-3': { unitPrices: { images: 0.04 }, sizeRatios: { '1024x1792': 2, '1792x1024': 2 } },
  'gpt-image-1': { modelRatio: 2.5, completionRatio: 8 },
  'gpt-image-1-mini': { modelRatio: 1, completionRatio: 4 },
  'gemini-2.5-flash-image': { modelRatio: 0.15, completionRatio: 100 },
  // Video (Sora) by the second of video made and its size: sora-2-pro's 1024×1792 costs 0.50 USD a second.
  'sora-2': { unitPrices: { seconds: 0.1 } },
  'sora-2-pro': { unitPrices: { seconds: 0.3 }, sizeRatios: { '1024x1792': 5 / 3, '1792x1024': 5 / 3 } },
};

/** The price of `model`: an exact configured entry, else the longest matching prefix. */
export function findPrice(model: string, prices: Record<string, ModelPrice>): ModelPrice | undefined {
  const exact = prices[model];
  if (exact) return exact;
  let best: string | undefined;
  for (const prefix of Object.keys(prices)) {
    if (model.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : prices[best];
}
