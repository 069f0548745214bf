// The units a call is billed by besides tokens (relay/ir/usage.ts, bundled: it has no
// imports), as the console writes them. Prices are stored in USD per unit and shown per an
// amount people price them by: per 1K search units, per image, per minute, per 1M characters.
import { BILLING_UNITS, type BillingUnit, type UnitCounts } from '../../relay/ir/usage.js';
import { formatPrice } from '../api/admin.js';
import { numberFormat } from '../i18n/format.js';
import { i18n } from '../i18n/index.js';
import { clean } from './money.js';

export { BILLING_UNITS, type BillingUnit, type UnitCounts };

interface UnitWords {
  one: string;
  many: string;
  /** How many units a shown price is for. */
  per: number;
  /** What a shown price is for, in words: "1K search units", "minute". */
  perText: string;
  /** The same, short, after a price: "$2/1K". */
  perShort: string;
}

/** A unit's words in the console's language (`common:units.<unit>.*`). */
function words(unit: BillingUnit, per: number): UnitWords {
  const word = (form: string) => i18n.t(`common:units.${unit}.${form}`);
  return {
    per,
    get one() {
      return word('one');
    },
    get many() {
      return word('many');
    },
    get perText() {
      return word('perText');
    },
    get perShort() {
      return word('perShort');
    },
  };
}

export const UNITS: Record<BillingUnit, UnitWords> = {
  requests: words('requests', 1000),
  search_units: words('search_units', 1000),
  images: words('images', 1),
  seconds: words('seconds', 60),
  characters: words('characters', 1_000_000),
};

/** USD per unit → the price as shown (USD per 1K search units, per minute, …). */
export function toShownPrice(unit: BillingUnit, usdPerUnit: number): number {
  return clean(usdPerUnit * UNITS[unit].per);
}

/** A shown price → USD per unit, as stored. */
export function toUnitPrice(unit: BillingUnit, shown: number): number {
  return clean(shown / UNITS[unit].per);
}

/** "$2 / 1K search units", "$0.04 / image". */
export function unitPriceText(unit: BillingUnit, usdPerUnit: number, factor = 1): string {
  return `${formatPrice(toShownPrice(unit, usdPerUnit * factor))} / ${UNITS[unit].perText}`;
}

// Seconds may be fractional (12.5 s of audio).

/** "1 search unit", "1,200 characters", "12.5 seconds". */
export function unitCount(unit: BillingUnit, count: number): string {
  return `${numberFormat({ maximumFractionDigits: 2 }).format(count)} ${count === 1 ? UNITS[unit].one : UNITS[unit].many}`;
}

/** The units named in `counts` (counts or prices) with a number, in the order of BILLING_UNITS; anything else is left out. */
export function unitsIn(counts: unknown): [BillingUnit, number][] {
  if (typeof counts !== 'object' || counts === null) return [];
  return BILLING_UNITS.flatMap((unit) => {
    const value = (counts as Partial<Record<string, unknown>>)[unit];
    return typeof value === 'number' && Number.isFinite(value) ? [[unit, value] as [BillingUnit, number]] : [];
  });
}
