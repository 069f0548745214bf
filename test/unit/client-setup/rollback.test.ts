// A client whose setup is several files (Gemini CLI: .env with the key, and settings.json)
// is written whole or not at all: a failure on a later file puts back the earlier ones.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

const failRenameInto = vi.hoisted(() => ({ path: '' }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    rename: (from: string, to: string) => (to === failRenameInto.path ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })) : real.rename(from, to)),
  };
});

const { writeClientConfig } = await import('../../../relay/client-setup/files.js');

let home = '';
beforeEach(async () => {
  home = await tempDir('relaydesk-home-');
  vi.stubEnv('RELAYDESK_CLIENT_HOME', home);
});
afterEach(() => {
  vi.unstubAllEnvs();
  failRenameInto.path = '';
});

describe('writeClientConfig, when a later file cannot be written', () => {
  it('puts the earlier files back as they were, and says why it failed', async () => {
    const gemini = join(home, '.gemini');
    await mkdir(gemini, { recursive: true });
    await writeFile(join(gemini, '.env'), 'GEMINI_API_KEY=old-key\n');
    failRenameInto.path = join(gemini, 'settings.json');

    await expect(writeClientConfig('gemini-cli', 'http://127.0.0.1:3000', 'sk-new-key')).rejects.toThrow(/ENOSPC/);
    expect(await readFile(join(gemini, '.env'), 'utf8')).toBe('GEMINI_API_KEY=old-key\n');
    const left = await readdir(gemini);
    expect(left.filter((name) => name.includes('settings.json') && !name.includes('backup'))).toEqual([]);
    expect(left.join(' ')).not.toContain('sk-new-key');
  });

  it('writes both when nothing fails (the same path, for contrast)', async () => {
    const result = await writeClientConfig('gemini-cli', 'http://127.0.0.1:3000', 'sk-new-key');
    expect(result.files.map((f) => f.path)).toEqual([join(home, '.gemini', '.env'), join(home, '.gemini', 'settings.json')]);
    expect(await readFile(join(home, '.gemini', '.env'), 'utf8')).toContain('sk-new-key');
  });
});
