import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 7 migration (video tasks)', () => {
  it('upgrades a schema 6 file with no video tasks, keeping its data (open reservations included) and a backup', async () => {
    const file = join(await tempDir(), 'state.json');
    const v6 = {
      schema_version: 6,
      instance_id: 'inst-1',
      secret_backend: 'encrypted-file',
      next_ids: { user: 2, token: 2, channel: 1, supplier: 1, model: 1 },
      users: [{ id: 1, username: 'owner', quota: 5000 }],
      sessions: [],
      tokens: [],
      channels: [],
      groups: [{ name: 'default', ratio: 1 }],
      suppliers: [],
      models: [],
      options: {},
      ledger_seq: 7,
      open_reservations: { '7': { user_id: 1, token_id: 1, amount: 10, token_limited: false, created_at: 1, call: { type: 5 } } },
    };
    await writeFile(file, JSON.stringify(v6));
    const state = await StateFile.open(file, { schemaVersion: 7 });
    expect(state.data).toEqual({ ...v6, schema_version: 7, video_tasks: [] });
    expect(JSON.parse(await readFile(`${file}.v6.bak`, 'utf8'))).toEqual(v6);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ schema_version: 7, video_tasks: [] });
    expect(CURRENT_SCHEMA_VERSION).toBeGreaterThanOrEqual(7);
  });
});
