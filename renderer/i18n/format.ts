// Dates, numbers and money in the console's current language (Intl; money is always US
// dollars). Formatters are cached per language and options: building one is not free.
import { currentLanguage } from './index.js';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, options: object, make: (locale: string) => F): F {
  const locale = currentLanguage();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (format === undefined) cache.set(key, (format = make(locale)));
  return format;
}

export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, options, (locale) => new Intl.NumberFormat(locale, options));
}

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** "Nov 24, 2026, 23:05" / "2026年11月24日 23:05". */
export function formatDateTime(ms: number): string {
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** "Nov 24, 2026" / "2026年11月24日". */
export function formatDate(ms: number): string {
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(ms);
}

/** A list of names: "a, b, and c" / "a、b和c". */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(items);
}
