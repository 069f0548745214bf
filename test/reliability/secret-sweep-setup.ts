import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type {} from '../helpers/secret-sweep.js';
import { recordFigure, type Figure } from './figures.js';
import { removeRecorded, scanRecorded, type SweepResult } from './secret-scan.js';

// The reliability project's secret sweep (issue 18): a folder the tests' helpers record in
// (test/helpers/secret-sweep.ts), and after the whole suite a search of everything recorded for
// every secret used; one found fails the run. Listed after servers-setup.ts, so this teardown
// runs first, while PostgreSQL and Redis are still there to be dumped.

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'relaydesk-secret-sweep-'));
  project.provide('secretSweep', folder);
  // It never throws: vitest would skip the teardowns after it (the servers' stop). A secret found,
  // or a sweep that could not finish, is printed and sets the exit status instead.
  return async () => {
    try {
      const result = await scanRecorded(folder).finally(() => removeRecorded(folder));
      await recordFigure(sweepFigure(result));
      const failure = sweepFailure(result);
      if (failure) fail(failure);
      else console.log(`Secret sweep: ${sweepFigure(result).held}`);
    } catch (error) {
      fail(new Error(`The secret sweep could not search everything: ${(error as Error).stack ?? error}`));
    }
  };
}

function fail(error: Error): void {
  console.error(error.message);
  process.exitCode = 1;
}

export function sweepFigure(result: SweepResult): Figure {
  const places = Object.entries(result.searched).map(([kind, n]) => `${n} ${kind}`).join(', ');
  return {
    scenario: 'secrets after the whole suite (grep of what every scenario left)',
    store: 'both',
    runs: 1,
    cases: result.secrets,
    held: `${result.secrets} secrets used (${result.kinds.join(', ')}) searched for in ${places}: ${result.found.length} found`,
    worst: result.found[0] ?? 'none',
  };
}

/** The error that fails the run, when the sweep found a secret. */
export function sweepFailure(result: SweepResult): Error | undefined {
  if (result.found.length === 0) return undefined;
  return new Error(`The secret sweep found ${result.found.length} secrets where none may be:\n${result.found.slice(0, 50).join('\n')}`);
}
