// The console's languages (renderer/i18n/): every string a user reads comes from a catalogue,
// every key the code asks for exists in every language, and the languages have the same keys.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES } from '../../../relay/management/contract.js';
import { bareText, baseKey, catalogues, keyUses, rel, RENDERER, sourceFiles } from './scan.js';
import { UNCONVERTED } from './unconverted.js';

const all = catalogues();
const [reference] = CONSOLE_LANGUAGES;

function keysOf(language: string, area: string): Set<string> {
  return new Set([...(all.get(language)?.get(area)?.keys() ?? [])].map(baseKey));
}
function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();
}

describe('the catalogue scanner', () => {
  it('finds text outside the catalogues and the keys asked for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaydesk-i18n-'));
    const file = join(dir, 'Sample.tsx');
    writeFileSync(
      file,
      `export function Sample({ busy }: { busy: boolean }) {
  const { t } = useTranslation('keys');
  setError('Could not save.');
  return <div title="Hover text"><p>Hello there</p><p>Relaydesk</p>{busy ? 'Saving…' : t('form.save')}<Trans i18nKey="common:shell.menu" />{t(\`status.\${busy}\`)}</div>;
}`,
    );
    expect(bareText(file).map((line) => line.replace(/^.*?:\d+ /, ''))).toEqual(["'Could not save.'", '"Hover text"', 'Hello there', "'Saving…'"]);
    expect(keyUses(file).map((use) => [use.areas.join(), use.key, use.prefixOnly])).toEqual([
      ['keys', 'form.save', false],
      ['common', 'shell.menu', false],
      ['keys', 'status.', true],
    ]);
  });
});

describe('console catalogues', () => {
  it('exist for every console language, with the same areas', () => {
    expect([...all.keys()].sort()).toEqual([...CONSOLE_LANGUAGES].sort());
    for (const language of CONSOLE_LANGUAGES) expect([...all.get(language)!.keys()].sort(), language).toEqual([...all.get(reference)!.keys()].sort());
  });

  it('have the same keys in every language, each with text and the same {{placeholders}}', () => {
    const problems: string[] = [];
    for (const [area, keys] of all.get(reference)!) {
      for (const language of CONSOLE_LANGUAGES) {
        const mine = all.get(language)?.get(area) ?? new Map<string, string>();
        const theirs = keysOf(language, area);
        for (const key of keysOf(reference, area)) if (!theirs.has(key)) problems.push(`${language}/${area}.json lacks ${key}`);
        for (const key of theirs) if (!keysOf(reference, area).has(key)) problems.push(`${language}/${area}.json has ${key}, which ${reference} lacks`);
        for (const [key, text] of mine) {
          if (text.trim() === '') problems.push(`${language}/${area}.json: ${key} is empty`);
          const english = keys.get(key) ?? keys.get(`${baseKey(key)}_other`);
          if (english !== undefined && variables(english).join() !== variables(text).join()) {
            problems.push(`${language}/${area}.json: ${key} has {{${variables(text).join(', ')}}}, ${reference} has {{${variables(english).join(', ')}}}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('have every key the console asks for, in every language', () => {
    const missing: string[] = [];
    for (const file of sourceFiles()) {
      for (const use of keyUses(file)) {
        for (const language of CONSOLE_LANGUAGES) {
          const found = use.areas.some((area) => {
            const keys = keysOf(language, area);
            return use.prefixOnly ? [...keys].some((key) => key.startsWith(use.key)) : keys.has(use.key);
          });
          if (!found) missing.push(`${use.file}:${use.line} ${use.areas.join('|')}:${use.key}${use.prefixOnly ? '…' : ''} (${language})`);
        }
      }
    }
    // The navigation's page names (pages/registry.tsx) are keys too.
    const registry = readFileSync(join(RENDERER, 'pages/registry.tsx'), 'utf8');
    for (const [, key] of registry.matchAll(/title: '([^']+)'/g)) {
      for (const language of CONSOLE_LANGUAGES) if (!keysOf(language, 'common').has(key!)) missing.push(`pages/registry.tsx common:${key} (${language})`);
    }
    expect(missing).toEqual([]);
  });

  it('are where all console text comes from (files not converted yet aside)', () => {
    const bare: string[] = [];
    const pending = new Set<string>();
    // An entry ending in / stands for every file under that folder (another helper's area in progress).
    const listed = (file: string) => UNCONVERTED.find((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    for (const file of sourceFiles()) {
      const text = bareText(file);
      const entry = listed(rel(file));
      if (entry === undefined) bare.push(...text);
      else if (text.length > 0) pending.add(entry);
    }
    const clean = UNCONVERTED.filter((entry) => !pending.has(entry));
    expect(bare, 'text written in the source: put it in renderer/i18n/<language>/<area>.json and show it with t()').toEqual([]);
    expect(clean, 'converted: take these off test/unit/i18n/unconverted.ts').toEqual([]);
    expect(UNCONVERTED.filter((file) => !existsSync(join(RENDERER, file))), 'gone: take these off test/unit/i18n/unconverted.ts').toEqual([]);
  });
});
