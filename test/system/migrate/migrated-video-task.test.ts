// An embedded install moved over with a video task in progress: `migrate` copies the task and
// the quota reservation it holds; the instances started on the database hand that reservation
// to the Redis quota ledger (once, though they start together), and whichever follows the
// task charges it on completion: the key's and the account's quota, used and logs exact.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { State } from '../../../relay/store/schema.js';
import { fakeVideoApi } from '../../fake-upstreams/openai-videos.js';
import { addChannel } from '../../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { runRelaydeskCli } from '../../helpers/run-cli.js';
import { freshDatabase } from '../../helpers/server-db.js';
import { callLogs, fakeOpenAI, startTeam, usage } from '../teams/team.js';

const KEY_QUOTA = 2_000_000;
/** sora-2 at 0.10 USD a second: 50 000 quota a second; the task asks for 4 s. */
const TASK_QUOTA = 4 * 0.1 * 500_000;

describe('migrate with a video task in progress', () => {
  it('hands its held quota to the server ledger once; the task completes there and is charged exactly', async () => {
    const videos = fakeVideoApi({ msToComplete: 600_000 });
    const upstream = await fakeOpenAI({ videos });
    const relay = await startTestRelay({ videoPolling: { firstMs: 100, maxMs: 300 } });
    const admin = await setupAndLogin(relay);
    await addChannel(admin, { type: 1, upstream, models: ['sora-2'], name: 'openai fake' });
    const created = await admin.call('POST', '/api/token/', { name: 'video key', unlimited_quota: false, remain_quota: KEY_QUOTA });
    expect(created.json?.success, created.text).toBe(true);
    const key: string = created.json.data.key;
    const before = await usage(relay, key);

    const task = await fetch(`${relay.relayBaseUrl}/videos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sora-2', prompt: 'A lighthouse in a storm', seconds: '4', size: '720x1280' }),
    });
    expect(task.status).toBe(200);
    const video = (await task.json()) as { id: string };
    expect((await usage(relay, key)).key).toMatchObject({ held: TASK_QUOTA, used: 0, left: KEY_QUOTA - TASK_QUOTA });
    await relay.close();
    const state = JSON.parse(await readFile(join(relay.dataDir, 'state.json'), 'utf8')) as State;
    expect(Object.values(state.open_reservations).map((r) => r.amount)).toEqual([TASK_QUOTA]);

    const secretKey = randomBytes(32).toString('hex');
    const databaseUrl = await freshDatabase();
    const migrated = await runRelaydeskCli(['migrate', '--to', databaseUrl, '--data-dir', relay.dataDir], { RELAYDESK_SECRET_KEY: secretKey });
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toMatch(/open reservations\s+1\s+1/);

    // Two instances starting at once: the hold is in the live ledger once, and no longer in the table.
    const team = await startTeam({ instances: 2, databaseUrl, secretKey, videoPolling: { firstMs: 100, maxMs: 300 } });
    const [one, two] = team.instances;
    for (const instance of [one!, two!]) {
      expect(await usage(instance, key)).toMatchObject({
        key: { held: TASK_QUOTA, used: 0, left: KEY_QUOTA - TASK_QUOTA },
        account: { held: TASK_QUOTA, used: 0, left: before.account.left! - TASK_QUOTA },
      });
    }
    expect(await team.sql('SELECT id FROM quota_reservations')).toEqual([]);

    // The upstream finishes: an instance follows the task and charges it, once.
    videos.speed.msToComplete = 1;
    const settled = { key: { held: 0, used: TASK_QUOTA, left: KEY_QUOTA - TASK_QUOTA, requests: 1 }, account: { held: 0, used: TASK_QUOTA, left: before.account.left! - TASK_QUOTA, requests: 1 } };
    await expect.poll(() => usage(two!, key), { timeout: 20_000, interval: 500 }).toMatchObject(settled);
    const status = await fetch(`${one!.relayBaseUrl}/videos/${video.id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(await status.json()).toMatchObject({ id: video.id, status: 'completed' });
    await expect.poll(async () => (await callLogs(team)).map((r) => [r.type, r.quota]), { timeout: 10_000 }).toEqual([[2, TASK_QUOTA]]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await callLogs(team)).map((r) => [r.type, r.quota])).toEqual([[2, TASK_QUOTA]]);
    expect(await usage(one!, key)).toMatchObject(settled);
  }, 120_000);
});
