export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts hits per key in fixed windows. A seam: several instances will share a Redis one. */
export interface RateLimiter {
  hit(key: string): RateDecision;
}

/** What a route needs of a limiter: one whose counts live elsewhere (Redis) may answer later. */
export interface SharedRateLimiter {
  hit(key: string): RateDecision | Promise<RateDecision>;
}

export function createFixedWindowLimiter(options: {
  limit: number;
  windowMs: number;
  clock?: () => number;
}): RateLimiter {
  const { limit, windowMs, clock = Date.now } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const now = clock();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    },
  };
}

/**
 * At most `limit` hits in any `windowMs` (a log of the allowed hits' times per key): no burst
 * of twice the limit across a window's edge. A refused hit is not counted; its retry-after is
 * the time until the oldest counted hit leaves the window. Counting and deciding is one
 * synchronous step, so concurrent requests can never exceed the limit.
 */
export function createSlidingWindowLimiter(options: { limit: number; windowMs: number; clock?: () => number }): RateLimiter {
  const { limit, windowMs, clock = Date.now } = options;
  const hits = new Map<string, number[]>();
  const expire = (times: number[], now: number) => {
    let gone = 0;
    while (gone < times.length && now - times[gone]! >= windowMs) gone++;
    if (gone > 0) times.splice(0, gone);
  };
  return {
    hit(key) {
      const now = clock();
      if (hits.size > 10_000) {
        for (const [k, times] of hits) {
          expire(times, now);
          if (times.length === 0) hits.delete(k);
        }
      }
      let times = hits.get(key);
      if (!times) hits.set(key, (times = []));
      expire(times, now);
      if (times.length < limit) {
        times.push(now);
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000)) };
    },
  };
}

/** Counts hits per key in shared fixed windows (relay/store/ports.ts RateCounters). */
interface Counters {
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

/**
 * A limiter counted by the store's rate counters (in this process, or in Redis across every
 * instance), under `name`; `limits` is read at each hit (a limit of 0 or less: none).
 */
export function countedLimiter(counters: Counters, name: string, limits: () => { limit: number; windowMs: number }): SharedRateLimiter {
  return {
    async hit(key) {
      const { limit, windowMs } = limits();
      if (!(limit > 0)) return { allowed: true };
      // A changed limit or window counts afresh (a new name), as a new limiter would.
      const decision = await counters.hit(`${name}:${limit}/${windowMs}:${key}`, limit, windowMs);
      return decision.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) };
    },
  };
}
