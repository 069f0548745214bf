import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter } from '../../../relay/http/rate-limit.js';

describe('sliding-window limiter', () => {
  it('allows the limit in any window, never twice the limit across a window edge', () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({ limit: 3, windowMs: 60_000, clock: () => now });
    now = 59_000;
    for (let i = 0; i < 3; i++) expect(limiter.hit('a').allowed).toBe(true);
    // A fixed window starting at 0 would open again at 60 s; these three hits are still in the last minute.
    now = 61_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 58 });
    now = 119_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('says when the oldest counted hit leaves the window, and does not count refusals', () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: 10_000, clock: () => now });
    expect(limiter.hit('a').allowed).toBe(true);
    now = 4_000;
    expect(limiter.hit('a').allowed).toBe(true);
    now = 5_500;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 5 });
    now = 10_000;
    expect(limiter.hit('a').allowed).toBe(true); // the first hit left; the refused one took no slot
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('keeps keys apart', () => {
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000, clock: () => 0 });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });
});
