// POST /api/models/prices/import: a price catalogue in the models API's shape, its diff shown
// first (added, changed with before and after, unchanged) and saved only when applied.
import { describe, expect, it } from 'vitest';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';

async function admin() {
  const relay = await startTestRelay();
  const client = await setupAndLogin(relay);
  const made = await client.call('POST', '/api/models/meta', { name: 'kept', model_ratio: 1, completion_ratio: 4, description: 'stays' });
  expect(made.json.success, made.text).toBe(true);
  await client.call('POST', '/api/models/meta', { name: 'repriced', model_ratio: 2, cache_ratio: 0.5 });
  return client;
}

const CATALOGUE = [
  // As GET /api/models/meta lists it: other fields (id, description, channels…) are ignored.
  { id: 99, name: 'kept', model_ratio: 1, completion_ratio: 4, description: 'ignored', channels: 3 },
  { name: 'repriced', model_ratio: 2.5, cache_ratio: null },
  { name: 'brand-new', model_ratio: 0.3, completion_ratio: 5, unit_prices: { images: 0.04 } },
];

describe('price catalogue import', () => {
  it('shows the diff without saving, then applies it', async () => {
    const client = await admin();
    const dry = await client.call('POST', '/api/models/prices/import', { models: CATALOGUE, apply: false });
    expect(dry.json.success, dry.text).toBe(true);
    expect(dry.json.data.applied).toBe(false);
    expect(dry.json.data.unchanged).toEqual(['kept']);
    expect(dry.json.data.added).toEqual([{ name: 'brand-new', after: expect.objectContaining({ model_ratio: 0.3, completion_ratio: 5, unit_prices: { images: 0.04 } }) }]);
    expect(dry.json.data.changed).toEqual([
      { name: 'repriced', before: expect.objectContaining({ model_ratio: 2, cache_ratio: 0.5 }), after: expect.objectContaining({ model_ratio: 2.5, cache_ratio: null }) },
    ]);
    const names = async () => (await client.call('GET', '/api/models/meta?page_size=100')).json.data.items.map((m: any) => [m.name, m.model_ratio, m.cache_ratio, m.description]);
    expect(await names()).toEqual([
      ['kept', 1, null, 'stays'],
      ['repriced', 2, 0.5, ''],
    ]);

    const applied = await client.call('POST', '/api/models/prices/import', { models: CATALOGUE, apply: true });
    expect(applied.json.data).toMatchObject({ applied: true, unchanged: ['kept'] });
    expect(applied.json.message).toBe('Prices imported: 1 added, 1 changed, 1 unchanged.');
    expect(await names()).toEqual([
      ['kept', 1, null, 'stays'],
      ['repriced', 2.5, null, ''],
      ['brand-new', 0.3, null, ''],
    ]);
    // The applied import is audited (the dry run is not).
    const audit = (await client.call('GET', '/api/log/?type=3&page_size=100')).json.data.items.map((l: any) => l.content);
    expect(audit.filter((c: string) => c.startsWith('imported model prices'))).toEqual(['imported model prices: 1 added, 1 changed, 1 unchanged (brand-new, repriced)']);
    // Once applied, the same catalogue changes nothing.
    const again = await client.call('POST', '/api/models/prices/import', { models: CATALOGUE, apply: false });
    expect(again.json.data).toMatchObject({ added: [], changed: [], unchanged: ['kept', 'repriced', 'brand-new'] });
  });

  it('refuses the whole import for one invalid entry, naming it, and saves nothing', async () => {
    const client = await admin();
    const bad = await client.call('POST', '/api/models/prices/import', { models: [{ name: 'fine', model_ratio: 1 }, { name: 'both', model_ratio: 1, price_per_call: 0.1 }], apply: true });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^models\[1\] \(both\): /);
    const twice = await client.call('POST', '/api/models/prices/import', { models: [{ name: 'x' }, { name: 'x' }], apply: false });
    expect(twice.json.message).toMatch(/listed twice/);
    const items = (await client.call('GET', '/api/models/meta?page_size=100')).json.data.items.map((m: any) => m.name);
    expect(items).toEqual(['kept', 'repriced']);
  });
});
