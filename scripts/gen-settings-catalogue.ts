// Writes the English settings catalogue (renderer/i18n/en/settings.json) from the relay's settings
// metadata (relay/settings.ts): each setting's label (its key in words), description, pattern hint and
// choices, keyed by the setting's key. Run after adding or rewording a setting:
// `npx tsx scripts/gen-settings-catalogue.ts`; then add the same keys to the other languages
// (test/unit/i18n fails until they have them).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optionSpecs } from '../relay/settings.js';
import { catalogueEntry } from '../renderer/lib/setting-names.js';

const catalogue = Object.fromEntries(optionSpecs().map((spec) => [spec.key, catalogueEntry(spec)]));
const file = fileURLToPath(new URL('../renderer/i18n/en/settings.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
console.log(`${Object.keys(catalogue).length} settings written to ${file}`);
