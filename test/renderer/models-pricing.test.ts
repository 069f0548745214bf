// The Models and pricing page's helpers: prices in USD from a record's ratios, short token
// counts, and the form's round trip from USD prices to ratios and back.
import { describe, expect, it } from 'vitest';
import { initialValues, toBody, validate } from '../../renderer/pages/admin/models/model-form.js';
import { priceOf, tokens } from '../../renderer/pages/admin/models/price.js';
import { modelRecord } from './helpers/model-records.js';

const model = modelRecord;

describe('model prices', () => {
  it('turns ratios into USD per million tokens (ratio 1 = $2 input)', () => {
    expect(priceOf(model({ model_ratio: 0.075, completion_ratio: 4 }), [])).toMatchObject({ kind: 'usage', tokens: { input: 0.15, output: 0.6 }, units: {} });
    expect(priceOf(model({ price_per_call: 0.01 }), [])).toMatchObject({ kind: 'call', perCall: 0.01 });
    expect(priceOf(model({ name: 'my-model' }), [])).toMatchObject({ kind: 'none' });
  });

  it('finds the price a record without one pays as the relay does: another record or a built-in price, by the longest prefix', () => {
    const house = model({ id: 2, name: 'house', price_per_call: 0.5 });
    const houseModel = model({ id: 3, name: 'house-model', model_ratio: 1, completion_ratio: 2 });
    // The longest name that starts it wins, whether its record comes first or not.
    for (const records of [[house, houseModel], [houseModel, house]]) {
      expect(priceOf(model({ name: 'house-model-v2', price_source: 'model' }), records)).toMatchObject({ kind: 'usage', tokens: { input: 2, output: 4 }, from: { name: 'house-model', builtIn: false } });
    }
    expect(priceOf(model({ name: 'house-2', price_source: 'model' }), [house, houseModel])).toMatchObject({ kind: 'call', perCall: 0.5, from: { name: 'house' } });
    // A record of a built-in name wins over the built-in price (gpt-4o-mini is $0.15 built in).
    const ownMini = model({ id: 4, name: 'gpt-4o-mini', model_ratio: 1 });
    expect(priceOf(model({ name: 'gpt-4o-mini-2024-07-18', price_source: 'model' }), [ownMini])).toMatchObject({ tokens: { input: 2 }, from: { name: 'gpt-4o-mini', builtIn: false } });
    expect(priceOf(model({ name: 'gpt-4o-mini-2024-07-18', price_source: 'default' }), [])).toMatchObject({ tokens: { input: 0.15 }, from: { name: 'gpt-4o-mini', builtIn: true } });
    // A record without a price prices nothing, and the record itself is not its own source.
    expect(priceOf(model({ name: 'house-x', price_source: 'none' }), [model({ id: 5, name: 'house' }), model({ id: 6, name: 'house-x' })]).kind).toBe('none');
    // Before the other records are read: where the relay says the price comes from.
    expect(priceOf(model({ name: 'house-model-v2', price_source: 'model' }), []).kind).toBe('record');
    expect(priceOf(model({ name: 'gpt-4o-mini-x', price_source: 'default' }), []).kind).toBe('usage');
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
    expect(validate({ ...initialValues(null, 'm'), input: '' }).input).toBe('A price in USD, e.g. 2.5. Empty only with a price per unit below.');
    expect(validate({ ...initialValues(null, 'm'), input: '0', output: '1' }).input).toMatch(/free input/);
  });

  it('stores unit prices per unit, shown per 1K search units, per image, per minute and per 1M characters', () => {
    const units = { requests: '10', search_units: '2', images: '0.04', seconds: '0.006', characters: '15' };
    const values = { ...initialValues(null, 'omni'), input: '2.5', units };
    expect(validate(values)).toEqual({});
    expect(toBody(values).unit_prices).toEqual({ requests: 0.01, search_units: 0.002, images: 0.04, seconds: 0.0001, characters: 0.000015 });
    const back = initialValues(model({ model_ratio: 1.25, unit_prices: toBody(values).unit_prices }), '');
    expect(back.units).toEqual(units);
  });

  it('prices a model per unit only: tokens free, no input price needed', () => {
    const values = { ...initialValues(null, 'rerank-v3.5'), units: { ...initialValues(null, '').units, search_units: '2' } };
    expect(validate(values)).toEqual({});
    expect(toBody(values)).toMatchObject({ model_ratio: null, completion_ratio: null, price_per_call: null, unit_prices: { search_units: 0.002 } });
    // Shown back as priced per unit, not as "Built-in price".
    expect(initialValues(model({ unit_prices: { search_units: 0.002 } }), '')).toMatchObject({ mode: 'token', input: '', units: { search_units: '2' } });
    expect(priceOf(model({ unit_prices: { search_units: 0.002 } }), [])).toEqual({ kind: 'usage', tokens: null, units: { search_units: 0.002 } });
    // Other token prices are relative to the input: they need it.
    expect(validate({ ...values, output: '1' }).input).toBe('Set the input price too: the other token prices are relative to it.');
  });

  it('refuses a negative or non-numeric unit price, and drops unit prices with a price per call', () => {
    const base = initialValues(null, 'm');
    const errors = validate({ ...base, input: '1', units: { ...base.units, images: '-0.04', seconds: 'free' } });
    expect([errors.images, errors.seconds]).toEqual(['A price in USD (0 or more), or empty.', 'A price in USD (0 or more), or empty.']);
    expect(toBody({ ...base, mode: 'call', perCall: '0.04', units: { ...base.units, images: '0.04' } }).unit_prices).toEqual({});
  });
});
