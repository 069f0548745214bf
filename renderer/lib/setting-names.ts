// A relay setting in the console's words: the English settings catalogue is made from the relay's
// metadata by scripts/gen-settings-catalogue.ts, and the console falls back to the key in words for a
// setting the catalogue lacks.

/** Words of setting names written their own way (acronyms, names, units). */
const SPELLINGS: Record<string, string> = { api: 'API', smtp: 'SMTP', lan: 'LAN', url: 'URL', ip: 'IP', id: 'ID', oidc: 'OIDC', otlp: 'OTLP', github: 'GitHub', oauth: 'OAuth', usd: 'USD', mb: 'MB', kib: 'KiB' };

/** `api_rate_limit` → "API rate limit". */
export function humanizeSettingKey(key: string): string {
  const text = key
    .split('_')
    .map((word) => SPELLINGS[word] ?? word)
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A setting as the relay describes it (GET /api/option). */
interface SettingMeta {
  key: string;
  description: string;
  patternHint?: string;
  values?: readonly string[];
}

/** A setting's English catalogue entry: its name, description, the hint of a value its pattern refuses, and its choices. */
export function catalogueEntry(spec: SettingMeta): Record<string, unknown> {
  return {
    label: humanizeSettingKey(spec.key),
    description: spec.description,
    ...(spec.patternHint ? { patternHint: spec.patternHint } : {}),
    ...(spec.values ? { values: Object.fromEntries(spec.values.map((value) => [value, value])) } : {}),
  };
}
