// The soak's pass or fail (test/bench/soak.ts): memory growing more than the bound per 100,000
// calls fails it, within the bound or shrinking passes, and a soak too short to show a trend is
// not judged.
import { describe, expect, it } from 'vitest';
import { GROWTH_BOUND_MB_PER_100K_CALLS, growthPer100k, soakVerdict, type SoakResult } from '../../bench/soak.js';

/** A soak of `segments` segments of 130,000 calls each whose lowest RSS climbs `mbPer100k` per 100k calls after a warm-up of 20 MB. */
function soakOf(segments: number, mbPer100k: number, noise: number[] = []): SoakResult {
  const samples = Array.from({ length: segments }, (_, i) => {
    const calls = (i + 1) * 130_000;
    const rss = 100 + (i === 0 ? -20 : (calls / 100_000) * mbPer100k) + (noise[i] ?? 0);
    return { calls, rss_min_mb: rss, rss_max_mb: rss + 40 };
  });
  return { seconds: segments * 30, calls: segments * 130_000, failed: 0, samples, growth_mb_per_100k_calls: growthPer100k(samples) };
}

describe('the soak verdict', () => {
  it('fails a soak whose memory grows past the bound, and says by how much', () => {
    const verdict = soakVerdict(soakOf(20, 1.5));
    expect(verdict.ok).toBe(false);
    expect(verdict.says).toMatch(/^memory grows: trend 1\.50 MB per 100k calls, over the bound of 1 MB/);
  });

  it('passes a flat or shrinking soak, and one just within the bound, noise and the warm-up aside', () => {
    expect(soakVerdict(soakOf(20, 0, [0, 3, -2, 4, -3, 1, 2, -4, 0, 3, -1, 2, -2, 0, 4, -3, 1, 0, -1, 2])).ok).toBe(true);
    expect(soakVerdict(soakOf(20, -0.5)).ok).toBe(true);
    expect(soakVerdict(soakOf(20, GROWTH_BOUND_MB_PER_100K_CALLS)).says).toMatch(/^flat: trend 1\.00/);
  });

  it('does not judge a soak of fewer than four segments, whatever its slope', () => {
    const short = soakVerdict({ ...soakOf(3, 50), growth_mb_per_100k_calls: 50 });
    expect(short).toEqual({ ok: true, says: expect.stringMatching(/^not judged: 3 segments, 4 needed/) });
    expect(soakVerdict(soakOf(4, 50)).ok).toBe(false);
  });

  it('takes a bound of its own', () => {
    expect(soakVerdict(soakOf(10, 0.3), 0.2).ok).toBe(false);
  });
});
