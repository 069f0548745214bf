import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A fresh folder under the system temp dir, removed after the current test. */
export async function tempDir(prefix = 'relaydesk-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  afterEach(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
