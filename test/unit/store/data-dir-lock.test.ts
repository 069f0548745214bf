import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processState } from '../../../relay/store/data-dir-lock.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('data folder lock', () => {
  it('lets one holder at a time use a data folder', async () => {
    const dir = await tempDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('names the other live process', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'relaydesk.lock'), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(`pid ${process.ppid}`);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'relaydesk.lock'), '999999999');
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('reads the state of a /proc stat line, whatever the command name holds', () => {
    expect(processState('4242 (relaydesk) S 1 4242 4242 0 -1 4194560 1 0 0 0')).toBe('S');
    expect(processState('4243 (node) Z 4242 4243 4242 0 -1 4227084 0 0 0 0')).toBe('Z');
    expect(processState('4244 (a) b (Z) X) R 1 2 3')).toBe('R');
    expect(processState('4245 (my app) X 1 2 3')).toBe('X');
    expect(processState('')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux')('takes over a lock whose process is a zombie (exited, not reaped)', async () => {
    // The shell starts a short sleep in the background, prints its pid and becomes a long
    // sleep, which never reaps it: once the short one ends (after the exec) it stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      const deadline = Date.now() + 5_000;
      while (processState(await readFile(`/proc/${zombie}/stat`, 'utf8')) !== 'Z') {
        if (Date.now() > deadline) throw new Error(`pid ${zombie} did not become a zombie`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(() => process.kill(zombie, 0)).not.toThrow(); // what fooled the lock
      const dir = await tempDir();
      await writeFile(join(dir, 'relaydesk.lock'), String(zombie));
      const lock = await lockDataDir(dir);
      await lock.release();
    } finally {
      parent.kill();
    }
  });
});
