import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { leftForSweep } from './secret-sweep.js';

/**
 * A fresh folder under the system temp dir, removed when the current test ends (in the
 * reliability project, by the secret sweep once it has searched it). Call it in a test or a
 * beforeEach (vitest ignores an afterEach registered inside a running test).
 */
export async function tempDir(prefix = 'relaydesk-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (!leftForSweep({ kind: 'folder', path: dir })) onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
