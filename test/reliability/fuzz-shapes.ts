// What every answer to bad input must look like (issue 18): never a 5xx the relay made itself,
// and a refusal in the route's own error shape.
import { expect } from 'vitest';
import { recordFigure, type StoreKind } from './stores.js';

export type Shape = 'openai' | 'anthropic' | 'gemini' | 'envelope';

export interface Answered {
  status: number;
  text: string;
  /** Whether the upstream was called while this case ran (a 502/503/504 is then its doing). */
  upstreamCalled: boolean;
}

function parsed(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error object of `shape`, or a message saying what is wrong with `text`. */
export function shapeProblem(shape: Shape, text: string): string | undefined {
  const body = parsed(text);
  const ok = (() => {
    switch (shape) {
      case 'openai':
        return typeof body?.error?.message === 'string' && typeof body.error.type === 'string';
      case 'anthropic':
        // interface.md: `{"error": {"type", "message"}}`, one top-level key (no `"type": "error"` beside it)
        return Object.keys(body ?? {}).join() === 'error' && typeof body.error?.type === 'string' && typeof body.error.message === 'string';
      case 'gemini':
        return typeof body?.error?.code === 'number' && typeof body.error.message === 'string' && typeof body.error.status === 'string';
      case 'envelope':
        return body?.success === false && typeof body.message === 'string';
    }
  })();
  return ok ? undefined : `not the ${shape} error shape: ${text.slice(0, 300)}`;
}

/** Asserts the properties for one answer; `label` says which case it was. */
export function expectSound(shape: Shape, answer: Answered, label: string): void {
  const { status } = answer;
  const upstreamFault = [502, 503, 504].includes(status) && answer.upstreamCalled;
  expect(status >= 500 && !upstreamFault, `${label}: ${status} ${answer.text.slice(0, 300)}`).toBe(false);
  // Node refuses a request line or headers past 16 KB itself (431, no body), before any route.
  if (status >= 400 && status !== 431) expect(shapeProblem(shape, answer.text), label).toBeUndefined();
}

/** Counts per route and per kind of damage, for the figures and the report. */
export class Tally {
  readonly byRoute = new Map<string, number>();
  readonly byStatus = new Map<number, number>();
  count(route: string, status: number): void {
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }
  get total(): number {
    return [...this.byRoute.values()].reduce((a, b) => a + b, 0);
  }
  summary(): string {
    return [...this.byRoute].map(([route, n]) => `${route} ${n}`).join(', ');
  }
}

/**
 * Records a fuzzing scenario's figure, its cases per route with it, and prints them; then, when every case
 * passed (`finished`; else that failure is the one to see), the control calls must all have
 * been answered, each within 2 s.
 */
export async function reportFuzzing(options: {
  scenario: string;
  store: StoreKind['name'];
  runs: number;
  tally: Tally;
  control: { worstMs: number; failures: number; calls: number };
  finished: boolean;
  note?: string;
}): Promise<void> {
  const { tally, control } = options;
  const answers = [...tally.byStatus].sort(([a], [b]) => a - b);
  await recordFigure({
    scenario: options.scenario,
    store: options.store,
    runs: 1,
    cases: tally.total,
    held: `${tally.byRoute.size} routes, ${options.runs} cases each and more; answers ${answers.map(([s, n]) => `${s}×${n}`).join(' ')}; control calls ${control.calls - control.failures} of ${control.calls}${options.note ?? ''}`,
    worst: `control call ${control.worstMs} ms; ${answers.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)} answers 5xx`,
    casesPerRoute: Object.fromEntries(tally.byRoute),
  });
  console.log(`${options.scenario} (${options.store}): ${tally.summary()}`);
  if (!options.finished) return;
  expect(control.failures).toBe(0);
  expect(control.worstMs).toBeLessThan(2_000);
}
