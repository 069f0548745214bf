// `npm run bench -- --soak` (10 minutes per store; `--soak=N` seconds): constant load on one
// relay, the kinds of call taking turns in 30 s segments (chat JSON and SSE passed through,
// messages translated to chat and streamed, embeddings), RSS sampled after each segment.
// Memory is flat when what it grows between the second sample (V8 warmed up, pools full) and
// the last, per 100,000 calls, is about nothing; a leak of even a few bytes per call shows as
// a steady climb over the million-odd calls of ten minutes.
import type { Target } from './load.js';
import { runAutocannon } from './load.js';
import { rssMb } from './processes.js';

export interface SoakResult {
  seconds: number;
  calls: number;
  failed: number;
  samples: { calls: number; rss_mb: number }[];
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
    const result = await runAutocannon(target, stream, 10, Math.min(SEGMENT_SECONDS, seconds - elapsed), loadCore);
    calls += result.requests;
    failed += result.errors + result.non2xx;
    samples.push({ calls, rss_mb: rssMb(pid) });
    log(`  ${calls} calls (${failed} failed), RSS ${samples.at(-1)!.rss_mb.toFixed(0)} MB`);
  }
  return { seconds, calls, failed, samples, growth_mb_per_100k_calls: growthPer100k(samples) };
}

/** MB per 100,000 calls between the second sample and the last (0 with fewer than two after the first). */
export function growthPer100k(samples: SoakResult['samples']): number {
  const first = samples[Math.min(1, samples.length - 1)];
  const last = samples.at(-1);
  if (!first || !last || last.calls <= first.calls) return 0;
  return ((last.rss_mb - first.rss_mb) * 100_000) / (last.calls - first.calls);
}

export function printSoak(results: Record<string, SoakResult | string>, log: (text: string) => void): void {
  log('Soak (10 connections, the kinds of call taking turns every 30 s)');
  for (const [store, r] of Object.entries(results)) {
    if (typeof r === 'string') {
      log(`  ${store}: ${r}`);
      continue;
    }
    const rss = r.samples.map((x) => x.rss_mb.toFixed(0));
    log(`  ${store}: ${r.calls.toLocaleString()} calls in ${r.seconds} s (${r.failed} failed); RSS ${rss[0]} → ${rss[Math.min(1, rss.length - 1)]} … ${rss.at(-1)} MB (peak ${Math.max(...r.samples.map((x) => x.rss_mb)).toFixed(0)}); growth ${r.growth_mb_per_100k_calls.toFixed(2)} MB per 100k calls`);
  }
}
