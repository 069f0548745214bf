import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { priceOfRecord } from '../../../relay/store/models.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 8 migration (prices by output size)', () => {
  it('gives every model record no size ratios, so a priced model keeps its price for every size', async () => {
    const file = join(await tempDir(), 'state.json');
    const model = { id: 1, name: 'my-video', model_ratio: null, price_per_call: null, completion_ratio: null, cache_ratio: null, cache_write_ratio: null, unit_prices: { seconds: 0.2 } };
    await writeFile(file, JSON.stringify({ schema_version: 7, instance_id: 'i', next_ids: { model: 2 }, users: [], models: [model], options: {}, video_tasks: [] }));
    const state = await StateFile.open(file, { schemaVersion: 8 });
    expect(state.data.models).toEqual([{ ...model, size_ratios: {} }]);
    expect(priceOfRecord(state.data.models[0]!)).toEqual({ unitPrices: { seconds: 0.2 } });
  });
});
