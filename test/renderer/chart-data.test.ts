import { describe, expect, it } from 'vitest';
import { fillHours, timeTicks, topWithOther, totalsByModel } from '../../renderer/pages/dashboard/chart-data.js';
import { formatUsd, formatUsdCompact } from '../../renderer/pages/dashboard/range.js';

const HOUR = 3600;
const END = Date.UTC(2026, 10, 21, 12, 30) / 1000;

describe('dashboard chart data', () => {
  it('fills every hour of the range, with 0 where the API listed none', () => {
    const last = Math.floor(END / HOUR) * HOUR;
    const filled = fillHours([{ time: last - HOUR, value: 4 }], END - 3 * HOUR, END);
    expect(filled).toEqual([
      { time: last - 3 * HOUR, value: 0 },
      { time: last - 2 * HOUR, value: 0 },
      { time: last - HOUR, value: 4 },
      { time: last, value: 0 },
    ]);
  });

  it('puts at most seven ticks on round local hours, or on local midnights for long ranges', () => {
    for (const days of [1, 7, 30]) {
      const hours = fillHours([], END - days * 24 * HOUR, END).map((p) => p.time);
      const ticks = timeTicks(hours);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(7);
      const localHours = new Set(ticks.map((t) => new Date(t * 1000).getHours() % (days === 1 ? 4 : 24)));
      expect([...localHours]).toEqual([0]);
    }
  });

  it('sums models over the hours and folds the smallest into one bar beyond the limit', () => {
    const totals = totalsByModel([
      { model: 'a', requests: 1, quota: 10 },
      { model: 'b', requests: 5, quota: 0 },
      { model: 'a', requests: 2, quota: 10 },
    ]);
    expect(totals).toEqual([
      { model: 'a', requests: 3, quota: 20 },
      { model: 'b', requests: 5, quota: 0 },
    ]);
    const rows = ['a', 'b', 'c', 'd'].map((label, i) => ({ label, value: 10 - i }));
    expect(topWithOther(rows, 3)).toEqual([
      { label: 'a', value: 10 },
      { label: 'b', value: 9 },
      { label: '2 other models', value: 15 },
    ]);
  });

  it('shows quota as US dollars, keeping sub-cent amounts readable', () => {
    expect(formatUsd(1_250_000)).toBe('$2.50');
    expect(formatUsd(150)).toBe('$0.0003');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsdCompact(750_000_000)).toBe('$1.5K');
  });
});
