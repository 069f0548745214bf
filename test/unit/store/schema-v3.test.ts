import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../../relay/billing/pricing.js';
import { groupRatioOf as groupRatio } from '../../../relay/store/groups.js';
import { modelPrice } from '../../../relay/store/models.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** A state as schema 2 wrote it: ratios and prices as JSON text in the options. */
function schema2State() {
  return {
    schema_version: 2,
    instance_id: 'inst-1',
    secret_backend: 'encrypted-file',
    next_ids: { user: 3, token: 2, channel: 3 },
    users: [
      { id: 1, username: 'owner', group: 'default', role: 100 },
      { id: 2, username: 'ann', group: 'friends', role: 1 },
    ],
    sessions: [],
    tokens: [{ id: 1, user_id: 1, name: 'k', key_hash: 'abc', group: 'batch' }],
    channels: [
      { id: 1, name: 'one', models: ['my-model'], groups: ['default', 'vip'] },
      { id: 2, name: 'two', models: ['other'], groups: ['team'] },
    ],
    options: {
      retry_times: 1,
      group_ratios: JSON.stringify({ default: 1.5, vip: 0.8, bogus: 'x' }),
      model_prices: JSON.stringify({ 'my-model': { modelRatio: 2, completionRatio: 3, cacheRatio: 0.5 }, 'per-call': { pricePerCall: 0.02 }, gpt: { modelRatio: 9 } }),
    },
  };
}

describe('schema 3 migration (groups, suppliers, models)', () => {
  it('upgrades a schema 2 file keeping its data, moving group ratios and model prices into records', async () => {
    const file = join(await tempDir(), 'state.json');
    const v2 = schema2State();
    await writeFile(file, JSON.stringify(v2));
    const state = await StateFile.open(file, { schemaVersion: 3 });
    expect(state.data).toMatchObject({
      schema_version: 3,
      instance_id: 'inst-1',
      secret_backend: 'encrypted-file',
      next_ids: { user: 3, token: 2, channel: 3, supplier: 1, model: 4 },
      users: v2.users,
      tokens: v2.tokens,
      channels: v2.channels,
      suppliers: [],
      options: { retry_times: 1 },
    });
    expect(state.data.options).not.toHaveProperty('group_ratios');
    expect(state.data.options).not.toHaveProperty('model_prices');

    const groups = Object.fromEntries(state.data.groups.map((g) => [g.name, g]));
    expect(Object.keys(groups).sort()).toEqual(['batch', 'default', 'friends', 'team', 'vip']);
    expect(groups.default).toMatchObject({ ratio: 1.5, selectable: true });
    expect(groups.vip).toMatchObject({ ratio: 0.8, selectable: false });
    expect(groups.team).toMatchObject({ ratio: 1 }); // named by a channel, never priced
    expect(groupRatio(state, 'vip')).toBe(0.8);
    expect(groupRatio(state, 'unknown')).toBe(1);

    expect(state.data.models.map((m) => m.name)).toEqual(['my-model', 'per-call', 'gpt']);
    expect(state.data.models[0]).toMatchObject({ id: 1, model_ratio: 2, completion_ratio: 3, cache_ratio: 0.5, cache_write_ratio: null, price_per_call: null, tags: [], endpoints: [] });
    expect(state.data.models[1]).toMatchObject({ price_per_call: 0.02, model_ratio: null });
    expect(modelPrice(state, 'my-model')).toEqual({ modelRatio: 2, completionRatio: 3, cacheRatio: 0.5 });
    expect(modelPrice(state, 'per-call')).toEqual({ pricePerCall: 0.02 });
    // An old override keeps working as a prefix, but a longer built-in default wins.
    expect(modelPrice(state, 'gpt-x')).toEqual({ modelRatio: 9 });
    expect(modelPrice(state, 'gpt-4o-2024-11-20')).toBe(DEFAULT_PRICES['gpt-4o']);
    expect(modelPrice(state, 'nothing-like-it')).toBeUndefined();

    // The pre-migration file is kept, and the upgrade is on disk.
    expect(JSON.parse(await readFile(`${file}.v2.bak`, 'utf8'))).toEqual(v2);
    expect(JSON.parse(await readFile(file, 'utf8')).schema_version).toBe(3);
    const again = await StateFile.open(file, { schemaVersion: 3 });
    expect(again.data.groups).toEqual(state.data.groups);
  });

  it('tolerates missing or broken JSON options: the default group is always there', async () => {
    const file = join(await tempDir(), 'state.json');
    const v2 = { ...schema2State(), users: [], tokens: [], channels: [], options: { group_ratios: '{not json', model_prices: '[1,2]' } };
    await writeFile(file, JSON.stringify(v2));
    const state = await StateFile.open(file);
    expect(state.data.groups.map((g) => [g.name, g.ratio])).toEqual([['default', 1]]);
    expect(state.data.models).toEqual([]);
    expect(state.data.options).toEqual({});
  });

  it('a new state starts with the default group and empty suppliers and models', async () => {
    const state = await StateFile.open(join(await tempDir(), 'state.json'));
    expect(state.data.groups).toEqual([expect.objectContaining({ name: 'default', ratio: 1, selectable: true })]);
    expect(state.data).toMatchObject({ suppliers: [], models: [], next_ids: { supplier: 1, model: 1 } });
  });

  it('migrates a schema 1 file through 2 to 3', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, JSON.stringify({ schema_version: 1, instance_id: 'x', secret_backend: null, next_ids: { user: 2 }, users: [{ id: 1, username: 'owner', group: 'default' }], sessions: [], options: {} }));
    const state = await StateFile.open(file, { schemaVersion: 3 });
    expect(state.data).toMatchObject({ schema_version: 3, tokens: [], channels: [], suppliers: [], models: [], next_ids: { user: 2, token: 1, channel: 1, supplier: 1, model: 1 } });
    expect(state.data.groups.map((g) => g.name)).toEqual(['default']);
  });
});
