// A fresh clone has nothing beside it: no file of the repository may point at the reference
// folder the project was written next to. The needles are built from pieces so this file
// does not match itself.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const folder = ['sha', 'red'].join('');
const needles = [`../${folder}`, `${folder}/spec`, `${folder}/design`];

/** Tracked files plus new ones not ignored, as git sees them (deleted ones and links to folders skipped). */
function repositoryFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...new Set(listing.split('\0').filter(Boolean))].filter((file) => file !== 'package-lock.json' && statSync(join(root, file), { throwIfNoEntry: false })?.isFile());
}

describe('the repository is self-contained', () => {
  it('no file refers to the reference folder outside the repository', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('test/unit/repository-self-contained.test.ts');
    const offenders: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(root, file));
      if (bytes.subarray(0, 8000).includes(0)) continue; // binary
      const text = bytes.toString('utf8');
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        const needle = needles.find((n) => line.includes(n));
        if (needle) offenders.push(`${file}:${index + 1}: ${needle}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
