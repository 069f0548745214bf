// The Settings page names and describes every relay setting from the `settings` catalogue
// (renderer/i18n/<language>/settings.json): a setting the relay defines (relay/settings.ts) must be in
// every language, and the English text (name, description, pattern hint, choices) must be the relay's own (regenerate it with
// `npx tsx scripts/gen-settings-catalogue.ts`). Section names are in operators.json's settings.groups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES } from '../../../relay/management/contract.js';
import { OPTION_GROUPS, optionSpecs } from '../../../relay/settings.js';
import { catalogueEntry } from '../../../renderer/lib/setting-names.js';
import { catalogues, RENDERER } from './scan.js';

const all = catalogues();
const specs = optionSpecs();
const slug = (group: string) => group.toLowerCase().replace(/[^a-z0-9]+/g, '-');

describe('the settings catalogue', () => {
  it('names and describes every setting the relay has, in every language', () => {
    const missing: string[] = [];
    for (const language of CONSOLE_LANGUAGES) {
      const keys = all.get(language)?.get('settings') ?? new Map<string, string>();
      for (const spec of specs) for (const part of ['label', 'description']) if (!keys.get(`${spec.key}.${part}`)?.trim()) missing.push(`${language}/settings.json lacks ${spec.key}.${part}`);
      for (const key of keys.keys()) if (!specs.some((spec) => key.startsWith(`${spec.key}.`))) missing.push(`${language}/settings.json has ${key}, which the relay does not define`);
    }
    expect(missing).toEqual([]);
  });

  it('says in English what the relay says (run scripts/gen-settings-catalogue.ts after changing relay/settings.ts)', () => {
    const english = JSON.parse(readFileSync(join(RENDERER, 'i18n/en/settings.json'), 'utf8')) as Record<string, unknown>;
    const stale = specs.filter((spec) => JSON.stringify(english[spec.key]) !== JSON.stringify(catalogueEntry(spec))).map((spec) => spec.key);
    expect(stale).toEqual([]);
  });

  it('names every settings section in every language', () => {
    const missing = CONSOLE_LANGUAGES.flatMap((language) => OPTION_GROUPS.filter((group) => !all.get(language)?.get('operators')?.has(`settings.groups.${slug(group)}`)).map((group) => `${language}: ${group}`));
    expect(missing).toEqual([]);
  });
});
