import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const relayDir = join(import.meta.dirname, '../../relay');

describe('relay/ stays headless', () => {
  it('no file under relay/ imports electron', async () => {
    const files = (await readdir(relayDir, { recursive: true })).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const source = await readFile(join(relayDir, file), 'utf8');
      if (/\bfrom\s+['"]electron['"]|import\(\s*['"]electron['"]\s*\)|require\(\s*['"]electron['"]\s*\)/.test(source)) {
        offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });
});
