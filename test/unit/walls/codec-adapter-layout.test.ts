import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relayDir } from './import-graph.js';

// A newcomer finds the same files in every client codec and every provider adapter folder
// (README, Development: Layout), and no file of relay/ too long to read in one sitting.

const MAX_LINES = 420;
const PROTOCOL_FILES = ['codec.ts', 'decode-request.ts', 'encode-error.ts', 'encode-response.ts', 'encode-stream.ts', 'passthrough.ts'];
const PROVIDER_FILES = ['adapter.ts', 'build-request.ts', 'parse-response.ts', 'stream-decoder.ts'];

function folders(side: 'protocols' | 'providers'): string[] {
  return readdirSync(join(relayDir, side), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function filesIn(side: string, folder: string): string[] {
  return readdirSync(join(relayDir, side, folder)).filter((file) => file.endsWith('.ts'));
}

describe('protocol and provider folders', () => {
  it('every protocol folder has the same core files', () => {
    expect(folders('protocols').length).toBeGreaterThanOrEqual(4);
    for (const folder of folders('protocols')) expect(filesIn('protocols', folder), folder).toEqual(expect.arrayContaining(PROTOCOL_FILES));
  });

  it('every provider folder with its own wire has the same core files (advanced custom delegates to them)', () => {
    const own = folders('providers').filter((folder) => folder !== 'advanced-custom');
    expect(own.length).toBeGreaterThanOrEqual(4);
    for (const folder of own) expect(filesIn('providers', folder), folder).toEqual(expect.arrayContaining(PROVIDER_FILES));
  });

  it(`no file in relay/ is over ${MAX_LINES} lines`, () => {
    const files = readdirSync(relayDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const long: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(relayDir, file), 'utf8').split('\n').length;
      if (lines > MAX_LINES) long.push(`${file}: ${lines}`);
    }
    expect(long).toEqual([]);
  });
});
