import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 5 migration (channels declare their call families)', () => {
  it("upgrades a schema 4 file: every channel serves its type's defaults (families []), the rest unchanged, with a backup", async () => {
    const file = join(await tempDir(), 'state.json');
    const v4 = {
      schema_version: 4,
      instance_id: 'inst-1',
      secret_backend: 'encrypted-file',
      next_ids: { user: 2, token: 1, channel: 3, supplier: 1, model: 1 },
      users: [],
      sessions: [],
      tokens: [],
      channels: [
        { id: 1, type: 1, name: 'openai', models: ['gpt-4o'], groups: ['default'] },
        { id: 2, type: 24, name: 'gemini', models: ['gemini-2.5-flash'], groups: ['default'] },
      ],
      groups: [{ name: 'default', ratio: 1 }],
      suppliers: [],
      models: [],
      options: {},
      ledger_seq: 7,
      open_reservations: {},
    };
    await writeFile(file, JSON.stringify(v4));
    const state = await StateFile.open(file, { schemaVersion: 5 });
    expect(state.data).toEqual({ ...v4, schema_version: 5, channels: v4.channels.map((c) => ({ ...c, families: [] })) });
    expect(JSON.parse(await readFile(`${file}.v4.bak`, 'utf8'))).toEqual(v4);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ schema_version: 5, channels: [{ families: [] }, { families: [] }] });
  });
});
