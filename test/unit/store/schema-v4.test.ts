import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 4 migration (durable reservations)', () => {
  it('upgrades a schema 3 file with an empty quota checkpoint, keeping its data and a backup', async () => {
    const file = join(await tempDir(), 'state.json');
    const v3 = {
      schema_version: 3,
      instance_id: 'inst-1',
      secret_backend: 'encrypted-file',
      next_ids: { user: 2, token: 2, channel: 1, supplier: 1, model: 1 },
      users: [{ id: 1, username: 'owner', quota: 5000, used_quota: 10, request_count: 1 }],
      sessions: [],
      tokens: [{ id: 1, user_id: 1, remain_quota: 90, used_quota: 10 }],
      channels: [],
      groups: [{ name: 'default', ratio: 1 }],
      suppliers: [],
      models: [],
      options: { retry_times: 1 },
    };
    await writeFile(file, JSON.stringify(v3));
    const state = await StateFile.open(file, { schemaVersion: 4 });
    expect(state.data).toEqual({ ...v3, schema_version: 4, ledger_seq: 0, open_reservations: {} });
    expect(JSON.parse(await readFile(`${file}.v3.bak`, 'utf8'))).toEqual(v3);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ schema_version: 4, ledger_seq: 0, open_reservations: {} });
  });
});
