// `npm run bench -- --soak` (10 minutes per store; `--soak=N` seconds): constant load on one
// relay, the kinds of call taking turns in 30 s segments (chat JSON and SSE passed through,
// messages translated to chat and streamed, embeddings), RSS sampled after each segment.
// Memory is flat when the trend of the lowest RSS of each segment (after the first: V8 warmed
// up, pools full), per 100,000 calls, is about nothing; a leak of even a few bytes per call
// shows as a steady climb over the million-odd calls of ten minutes.
import type { Target } from './load.js';
import { runAutocannon } from './load.js';
import { rssMb } from './processes.js';

export interface SoakResult {
  seconds: number;
  calls: number;
  failed: number;
  /** After each segment: calls so far, and the lowest and highest RSS seen during it (sampled every 250 ms). */
  samples: { calls: number; rss_min_mb: number; rss_max_mb: number }[];
  growth_mb_per_100k_calls: number;
}

const SEGMENT_SECONDS = 30;

/** The kinds taking turns: [target, streamed]. */
export function soakMix(targets: { relay: Target; translated: Target; embeddings: Target }): [Target, boolean][] {
  return [
    [targets.relay, false],
    [targets.relay, true],
    [targets.translated, true],
    [targets.embeddings, false],
  ];
}

export async function soak(mix: [Target, boolean][], pid: number, seconds: number, loadCore: number, log: (text: string) => void): Promise<SoakResult> {
  const samples: SoakResult['samples'] = [];
  let calls = 0;
  let failed = 0;
  for (let elapsed = 0, i = 0; elapsed < seconds; elapsed += SEGMENT_SECONDS, i++) {
    const [target, stream] = mix[i % mix.length]!;
    let low = Infinity;
    let high = 0;
    const sampler = setInterval(() => {
      const rss = rssMb(pid);
      low = Math.min(low, rss);
      high = Math.max(high, rss);
    }, 250);
    const result = await runAutocannon(target, stream, 10, Math.min(SEGMENT_SECONDS, seconds - elapsed), loadCore);
    clearInterval(sampler);
    calls += result.requests;
    failed += result.errors + result.non2xx;
    samples.push({ calls, rss_min_mb: Math.min(low, rssMb(pid)), rss_max_mb: Math.max(high, rssMb(pid)) });
    log(`  ${calls} calls (${failed} failed), RSS ${samples.at(-1)!.rss_min_mb.toFixed(0)}–${samples.at(-1)!.rss_max_mb.toFixed(0)} MB`);
  }
  return { seconds, calls, failed, samples, growth_mb_per_100k_calls: growthPer100k(samples) };
}

/**
 * The trend of memory per 100,000 calls: the least-squares slope of each segment's lowest RSS
 * (what is left after the collector ran: the sawtooth of garbage between collections would
 * swamp a first-and-last difference) against calls, the first segment (warm-up) left out.
 */
export function growthPer100k(samples: SoakResult['samples']): number {
  const points = samples.slice(1);
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.calls, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.rss_min_mb, 0) / points.length;
  const covariance = points.reduce((sum, p) => sum + (p.calls - meanX) * (p.rss_min_mb - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.calls - meanX) ** 2, 0);
  return variance === 0 ? 0 : (covariance / variance) * 100_000;
}

/**
 * The bound the soak holds memory to: 1 MB per 100,000 calls. The README's ten-minute runs
 * measured +0.11 and −0.02 MB per 100k calls (noise), and a leak of 10 bytes a call is 1 MB per
 * 100k: at this bound, a 10-minute soak of ~1.3 million calls ends ~13 MB higher, far above the
 * noise of the lowest RSS per segment.
 */
export const GROWTH_BOUND_MB_PER_100K_CALLS = 1;
/** Samples after the warm-up segment needed to judge a trend (a 2-minute soak: four points). */
export const SAMPLES_TO_JUDGE = 3;

export interface SoakVerdict {
  ok: boolean;
  /** What was decided and why, for the report. */
  says: string;
}

/** Whether a soak's memory stayed flat: its trend at most the bound; too short a soak is not judged. */
export function soakVerdict(result: SoakResult, bound = GROWTH_BOUND_MB_PER_100K_CALLS): SoakVerdict {
  const trend = result.growth_mb_per_100k_calls;
  if (result.samples.length - 1 < SAMPLES_TO_JUDGE) return { ok: true, says: `not judged: ${result.samples.length} segments, ${SAMPLES_TO_JUDGE + 1} needed (a soak of ${(SAMPLES_TO_JUDGE + 1) * SEGMENT_SECONDS} s or more)` };
  if (trend > bound) return { ok: false, says: `memory grows: trend ${trend.toFixed(2)} MB per 100k calls, over the bound of ${bound} MB` };
  return { ok: true, says: `flat: trend ${trend.toFixed(2)} MB per 100k calls, within the bound of ${bound} MB` };
}

/** Prints each store's soak and its verdict; answers whether every soak that ran held its bound. */
export function printSoak(results: Record<string, SoakResult | string>, log: (text: string) => void): boolean {
  log('Soak (10 connections, the kinds of call taking turns every 30 s)');
  let held = true;
  for (const [store, r] of Object.entries(results)) {
    if (typeof r === 'string') {
      log(`  ${store}: ${r}`);
      continue;
    }
    const lows = r.samples.map((x) => x.rss_min_mb.toFixed(0));
    log(`  ${store}: ${r.calls.toLocaleString()} calls in ${r.seconds} s (${r.failed} failed); lowest RSS per segment ${lows.join(' ')} MB, peak ${Math.max(...r.samples.map((x) => x.rss_max_mb)).toFixed(0)} MB; trend ${r.growth_mb_per_100k_calls.toFixed(2)} MB per 100k calls`);
    const verdict = soakVerdict(r);
    log(`  ${store}: ${verdict.ok ? '' : 'FAILED: '}${verdict.says}`);
    held &&= verdict.ok;
  }
  return held;
}
