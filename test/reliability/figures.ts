// How every reliability scenario reports its figures: a line each in
// test-results/reliability-figures.jsonl. No vitest here: the global teardown writes one too.
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type StoreName = 'embedded' | 'server';

export interface Figure {
  scenario: string;
  /** `both`: a figure of the whole suite, whose scenarios ran on both stores. */
  store: StoreName | 'both';
  runs: number;
  cases: number;
  held: string;
  worst: string;
  /** Scenarios that try many routes: the cases each route got, by route ("POST /v1/embeddings"). */
  casesPerRoute?: Record<string, number>;
}

/** Adds a line to test-results/reliability-figures.jsonl (the README's table is made from it). */
export async function recordFigure(figure: Figure): Promise<void> {
  const file = join(process.cwd(), 'test-results', 'reliability-figures.jsonl');
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify({ ...figure, at: new Date().toISOString() })}\n`);
}
