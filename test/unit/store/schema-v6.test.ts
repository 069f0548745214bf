import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../../relay/store/state-file.js';
import { modelPrice } from '../../../relay/store/models.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 6 migration (models priced per unit)', () => {
  it('upgrades a schema 5 file: every model record gets no unit prices ({}), its token or call price unchanged, with a backup', async () => {
    const file = join(await tempDir(), 'state.json');
    const model = { supplier_id: 0, description: '', tags: [], endpoints: [], context_length: 0, max_output_tokens: 0, completion_ratio: null, cache_ratio: null, cache_write_ratio: null, created_at: 1, updated_at: 1 };
    const v5 = {
      schema_version: 5,
      instance_id: 'inst-1',
      secret_backend: 'encrypted-file',
      next_ids: { user: 2, token: 1, channel: 1, supplier: 1, model: 3 },
      users: [],
      sessions: [],
      tokens: [],
      channels: [],
      groups: [{ name: 'default', ratio: 1 }],
      suppliers: [],
      models: [
        { ...model, id: 1, name: 'my-model', model_ratio: 2, price_per_call: null },
        { ...model, id: 2, name: 'per-call', model_ratio: null, price_per_call: 0.02 },
      ],
      options: {},
      ledger_seq: 3,
      open_reservations: {},
    };
    await writeFile(file, JSON.stringify(v5));
    const state = await StateFile.open(file, { schemaVersion: 6 });
    expect(state.data).toEqual({ ...v5, schema_version: 6, models: v5.models.map((m) => ({ ...m, unit_prices: {} })) });
    expect(modelPrice(state, 'my-model')).toEqual({ modelRatio: 2 });
    expect(modelPrice(state, 'per-call')).toEqual({ pricePerCall: 0.02 });
    expect(JSON.parse(await readFile(`${file}.v5.bak`, 'utf8'))).toEqual(v5);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ schema_version: 6, models: [{ unit_prices: {} }, { unit_prices: {} }] });
  });
});
