// The model form's values: from a record, checked, and turned into the API's body (prices in
// USD per million tokens become ratios; unit prices, shown per 1K search units, per minute…,
// are stored per unit).
import { ratioToUsd, usdToRatio, type ModelBody, type ModelMeta } from '../../../api/admin.js';
import { clean } from '../../../lib/money.js';
import { i18n } from '../../../i18n/index.js';
import { BILLING_UNITS, toShownPrice, toUnitPrice, type BillingUnit, type UnitCounts } from '../../../lib/units.js';

export type Mode = 'token' | 'call' | 'default';

export interface Values {
  name: string;
  supplier: string;
  description: string;
  tags: string;
  context: string;
  maxOutput: string;
  mode: Mode;
  input: string;
  output: string;
  cacheRead: string;
  cacheWrite: string;
  perCall: string;
  /** Price per unit kind as shown (empty: not charged by that unit); with a price per token. */
  units: Record<BillingUnit, string>;
  /** Unit price multipliers by output size, as "1792x1024 = 1.67, 1024x1792 = 1.67" (empty: none). */
  sizes: string;
}

export type Errors = Partial<Record<keyof Values | BillingUnit, string>>;

const NO_UNIT_PRICES = Object.fromEntries(BILLING_UNITS.map((unit) => [unit, ''])) as Record<BillingUnit, string>;

export const NUMBER = /^\d+(\.\d+)?$/;

export function num(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

export function validate(v: Values): Errors {
  const errors: Errors = {};
  const name = v.name.trim();
  if (name === '' || name.length > 128 || /\s/.test(name)) errors.name = i18n.t('models:check.name');
  if (v.description.length > 2000) errors.description = i18n.t('models:check.description');
  const tags = v.tags.split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.length > 20 || tags.some((t) => t.length > 32)) errors.tags = i18n.t('models:check.tags');
  for (const key of ['context', 'maxOutput'] as const) {
    if (v[key].trim() !== '' && (!/^\d+$/.test(v[key].trim()) || Number(v[key]) > 100_000_000)) errors[key] = i18n.t('models:check.tokens');
  }
  const context = num(v.context) ?? 0;
  const maxOutput = num(v.maxOutput) ?? 0;
  if (errors.context === undefined && errors.maxOutput === undefined && context > 0 && maxOutput > context) errors.maxOutput = i18n.t('models:check.maxOutput');
  if (v.mode === 'token') {
    for (const unit of BILLING_UNITS) {
      if (v.units[unit].trim() !== '' && !NUMBER.test(v.units[unit].trim())) errors[unit] = i18n.t('models:check.unitPrice');
    }
    if (sizeRatios(v.sizes) === undefined) errors.sizes = i18n.t('models:check.sizes');
    const others = ['output', 'cacheRead', 'cacheWrite'] as const;
    for (const key of others) {
      if (v[key].trim() !== '' && !NUMBER.test(v[key].trim())) errors[key] = i18n.t('models:check.relative');
    }
    // Tokens may be free when the model is priced per unit only (a rerank model per search unit).
    if (v.input.trim() === '') {
      if (!hasUnitPrices(v)) errors.input = i18n.t('models:check.inputOrUnits');
      else if (others.some((key) => v[key].trim() !== '')) errors.input = i18n.t('models:check.inputToo');
    } else if (!NUMBER.test(v.input.trim())) {
      errors.input = i18n.t('models:check.input');
    } else if (Number(v.input) === 0 && others.some((key) => (num(v[key]) ?? 0) > 0)) {
      errors.input = i18n.t('models:check.freeInput');
    } else if (usdToRatio(Number(v.input)) > 1_000_000) {
      errors.input = i18n.t('models:check.tooHigh');
    }
  }
  if (v.mode === 'call' && !NUMBER.test(v.perCall.trim())) errors.perCall = i18n.t('models:check.perCall');
  return errors;
}

