// A relay setting's key in words: the English catalogue's labels are made from it
// (scripts/gen-settings-catalogue.ts), and the console falls back to it for a key the catalogue lacks.

/** Words of setting names that are written in capitals. */
const ACRONYMS = new Set(['api', 'smtp', 'lan', 'url', 'ip']);

/** `api_rate_limit` → "API rate limit". */
export function humanizeSettingKey(key: string): string {
  const text = key
    .split('_')
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
