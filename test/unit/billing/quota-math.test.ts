import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, findPrice } from '../../../relay/billing/pricing.js';
import { quotaFor } from '../../../relay/billing/quota-math.js';

describe('quota math', () => {
  it('prices tokens as the established relays do: ratio 1 = 2 USD per million input tokens', () => {
    // 1M input tokens at ratio 1 = 2 USD = 1 000 000 quota
    expect(quotaFor({ inputTokens: 1_000_000, outputTokens: 0 }, { modelRatio: 1 }, 1)).toBe(1_000_000);
    // output at completion ratio 4 costs four times as much
    expect(quotaFor({ inputTokens: 0, outputTokens: 1000 }, { modelRatio: 1, completionRatio: 4 }, 1)).toBe(4000);
  });

  it('charges cached and cache-written input at their own ratios, and applies the group ratio', () => {
    const usage = { inputTokens: 1000, cachedInputTokens: 600, cacheWriteInputTokens: 100, outputTokens: 10 };
    const price = { modelRatio: 2, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 };
    // (300 + 600·0.1 + 100·1.25 + 10·5) · 2 · 0.5
    expect(quotaFor(usage, price, 0.5)).toBe(Math.round((300 + 60 + 125 + 50) * 2 * 0.5));
  });

  it("charges Anthropic's 1-hour cache writes at 1.6× the 5-minute ratio (2× input), writes of unsaid lifetime as 5-minute ones", () => {
    const price = { modelRatio: 1, cacheWriteRatio: 1.25 };
    expect(quotaFor({ inputTokens: 3000, cacheWriteInputTokens: 3000, cacheWrite1hInputTokens: 2000, outputTokens: 0 }, price, 1)).toBe(1000 * 1.25 + 2000 * 2);
    expect(quotaFor({ inputTokens: 3000, cacheWriteInputTokens: 3000, outputTokens: 0 }, price, 1)).toBe(3000 * 1.25);
    // A 1-hour count above the writes is held to them; a price with no write ratio bills writes as input.
    expect(quotaFor({ inputTokens: 3000, cacheWriteInputTokens: 1000, cacheWrite1hInputTokens: 5000, outputTokens: 0 }, price, 1)).toBe(2000 + 1000 * 2);
    expect(quotaFor({ inputTokens: 3000, cacheWriteInputTokens: 3000, cacheWrite1hInputTokens: 3000, outputTokens: 0 }, { modelRatio: 1 }, 1)).toBe(3000);
  });

  it('charges a fixed price per call', () => {
    expect(quotaFor({ inputTokens: 5, outputTokens: 5 }, { pricePerCall: 0.04 }, 1)).toBe(20_000);
  });

  it('never charges less than 1 for a priced call, never a negative amount', () => {
    expect(quotaFor({ inputTokens: 1, outputTokens: 0 }, { modelRatio: 0.0001 }, 1)).toBe(1);
    expect(quotaFor({ inputTokens: 0, outputTokens: 0 }, { modelRatio: 1 }, 1)).toBe(0);
    expect(quotaFor({ inputTokens: 10, outputTokens: 0 }, { modelRatio: 1 }, 0)).toBe(0);
  });

  it('finds a model price by exact name, else the longest prefix', () => {
    expect(findPrice('gpt-4o-mini-2024-07-18', DEFAULT_PRICES)).toBe(DEFAULT_PRICES['gpt-4o-mini']);
    expect(findPrice('gpt-4o-2024-11-20', DEFAULT_PRICES)).toBe(DEFAULT_PRICES['gpt-4o']);
    expect(findPrice('claude-opus-4-5-20251101', DEFAULT_PRICES)).toBe(DEFAULT_PRICES['claude-opus-4-5']);
    expect(findPrice('my-local-llama', DEFAULT_PRICES)).toBeUndefined();
  });
});

describe('quota math in units', () => {
  it('charges each unit the call used at its price in USD, added to the token price, times the group ratio', () => {
    const price = { modelRatio: 1, unitPrices: { search_units: 0.002, images: 0.04 } };
    // 1000 input tokens at ratio 1 = 1000 quota; 3 search units · 0.002 USD = 0.006 USD = 3000 quota
    expect(quotaFor({ inputTokens: 1000, outputTokens: 0, units: { search_units: 3 } }, price, 1)).toBe(4000);
    expect(quotaFor({ inputTokens: 0, outputTokens: 0, units: { images: 2 } }, price, 0.5)).toBe(Math.round(2 * 0.04 * 500_000 * 0.5));
  });

  it('prices units by the output size where the price names it, tokens never, other sizes at the plain price', () => {
    const price = { modelRatio: 1, unitPrices: { seconds: 0.3 }, sizeRatios: { '1792x1024': 5 / 3 } };
    const call = (size?: string) => quotaFor({ inputTokens: 100, outputTokens: 0, units: { seconds: 4 }, size }, price, 1);
    expect(call('1792x1024')).toBe(100 + 4 * 0.5 * 500_000);
    expect(call('1280x720')).toBe(100 + 4 * 0.3 * 500_000);
    expect(call()).toBe(100 + 4 * 0.3 * 500_000);
    // A size the client made up is never read off the object's prototype.
    expect(call('constructor')).toBe(100 + 4 * 0.3 * 500_000);
  });

  it('does not charge a unit the price does not name', () => {
    expect(quotaFor({ inputTokens: 0, outputTokens: 0, units: { seconds: 60 } }, { unitPrices: { characters: 0.00001 } }, 1)).toBe(0);
  });
});
