import { describe, expect, it } from 'vitest';
import { relayWithPeople, signIn } from '../../helpers/people.js';
import type { ApiClient } from '../../helpers/relay.js';

const manage = (client: ApiClient, id: number, action: string, extra: Record<string, unknown> = {}) => client.call('POST', '/api/user/manage', { id, action, ...extra });

describe('POST /api/user/manage', () => {
  it("disable: the user's sessions, access token and API keys stop at once; enable lets them back in", async () => {
    const { relay, admin, ids, root } = await relayWithPeople();
    const alice = await signIn(relay.origin, 'alice');
    const key = (await alice.call('POST', '/api/token/', { name: 'k', unlimited_quota: true })).json.data.key as string;
    const token = (await alice.call('GET', '/api/user/token')).json.data as string;
    const models = () => fetch(`${relay.origin}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    const withToken = () => fetch(`${relay.origin}/api/user/self`, { headers: { authorization: `Bearer ${token}` } });
    expect((await models()).status).toBe(200);
    expect((await withToken()).status).toBe(200);

    const disabled = await manage(admin, ids.alice!, 'disable');
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({ success: true, data: { id: ids.alice, status: 2 }, message: expect.stringContaining('Disabled alice') });
    const refused = await models();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('user_disabled');
    expect((await withToken()).status).toBe(401);
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);
    expect((await manage(admin, ids.alice!, 'disable')).status).toBe(409);

    expect((await manage(admin, ids.alice!, 'enable')).json.data.status).toBe(1);
    expect((await models()).status).toBe(200);
    await signIn(relay.origin, 'alice');
    const logs = JSON.stringify((await root.call('GET', '/api/log/?type=3')).json.data);
    expect(logs).toContain('disabled user alice');
    expect(logs).toContain('enabled user alice');
  });

  it('promote and demote: only the root makes admins; admins act only on lower roles; nobody touches the root', async () => {
    const { admin, root, ids } = await relayWithPeople();
    const adminPromotes = await manage(admin, ids.alice!, 'promote');
    expect([adminPromotes.status, adminPromotes.json.message]).toEqual([403, 'Only the root user may make admins.']);
    expect((await manage(root, ids.alice!, 'promote')).json.data.role).toBe(10);
    const onPeer = await manage(admin, ids.alice!, 'disable');
    expect([onPeer.status, onPeer.json.message]).toEqual([403, expect.stringContaining('lower role')]);
    expect((await manage(admin, ids.admin2!, 'demote')).status).toBe(403);
    expect((await manage(root, ids.alice!, 'demote')).json.data.role).toBe(1);
    expect((await manage(root, ids.alice!, 'demote')).status).toBe(409);
    expect((await manage(root, ids.admin!, 'promote')).status).toBe(409);
    for (const action of ['demote', 'disable', 'delete', 'promote']) {
      for (const actor of [admin, root]) {
        const answer = await manage(actor, ids.root!, action);
        expect([answer.status, answer.json.success], action).toEqual([403, false]);
        expect(answer.json.message).toContain('root');
      }
    }
    expect((await root.call('GET', `/api/user/${ids.root}`)).json.data).toMatchObject({ role: 100, status: 1 });
    const logs = JSON.stringify((await root.call('GET', '/api/log/?type=3')).json.data);
    expect(logs).toContain('promoted user alice to admin');
    expect(logs).toContain('demoted user alice to common user');
  });

  it('add_quota credits (or takes) quota through the ledger, recorded; delete removes the user softly', async () => {
    const { admin, root, ids } = await relayWithPeople();
    const added = await manage(admin, ids.bob!, 'add_quota', { quota: 250_000 });
    expect(added.json, added.text).toMatchObject({ success: true, data: { quota: 1_250_000 } });
    expect((await manage(admin, ids.bob!, 'add_quota', { quota: -50_000 })).json.data.quota).toBe(1_200_000);
    const none = await manage(admin, ids.bob!, 'add_quota');
    expect([none.status, none.json.message]).toEqual([400, expect.stringContaining('quota')]);
    expect(JSON.stringify((await root.call('GET', `/api/log/?type=1&user_id=${ids.bob}`)).json.data)).toContain('quota added: 250000');
    const deleted = await manage(admin, ids.bob!, 'delete');
    expect(deleted.json).toMatchObject({ success: true, data: null });
    expect((await admin.call('GET', `/api/user/${ids.bob}`)).status).toBe(404);
    expect((await manage(admin, ids.bob!, 'enable')).status).toBe(404);
    expect(JSON.stringify((await root.call('GET', '/api/log/?type=3')).json.data)).toContain('deleted user bob');
  });

  it('refuses unknown actions and users, saying why', async () => {
    const { admin } = await relayWithPeople();
    const unknown = await manage(admin, 999, 'disable');
    expect([unknown.status, unknown.json.message]).toEqual([404, 'No user 999.']);
    const badAction = await manage(admin, 999, 'explode');
    expect(badAction.status).toBe(400);
  });
});
