import { describe, expect, it } from 'vitest';
import { fillHours, niceTicks, shortLabel, tickLabel, timeTicks, topWithOther, totalsByModel } from '../../renderer/pages/dashboard/chart-data.js';
import { formatUsd, formatUsdCompact } from '../../renderer/lib/money.js';

const HOUR = 3600;
const END = Date.UTC(2026, 10, 21, 12, 30) / 1000;

describe('dashboard chart data', () => {
  it('fills every hour of the range, with 0 where the API listed none', () => {
    const last = Math.floor(END / HOUR) * HOUR;
    const filled = fillHours([{ time: last - HOUR, value: 4 }], END - 3 * HOUR, END);
    expect(filled).toEqual([
      { time: last - 2 * HOUR, value: 0 },
      { time: last - HOUR, value: 4 },
      { time: last, value: 0 },
    ]);
  });

  it('gives a 24-hour range 24 hourly buckets, and the partial first hour only when it has calls', () => {
    const last = Math.floor(END / HOUR) * HOUR;
    const day = fillHours([{ time: last, value: 1 }], END - 24 * HOUR, END);
    expect(day).toHaveLength(24);
    expect(day.at(-1)).toEqual({ time: last, value: 1 });
    expect(day.filter((p) => p.value > 0)).toHaveLength(1);
    expect(fillHours([], END - 7 * 24 * HOUR, END)).toHaveLength(7 * 24);
    // A call in the range's first, partial hour (12:30 yesterday → the 12:00 bucket) is drawn.
    const early = fillHours([{ time: last - 24 * HOUR, value: 2 }], END - 24 * HOUR, END);
    expect(early).toHaveLength(25);
    expect(early[0]).toEqual({ time: last - 24 * HOUR, value: 2 });
  });

  it('puts round, whole-numbered ticks on the count axis that fit the largest value', () => {
    expect(niceTicks(1, true)).toEqual([0, 1]);
    expect(niceTicks(3, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7, true)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1234, true)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.003, false)).toEqual([0, 0.001, 0.002, 0.003]);
    expect(niceTicks(0, true)).toEqual([0, 1]);
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

  it('puts fewer ticks on a narrow plot, never fewer than two', () => {
    for (const days of [1, 7, 30]) {
      const hours = fillHours([], END - days * 24 * HOUR, END).map((p) => p.time);
      for (const most of [2, 3, 4]) {
        const ticks = timeTicks(hours, most);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(most);
      }
      expect(timeTicks(hours, 0.5).length).toBeLessThanOrEqual(2);
    }
  });

  it('labels ticks briefly: the hour for a day, the date for longer ranges', () => {
    const time = new Date(2026, 10, 21, 16).getTime() / 1000;
    expect(tickLabel(time, 24 * HOUR)).toMatch(/^\d{1,2}( [AP]M)?$/);
    expect(tickLabel(time, 7 * 24 * HOUR)).not.toMatch(/:/);
    expect(tickLabel(time, 7 * 24 * HOUR).length).toBeLessThanOrEqual(7);
  });

  it('shortens long model names in the middle, keeping the end that tells versions apart', () => {
    expect(shortLabel('gpt-4o', 10)).toBe('gpt-4o');
    const short = shortLabel('claude-3-5-sonnet-20241022', 15);
    expect(short).toHaveLength(15);
    expect(short.startsWith('claude-')).toBe(true);
    expect(short.endsWith('241022')).toBe(true);
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
