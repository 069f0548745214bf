// Budget periods in a time zone's calendar: a day from local midnight, a week from Monday, a
// calendar month, across daylight-saving changes; clocks given, never read.
import { describe, expect, it } from 'vitest';
import { isTimeZone, periodAt } from '../../../relay/billing/budget-periods.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('budget periods', () => {
  it('starts a day at the zone’s midnight, not UTC’s', () => {
    // 01:30 in Shanghai (UTC+8) on the 25th is 17:30 UTC on the 24th.
    expect(periodAt('day', at('2026-11-24T17:30:00Z'), 'Asia/Shanghai')).toEqual({ key: '2026-11-25', endsAt: at('2026-11-25T16:00:00Z') });
    expect(periodAt('day', at('2026-11-24T17:30:00Z'), 'UTC')).toEqual({ key: '2026-11-24', endsAt: at('2026-11-25T00:00:00Z') });
    expect(periodAt('day', at('2026-11-24T15:59:59.999Z'), 'Asia/Shanghai').key).toBe('2026-11-24');
  });

  it('keeps a day 23 or 25 hours long when the clocks change', () => {
    // Berlin moves to summer time on 29 March 2026 (02:00 → 03:00) and back on 25 October.
    const spring = periodAt('day', at('2026-03-29T00:30:00Z'), 'Europe/Berlin');
    expect(spring.key).toBe('2026-03-29');
    expect(iso(spring.endsAt)).toBe('2026-03-29T22:00:00.000Z');
    const autumn = periodAt('day', at('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn.endsAt)).toBe('2026-10-25T23:00:00.000Z');
    expect(periodAt('day', at('2026-10-24T21:59:00Z'), 'Europe/Berlin').key).toBe('2026-10-24');
    expect(periodAt('day', at('2026-10-24T22:00:00Z'), 'Europe/Berlin').key).toBe('2026-10-25');
  });

  it('starts a week on Monday and a month on the 1st, in the zone', () => {
    // Sunday 29 November 2026, 20:00 in New York (UTC-5) is Monday 01:00 UTC.
    const sunday = at('2026-11-30T01:00:00Z');
    expect(periodAt('week', sunday, 'America/New_York')).toEqual({ key: '2026-11-23', endsAt: at('2026-11-30T05:00:00Z') });
    expect(periodAt('week', sunday, 'UTC').key).toBe('2026-11-30');
    expect(periodAt('month', sunday, 'America/New_York')).toEqual({ key: '2026-11', endsAt: at('2026-12-01T05:00:00Z') });
    expect(periodAt('month', at('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toEqual({ key: '2027-01', endsAt: at('2027-01-31T15:00:00Z') });
  });

  it('knows time zone names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
