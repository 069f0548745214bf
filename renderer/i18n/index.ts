// The console's one catalogue system (i18next + react-i18next). Every string a user reads comes
// from renderer/i18n/<language>/<area>.json: one file per console area (an i18next namespace),
// so work on different areas never touches the same file. English is the default and the
// fallback; test/unit/i18n/ fails on a key missing from either language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../relay/management/contract.js';

type Catalogue = Record<string, unknown>;

/** Every catalogue, bundled: `./en/keys.json` → resources.en.keys. */
function resources(): Record<string, Record<string, Catalogue>> {
  const files = import.meta.glob<Catalogue>('./*/*.json', { eager: true, import: 'default' });
  const out: Record<string, Record<string, Catalogue>> = {};
  for (const [path, catalogue] of Object.entries(files)) {
    const [, language, area] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (language === undefined || area === undefined) continue;
    (out[language] ??= {})[area] = catalogue;
  }
  return out;
}

const STORAGE_KEY = 'relaydesk.language';

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}

/** The browser's preferred languages mapped onto ours: any Chinese → zh-CN, else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): ConsoleLanguage {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  }
  return CONSOLE_LANGUAGES[0];
}

function storedLanguage(): ConsoleLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isConsoleLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the choice in this browser (used before sign-in; the account keeps it after). */
function rememberLocally(language: ConsoleLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be off (private windows): the choice lasts for this page only.
  }
}

void i18n.use(initReactI18next).init({
  resources: resources(),
  lng: storedLanguage() ?? browserLanguage(),
  fallbackLng: CONSOLE_LANGUAGES[0],
  supportedLngs: [...CONSOLE_LANGUAGES],
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false, // The catalogues are bundled: ready before the first render.
});

function showLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
showLanguage(i18n.language);
i18n.on('languageChanged', showLanguage);

/** The language the console shows now. */
export function currentLanguage(): ConsoleLanguage {
  return isConsoleLanguage(i18n.language) ? i18n.language : CONSOLE_LANGUAGES[0];
}

/** Switches the console's language and remembers it in this browser. */
export function switchLanguage(language: ConsoleLanguage): void {
  rememberLocally(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** After sign-in: the account's choice wins over this browser's ('' means the user never chose). */
export function adoptAccountLanguage(language: string): void {
  if (isConsoleLanguage(language)) switchLanguage(language);
}

export { i18n };
