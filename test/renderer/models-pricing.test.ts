// The Models and pricing page's helpers: prices in USD from a record's ratios, short token
// counts, and the form's round trip from USD prices to ratios and back.
import { describe, expect, it } from 'vitest';
import type { ModelMeta } from '../../renderer/api/admin.js';
import { initialValues, toBody, validate } from '../../renderer/pages/admin/models/model-form.js';
import { priceOf, tokens } from '../../renderer/pages/admin/models/price.js';

function model(extra: Partial<ModelMeta>): ModelMeta {
  return {
    id: 1,
    name: 'gpt-4o-mini',
    supplier_id: 0,
    supplier_name: '',
    description: '',
    tags: [],
    endpoints: [],
    context_length: 0,
    max_output_tokens: 0,
    model_ratio: null,
    price_per_call: null,
    completion_ratio: null,
    cache_ratio: null,
    cache_write_ratio: null,
    price_source: 'none',
    enable_groups: [],
    channels: 0,
    ...extra,
  } as ModelMeta;
}

describe('model prices', () => {
  it('turns ratios into USD per million tokens (ratio 1 = $2 input)', () => {
    expect(priceOf(model({ model_ratio: 0.075, completion_ratio: 4 }))).toMatchObject({ kind: 'token', input: 0.15, output: 0.6 });
    expect(priceOf(model({ price_per_call: 0.01 }))).toMatchObject({ kind: 'call', input: 0.01 });
    expect(priceOf(model({ price_source: 'default' })).kind).toBe('default');
    expect(priceOf(model({})).kind).toBe('none');
  });

  it('writes token counts short', () => {
    expect(tokens(0)).toBe('—');
    expect(tokens(128_000)).toBe('128K');
    expect(tokens(16_384)).toBe('16K');
    expect(tokens(1_500_000)).toBe('1.5M');
    expect(tokens(1234)).toBe('1,234');
  });

  it('saves USD prices as ratios and shows them back in USD', () => {
    const values = { ...initialValues(null, 'gpt-4o-mini'), input: '0.15', output: '0.6', context: '128000' };
    expect(validate(values)).toEqual({});
    const body = toBody(values);
    expect(body).toMatchObject({ name: 'gpt-4o-mini', model_ratio: 0.075, completion_ratio: 4, cache_ratio: null, price_per_call: null, context_length: 128000 });
    const back = initialValues(model({ model_ratio: body.model_ratio, completion_ratio: body.completion_ratio ?? null }), '');
    expect(back).toMatchObject({ mode: 'token', input: '0.15', output: '0.6' });
  });

  it('refuses a missing input price and an output above a free input', () => {
    expect(validate({ ...initialValues(null, 'm'), input: '' }).input).toBe('A price in USD, e.g. 2.5.');
    expect(validate({ ...initialValues(null, 'm'), input: '0', output: '1' }).input).toMatch(/free input/);
  });
});
