// The model form's values: from a record, checked, and turned into the API's body (prices in
// USD per million tokens become ratios).
import { ratioToUsd, usdToRatio, type ModelBody, type ModelMeta } from '../../../api/admin.js';
import { clean } from './price.js';

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
}

export type Errors = Partial<Record<keyof Values, string>>;

export const NUMBER = /^\d+(\.\d+)?$/;

export function num(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

export function validate(v: Values): Errors {
  const errors: Errors = {};
  const name = v.name.trim();
  if (name === '' || name.length > 128 || /\s/.test(name)) errors.name = 'A model name is 1–128 characters without spaces.';
  if (v.description.length > 2000) errors.description = 'At most 2000 characters.';
  const tags = v.tags.split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.length > 20 || tags.some((t) => t.length > 32)) errors.tags = 'At most 20 tags of at most 32 characters each.';
  for (const key of ['context', 'maxOutput'] as const) {
    if (v[key].trim() !== '' && (!/^\d+$/.test(v[key].trim()) || Number(v[key]) > 100_000_000)) errors[key] = 'A whole number of tokens (empty: unknown).';
  }
  const context = num(v.context) ?? 0;
  const maxOutput = num(v.maxOutput) ?? 0;
  if (errors.context === undefined && errors.maxOutput === undefined && context > 0 && maxOutput > context) errors.maxOutput = 'Cannot exceed the context length.';
  if (v.mode === 'token') {
    if (!NUMBER.test(v.input.trim())) errors.input = 'A price in USD, e.g. 2.5.';
    for (const key of ['output', 'cacheRead', 'cacheWrite'] as const) {
      if (v[key].trim() !== '' && !NUMBER.test(v[key].trim())) errors[key] = 'A price in USD, or empty for the input price.';
    }
    if (errors.input === undefined && Number(v.input) === 0 && ['output', 'cacheRead', 'cacheWrite'].some((k) => (num(v[k as 'output']) ?? 0) > 0)) {
      errors.input = 'With a free input, the other prices must be 0 too (they are set relative to the input).';
    }
    if (errors.input === undefined && usdToRatio(Number(v.input)) > 1_000_000) errors.input = 'Too high.';
  }
  if (v.mode === 'call' && !NUMBER.test(v.perCall.trim())) errors.perCall = 'A price in USD per call, e.g. 0.04.';
  return errors;
}

export function toBody(v: Values): ModelBody {
  const input = Number(v.input);
  const relative = (text: string): number | null => {
    const value = num(text);
    if (value === null || input === 0) return null;
    return clean(value / input);
  };
  return {
    name: v.name.trim(),
    supplier_id: Number(v.supplier),
    description: v.description.trim(),
    tags: [...new Set(v.tags.split(',').map((t) => t.trim()).filter(Boolean))],
    context_length: num(v.context) ?? 0,
    max_output_tokens: num(v.maxOutput) ?? 0,
    model_ratio: v.mode === 'token' ? clean(usdToRatio(input)) : null,
    price_per_call: v.mode === 'call' ? Number(v.perCall) : null,
    completion_ratio: v.mode === 'token' ? relative(v.output) : null,
    cache_ratio: v.mode === 'token' ? relative(v.cacheRead) : null,
    cache_write_ratio: v.mode === 'token' ? relative(v.cacheWrite) : null,
  };
}

export function initialValues(model: ModelMeta | null, name: string): Values {
  if (model === null)
    return { name, supplier: '0', description: '', tags: '', context: '', maxOutput: '', mode: 'token', input: '', output: '', cacheRead: '', cacheWrite: '', perCall: '' };
  const input = model.model_ratio !== null ? ratioToUsd(model.model_ratio) : 0;
  const relative = (ratio: number | null) => (ratio === null || model.model_ratio === null ? '' : String(clean(input * ratio)));
  return {
    name: model.name,
    supplier: String(model.supplier_id),
    description: model.description,
    tags: model.tags.join(', '),
    context: model.context_length > 0 ? String(model.context_length) : '',
    maxOutput: model.max_output_tokens > 0 ? String(model.max_output_tokens) : '',
    mode: model.price_per_call !== null ? 'call' : model.model_ratio !== null ? 'token' : 'default',
    input: model.model_ratio !== null ? String(clean(input)) : '',
    output: relative(model.completion_ratio),
    cacheRead: relative(model.cache_ratio),
    cacheWrite: relative(model.cache_write_ratio),
    perCall: model.price_per_call !== null ? String(model.price_per_call) : '',
  };
}
