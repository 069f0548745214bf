// What a call's log record says about its bill: the price and ratios it was charged at, so
// the console can show "N tokens × $X/1M = $Y" (test/unit/management/no-secrets.test.ts checks
// that no record holds a key or a prompt).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../relay/auth/api-key.js';
import { quotaFor } from '../../../relay/billing/quota-math.js';
import type { ModelPrice } from '../../../relay/billing/pricing.js';
import type { CallFamily } from '../../../relay/ir/call-family.js';
import type { Usage } from '../../../relay/ir/usage.js';
import { callLogRecord } from '../../../relay/pipeline/call-log.js';
import { LogType } from '../../../relay/store/logs/index.js';
import type { NewLogRecord } from '../../../relay/store/logs/index.js';

function write(type: number, usage: Usage | undefined, price: ModelPrice | undefined, groupRatio = 1, family: CallFamily = 'chat'): NewLogRecord {
  const req = { socket: { remoteAddress: '127.0.0.1' }, requestId: 'req-1', headers: {} } as unknown as IncomingMessage;
  const caller = { user: { id: 1, username: 'owner' }, token: { id: 2, name: 'laptop' }, group: 'vip' } as unknown as Caller;
  const call = { family, model: 'gpt-4o', upstreamModel: 'gpt-4o', channel: undefined, chain: [], stream: false, warnings: [] };
  const cost = usage && price ? quotaFor(usage, price, groupRatio) : 0;
  return callLogRecord(req, caller, call, { type, usage, cost, firstByteMs: 10, totalMs: 20, price, groupRatio, error: '' });
}

describe('call log billing facts', () => {
  it('records the per-token price and the group ratio a consume record was charged at', () => {
    const usage = { inputTokens: 1000, cachedInputTokens: 600, cacheWriteInputTokens: 100, outputTokens: 10 };
    const price = { modelRatio: 2, completionRatio: 5, cacheRatio: 0.1, cacheWriteRatio: 1.25 };
    const record = write(LogType.consume, usage, price, 0.5);
    expect(record.other).toEqual({ model_ratio: 2, completion_ratio: 5, cache_ratio: 0.1, group_ratio: 0.5, cache_creation_tokens: 100, cache_creation_ratio: 1.25 });
    // The facts are enough to recompute the charge.
    expect(record.quota).toBe(Math.round((300 + 600 * 0.1 + 100 * 1.25 + 10 * 5) * 2 * 0.5));
  });

  it('fills ratios a price leaves out with 1', () => {
    const record = write(LogType.consume, { inputTokens: 5, outputTokens: 5 }, { modelRatio: 0.5 });
    expect(record.other).toEqual({ model_ratio: 0.5, completion_ratio: 1, cache_ratio: 1, group_ratio: 1 });
  });

  it('records a fixed price per call in US dollars', () => {
    const record = write(LogType.consume, { inputTokens: 5, outputTokens: 5 }, { pricePerCall: 0.04 }, 2);
    expect(record.other).toEqual({ model_price: 0.04, group_ratio: 2 });
  });

  it('marks an unpriced call and adds no price to error records', () => {
    expect(write(LogType.consume, { inputTokens: 5, outputTokens: 5 }, undefined).other).toEqual({ unpriced: true });
    expect(write(LogType.error, undefined, undefined).other).toEqual({});
  });

  it('logs the cache writes that were billed: never more than the input left after cache reads', () => {
    // An upstream reporting more cache writes than input: quotaFor bills 40 of them, and so does the log.
    const record = write(LogType.consume, { inputTokens: 100, cachedInputTokens: 60, cacheWriteInputTokens: 500, outputTokens: 0 }, { modelRatio: 1, cacheWriteRatio: 2 });
    expect(record.other).toMatchObject({ cache_creation_tokens: 40 });
    expect(record.quota).toBe(60 + 40 * 2);
  });

  it('records the family and the units, and the USD per unit a consume record was charged at', () => {
    const usage = { inputTokens: 40, outputTokens: 0, units: { search_units: 2, requests: 1 } };
    const record = write(LogType.consume, usage, { modelRatio: 1, unitPrices: { search_units: 0.002 } }, 1, 'rerank');
    expect(record).toMatchObject({ family: 'rerank', units: { search_units: 2, requests: 1 } });
    expect(record.other).toMatchObject({ model_ratio: 1, unit_prices: { search_units: 0.002 } });
    expect(record.quota).toBe(40 + 2 * 0.002 * 500_000);
    // An error record says the family too, with no units.
    expect(write(LogType.error, undefined, undefined, 1, 'embeddings')).toMatchObject({ family: 'embeddings', units: {} });
  });
});
