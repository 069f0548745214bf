// A record's bill with Anthropic's cache writes split by lifetime: 5-minute and 1-hour writes
// on lines of their own, at the ratios the relay charged, adding up to what it charged.
import { describe, expect, it } from 'vitest';
import { billOf } from '../../renderer/pages/logs/billing.js';
import { logRecord } from './helpers/log-records.js';

describe('bill of cache writes', () => {
  it('bills 1-hour writes apart from 5-minute ones', () => {
    // (100 + 1000·1.25 + 2000·2 + 10·5) · 1.5 = 8100, as relay/billing/quota-math.ts charges it.
    const record = logRecord({
      prompt_tokens: 3_100,
      cached_tokens: 0,
      completion_tokens: 10,
      quota: 8_100,
      other: { model_ratio: 1.5, completion_ratio: 5, cache_ratio: 0.1, cache_creation_tokens: 3_000, cache_creation_ratio: 1.25, cache_creation_tokens_1h: 2_000, cache_creation_ratio_1h: 2, group_ratio: 1 },
    });
    const bill = billOf(record);
    expect(bill.kind).toBe('priced');
    if (bill.kind !== 'priced') return;
    expect(bill.lines.map((l) => [l.label, l.count])).toEqual([
      ['Input', 100],
      ['Cache writes (5 min)', 1_000],
      ['Cache writes (1 h)', 2_000],
      ['Output', 10],
    ]);
    expect(bill.expected).toBe(8_100);
  });

  it('keeps one line for writes without a split', () => {
    const bill = billOf(logRecord({ prompt_tokens: 3_100, cached_tokens: 0, completion_tokens: 10, other: { model_ratio: 1.5, completion_ratio: 5, cache_creation_tokens: 3_000, cache_creation_ratio: 1.25, group_ratio: 1 } }));
    expect(bill.kind === 'priced' && bill.lines.map((l) => l.label)).toEqual(['Input', 'Cache writes', 'Output']);
  });
});
