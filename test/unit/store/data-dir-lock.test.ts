import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../relay/store/data-dir-lock.js';
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
});
