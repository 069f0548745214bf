// `npm start` builds first (scripts/ensure-built.mjs). A build that fails must leave nothing
// a later start takes for a build: the first start on a machine without keytar used to stop
// on a type error, and the second ran what that failed build had left in dist/.
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_STEPS, ensureBuilt, isBuilt } from '../../../scripts/ensure-built.mjs';
import type { BuildStep } from '../../../scripts/ensure-built.mjs';
import { tempDir } from '../../helpers/temp-dir.js';

const repo = join(import.meta.dirname, '../../..');
const relayStep = BUILD_STEPS.find((step) => step.name === 'relay')!;

function write(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Marks a source as edited after every build so far. */
function touchLater(root: string, path: string): void {
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(root, path), later, later);
}

describe('ensure-built', () => {
  it('a type error emits nothing and is not taken for a build: the next start builds again', async () => {
    // The repository's own tsc settings, on a two-file relay/.
    const root = await tempDir();
    for (const file of ['package.json', 'tsconfig.base.json', 'tsconfig.json', 'tsconfig.build.json']) copyFileSync(join(repo, file), join(root, file));
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
    write(root, 'relay/good.ts', 'export const good = 1;\n');
    write(root, 'relay/bad.ts', "export const port: number = 'not a number';\n");
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);

    expect(ensureBuilt(root, [relayStep], log)).toBe(false);
    expect(existsSync(join(root, 'dist/node/relay/good.js'))).toBe(false);
    expect(isBuilt(root, relayStep)).toBe(false);
    expect(ensureBuilt(root, [relayStep], log)).toBe(false);
    expect(logged).toEqual([relayStep.label, relayStep.label]);

    write(root, 'relay/bad.ts', 'export const port: number = 3000;\n');
    expect(ensureBuilt(root, [relayStep], log)).toBe(true);
    expect(existsSync(join(root, 'dist/node/relay/good.js'))).toBe(true);
    expect(ensureBuilt(root, [relayStep], log)).toBe(true);
    expect(logged).toHaveLength(3); // built once more, then up to date
  });

  it('a build that fails after writing part of its output is not taken for a build', async () => {
    const root = await tempDir();
    // A stand-in for vite: writes index.html, then exits with the code in ./exit-code.
    write(root, 'node_modules/.bin/fake-vite', '#!/bin/sh\nmkdir -p dist/renderer && echo built > dist/renderer/index.html\nexit $(cat exit-code)\n');
    chmodSync(join(root, 'node_modules/.bin/fake-vite'), 0o755);
    write(root, 'renderer/main.tsx', 'export {};\n');
    const step: BuildStep = { name: 'console', label: 'Building the console…', inputs: ['renderer'], command: ['fake-vite', []] };

    write(root, 'exit-code', '0');
    expect(ensureBuilt(root, [step], () => {})).toBe(true);
    expect(isBuilt(root, step)).toBe(true);

    touchLater(root, 'renderer/main.tsx');
    write(root, 'exit-code', '1');
    expect(ensureBuilt(root, [step], () => {})).toBe(false);
    touchLater(root, 'dist/renderer/index.html'); // output newer than the sources, yet failed
    expect(isBuilt(root, step)).toBe(false);
  });

  it('the console is optional: when only its bundler fails the relay still starts, with no half-built console to serve', async () => {
    const root = await tempDir();
    // A stand-in for a vite whose native bundler is missing: writes part of its output, then fails.
    write(root, 'node_modules/.bin/fake-vite', '#!/bin/sh\nmkdir -p dist/renderer && echo half > dist/renderer/index.html\necho "Error: Cannot find native binding" >&2\nexit 1\n');
    chmodSync(join(root, 'node_modules/.bin/fake-vite'), 0o755);
    write(root, 'renderer/main.tsx', 'export {};\n');
    const consoleStep = BUILD_STEPS.find((step) => step.name === 'console')!;
    const step: BuildStep = { ...consoleStep, inputs: ['renderer'], command: ['fake-vite', []] };

    const said: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void said.push(line));
    try {
      expect(ensureBuilt(root, [step], () => {})).toBe(true);
    } finally {
      error.mockRestore();
    }
    expect(existsSync(join(root, 'dist/renderer/index.html'))).toBe(false);
    // One line saying what to do, and where the bundler's own output went (not onto the terminal).
    expect(said).toEqual([expect.stringMatching(/starts without it .*dist\/\.build\/console-build\.log$/)]);
    expect(readFileSync(join(root, 'dist/.build/console-build.log'), 'utf8')).toContain('Cannot find native binding');
    expect(isBuilt(root, step)).toBe(false); // tried again at the next start
  });
});
