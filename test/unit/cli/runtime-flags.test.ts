import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELAY_V8_FLAGS } from '../../../relay/config/runtime-flags.js';

describe('relay runtime flags', () => {
  it('npm start runs the relay with exactly the V8 flags it is benchmarked with', () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: { start: string } };
    const command = manifest.scripts.start.split('&&').at(-1)!.trim();
    expect(command).toBe(['node', ...RELAY_V8_FLAGS, 'dist/node/relay/start.js'].join(' '));
  });
});