function hasUnitPrices(v: Values): boolean {
  return BILLING_UNITS.some((unit) => v.units[unit].trim() !== '');
}

export function toBody(v: Values): ModelBody {
  // No input price (only with unit prices): tokens are free.
  const input = v.mode === 'token' ? num(v.input) : null;
  const relative = (text: string): number | null => {
    const value = num(text);
    if (value === null || !input) return null;
    return clean(value / input);
  };
  return {
    name: v.name.trim(),
    supplier_id: Number(v.supplier),
    description: v.description.trim(),
    tags: [...new Set(v.tags.split(',').map((t) => t.trim()).filter(Boolean))],
    context_length: num(v.context) ?? 0,
    max_output_tokens: num(v.maxOutput) ?? 0,
    model_ratio: input !== null ? clean(usdToRatio(input)) : null,
    price_per_call: v.mode === 'call' ? Number(v.perCall) : null,
    completion_ratio: relative(v.output),
    cache_ratio: relative(v.cacheRead),
    cache_write_ratio: relative(v.cacheWrite),
    // A price per call replaces the prices per token and per unit: none are kept with it.
    unit_prices: v.mode === 'token' ? unitPrices(v.units) : {},
    size_ratios: v.mode === 'token' ? (sizeRatios(v.sizes) ?? {}) : {},
  };
}

const SIZE_RATIO = /^([1-9]\d{1,4}x[1-9]\d{1,4})\s*=\s*(\d+(?:\.\d+)?)$/;

/** "1792x1024 = 1.67, …" as the API's size_ratios; undefined when a part is not of that form. */
export function sizeRatios(text: string): Record<string, number> | undefined {
  const ratios: Record<string, number> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = SIZE_RATIO.exec(part);
    if (!match) return undefined;
    ratios[match[1]!] = Number(match[2]);
  }
  return ratios;
}

function unitPrices(shown: Values['units']): UnitCounts {
  const prices: UnitCounts = {};
  for (const unit of BILLING_UNITS) {
    const value = num(shown[unit]);
    if (value !== null) prices[unit] = toUnitPrice(unit, value);
  }
  return prices;
}

export function initialValues(model: ModelMeta | null, name: string): Values {
  if (model === null)
    return { name, supplier: '0', description: '', tags: '', context: '', maxOutput: '', mode: 'token', input: '', output: '', cacheRead: '', cacheWrite: '', perCall: '', units: NO_UNIT_PRICES, sizes: '' };
  const input = model.model_ratio !== null ? ratioToUsd(model.model_ratio) : 0;
  const relative = (ratio: number | null) => (ratio === null || model.model_ratio === null ? '' : String(clean(input * ratio)));
  return {
    name: model.name,
    supplier: String(model.supplier_id),
    description: model.description,
    tags: model.tags.join(', '),
    context: model.context_length > 0 ? String(model.context_length) : '',
    maxOutput: model.max_output_tokens > 0 ? String(model.max_output_tokens) : '',
    mode: model.price_per_call !== null ? 'call' : model.model_ratio !== null || Object.keys(model.unit_prices).length > 0 ? 'token' : 'default',
    input: model.model_ratio !== null ? String(clean(input)) : '',
    output: relative(model.completion_ratio),
    cacheRead: relative(model.cache_ratio),
    cacheWrite: relative(model.cache_write_ratio),
    perCall: model.price_per_call !== null ? String(model.price_per_call) : '',
    units: Object.fromEntries(BILLING_UNITS.map((unit) => [unit, shownUnitPrice(unit, model.unit_prices[unit])])) as Record<BillingUnit, string>,
    sizes: Object.entries(model.size_ratios).map(([size, ratio]) => `${size} = ${ratio}`).join(', '),
  };
}

function shownUnitPrice(unit: BillingUnit, usdPerUnit: number | undefined): string {
  return usdPerUnit === undefined ? '' : String(toShownPrice(unit, usdPerUnit));
}
