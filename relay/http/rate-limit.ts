export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts hits per key in fixed windows. A seam: several instances will share a Redis one. */
export interface RateLimiter {
  hit(key: string): RateDecision;
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
