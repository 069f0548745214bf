import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../../../relay/store/schema.js';
import { StateFile, StateFileError } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('state file', () => {
  it('creates a versioned state on first open and keeps changes across reopen', async () => {
    const file = join(await tempDir(), 'state.json');
    const state = await StateFile.open(file);
    expect(state.data.schema_version).toBe(CURRENT_SCHEMA_VERSION);
    await state.update((data) => {
      data.options.site_name = 'Lab';
    });
    const again = await StateFile.open(file);
    expect(again.data.options.site_name).toBe('Lab');
    expect(again.data.instance_id).toBe(state.data.instance_id);
  });

  it('coalesces a burst of changes into few writes, each change acknowledged once durable', async () => {
    const file = join(await tempDir(), 'state.json');
    const state = await StateFile.open(file);
    const before = state.writeCount;
    const acks = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        state.update((data) => {
          data.options[`k${i}`] = i;
          return i;
        }),
      ),
    );
    expect(acks).toHaveLength(500);
    expect(state.writeCount - before).toBe(1);
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(onDisk.options)).toHaveLength(500);
  });

  it('changes made while a write runs go into the next write, not lost', async () => {
    const file = join(await tempDir(), 'state.json');
    const state = await StateFile.open(file);
    const first = state.update((data) => {
      data.options.a = 1;
    });
    await new Promise((resolve) => setImmediate(resolve)); // the first write has begun
    const second = state.update((data) => {
      data.options.b = 2;
    });
    await Promise.all([first, second]);
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(onDisk.options).toEqual({ a: 1, b: 2 });
  });

  it('runs forward migrations in order, keeps a backup of the old file, and stamps the version', async () => {
    const file = join(await tempDir(), 'state.json');
    const old = { schema_version: 1, users: [{ name: 'ann' }] };
    await writeFile(file, JSON.stringify(old));
    const state = await StateFile.open(file, {
      schemaVersion: 3,
      migrations: {
        2: (data) => {
          data.users = (data.users as { name: string }[]).map((u) => ({ username: u.name }));
        },
        3: (data) => {
          data.groups = ['default'];
        },
      },
    });
    const data = state.data as unknown as Record<string, unknown>;
    expect(data.users).toEqual([{ username: 'ann' }]);
    expect(data.groups).toEqual(['default']);
    expect(JSON.parse(await readFile(file, 'utf8')).schema_version).toBe(3);
    expect(JSON.parse(await readFile(`${file}.v1.bak`, 'utf8'))).toEqual(old);
  });

  it('migrates an unversioned file with the real migrations', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, JSON.stringify({ users: [] }));
    const state = await StateFile.open(file);
    expect(state.data.schema_version).toBe(CURRENT_SCHEMA_VERSION);
    expect(state.data.instance_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.data.next_ids.user).toBe(1);
  });

  it('upgrades a schema 1 file (before API keys and channels) keeping its users', async () => {
    const file = join(await tempDir(), 'state.json');
    const v1 = { schema_version: 1, instance_id: 'abc', secret_backend: 'encrypted-file', next_ids: { user: 2 }, users: [{ id: 1, username: 'owner' }], sessions: [], options: { x: 1 } };
    await writeFile(file, JSON.stringify(v1));
    const state = await StateFile.open(file);
    expect(state.data).toMatchObject({ schema_version: CURRENT_SCHEMA_VERSION, instance_id: 'abc', next_ids: { user: 2, token: 1, channel: 1 }, tokens: [], channels: [], options: { x: 1 } });
    expect(state.data.users[0]!.username).toBe('owner');
  });

  it('refuses a file from a newer version without touching it', async () => {
    const file = join(await tempDir(), 'state.json');
    const text = JSON.stringify({ schema_version: CURRENT_SCHEMA_VERSION + 1, users: [] });
    await writeFile(file, text);
    await expect(StateFile.open(file)).rejects.toThrow(/newer Relaydesk/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses a corrupt file with a message naming it, and never overwrites it', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, '{"schema_version": 1, "users": [');
    const error = await StateFile.open(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as StateFileError).message).toContain(file);
    expect((error as StateFileError).file).toBe(file);
    expect(await readFile(file, 'utf8')).toBe('{"schema_version": 1, "users": [');
  });
});
