import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('schema 9 migration (accounts and money)', () => {
  it('gives every user an invitation code of their own and no sign-in factors, and starts empty lists of codes and top-ups', async () => {
    const file = join(await tempDir(), 'state.json');
    const user = (id: number) => ({ id, username: `u${id}`, quota: 10, used_quota: 0, request_count: 0 });
    await writeFile(file, JSON.stringify({ schema_version: 8, instance_id: 'i', next_ids: { user: 3, model: 1 }, users: [user(1), user(2)], models: [], options: {}, video_tasks: [] }));
    const state = await StateFile.open(file, { schemaVersion: 9 });
    const [first, second] = state.data.users;
    expect(first).toEqual({ ...user(1), deleted_at: 0, aff_code: expect.stringMatching(/^[A-Za-z0-9]{8}$/), inviter_id: 0, aff_quota: 0, aff_history_quota: 0, aff_count: 0, totp: null, passkeys: [], oauth: [] });
    expect(second!.aff_code).not.toBe(first!.aff_code);
    expect(state.data.redemptions).toEqual([]);
    expect(state.data.top_ups).toEqual([]);
    expect(state.data.next_ids).toMatchObject({ user: 3, redemption: 1, top_up: 1 });
  });
});
