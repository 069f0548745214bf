import { describe, expect, it } from 'vitest';
import { quotaFor } from '../../../relay/billing/quota-math.js';
import { boundQuota, planReservation } from '../../../relay/billing/reservation-plan.js';
import { MIN_OUTPUT_TOKENS } from '../../../relay/billing/token-bounds.js';

const mini = { modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5 };
const claude = { modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 };

describe('reservation plan', () => {
  it('reserves the whole bound when it fits', () => {
    const plan = planReservation({ promptTokens: 18, outputTokens: 20, choices: 1, price: mini, groupRatio: 1, available: 350 });
    expect(plan).toEqual({ amount: quotaFor({ inputTokens: 18, outputTokens: 20 }, mini, 1) });
  });

  it('caps at what is left and lowers the output limit to what that pays for', () => {
    // No maximum given: 4 096 output tokens would cost 1 230, the key has 350.
    const plan = planReservation({ promptTokens: 18, outputTokens: 4096, choices: 1, price: mini, groupRatio: 1, available: 350 });
    expect(plan.amount).toBeLessThanOrEqual(350);
    const limit = (plan as { outputLimit: number }).outputLimit;
    expect(boundQuota(18, limit, mini, 1)).toBe(plan.amount);
    expect(boundQuota(18, limit + 1, mini, 1)).toBeGreaterThan(350); // the largest that fits
  });

  it('shares the lowered limit among the choices', () => {
    const plan = planReservation({ promptTokens: 18, outputTokens: 3 * 4096, choices: 3, price: mini, groupRatio: 1, available: 350 });
    const limit = (plan as { outputLimit: number }).outputLimit;
    expect(boundQuota(18, 3 * limit, mini, 1)).toBeLessThanOrEqual(350);
    expect(boundQuota(18, 3 * (limit + 1), mini, 1)).toBeGreaterThan(350);
  });

  it('never raises the output limit the call gives: when a thinking budget beside it makes the bound, the thinking is what gives way', () => {
    // max_tokens 100 and a 1 024-token thinking budget a provider adds beside it: 1 124 per choice; 500 left.
    const plan = planReservation({ promptTokens: 18, outputTokens: 1124, choices: 1, callLimit: 100, price: { modelRatio: 1 }, groupRatio: 1, available: 500 });
    expect(plan).toEqual({ amount: 118, outputLimit: 100 });
  });

  it('refuses when what is left cannot pay for the prompt and a minimal answer, or for a fixed price', () => {
    const least = boundQuota(1000, MIN_OUTPUT_TOKENS, mini, 1);
    expect(planReservation({ promptTokens: 1000, outputTokens: 100, choices: 1, price: mini, groupRatio: 1, available: least - 1 })).toEqual({ amount: undefined, needed: least });
    expect(planReservation({ promptTokens: 1000, outputTokens: 100, choices: 1, price: mini, groupRatio: 1, available: 0 }).amount).toBeUndefined();
    expect(planReservation({ promptTokens: 10, outputTokens: 10, choices: 1, price: { pricePerCall: 0.01 }, groupRatio: 1, available: 4999 })).toEqual({ amount: undefined, needed: 5000 });
  });

  it('reserves nothing for an unpriced model', () => {
    expect(planReservation({ promptTokens: 10, outputTokens: 10, choices: 1, price: undefined, groupRatio: 1, available: 0 })).toEqual({ amount: 0 });
  });

  it('bounds every charge an honest upstream can report, cache writes included', () => {
    for (const price of [mini, claude, { modelRatio: 1, cacheRatio: 2 }]) {
      const bound = boundQuota(1000, 500, price, 1.5);
      for (const usage of [
        { inputTokens: 1000, outputTokens: 500 },
        { inputTokens: 1000, cacheWriteInputTokens: 1000, outputTokens: 500 },
        { inputTokens: 1000, cacheWriteInputTokens: 1000, cacheWrite1hInputTokens: 1000, outputTokens: 500 },
        { inputTokens: 1000, cachedInputTokens: 1000, outputTokens: 500 },
        { inputTokens: 900, cachedInputTokens: 300, cacheWriteInputTokens: 600, outputTokens: 499 },
      ]) {
        expect(quotaFor(usage, price, 1.5)).toBeLessThanOrEqual(bound);
      }
    }
  });
});

describe('reservation plan in units', () => {
  it('reserves the units a call may use at their prices, and refuses when what is left cannot pay for them', () => {
    const ask = { promptTokens: 0, outputTokens: 0, choices: 1, units: { images: 4 }, price: { unitPrices: { images: 0.04 } }, groupRatio: 1 };
    expect(planReservation({ ...ask, available: 1_000_000 })).toEqual({ amount: 80_000 });
    expect(planReservation({ ...ask, available: 1000 }).amount).toBeUndefined();
  });
});
