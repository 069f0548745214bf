import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { PASSWORD, relayWithPeople, signIn } from '../../helpers/people.js';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';

describe('GET /api/user/ and /api/user/search', () => {
  it('pages users newest first and searches by name; never a hash or a secret', async () => {
    const { admin } = await relayWithPeople();
    const first = await admin.call('GET', '/api/user/?p=1&page_size=2');
    expect(first.json.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.json.data.items.map((u: any) => u.username)).toEqual(['bob', 'alice']);
    const third = await admin.call('GET', '/api/user/?p=3&page_size=2');
    expect(third.json.data.items.map((u: any) => u.username)).toEqual(['root']);
    const found = await admin.call('GET', '/api/user/search?keyword=ALI');
    expect(found.json.data.items.map((u: any) => u.username)).toEqual(['alice']);
    expect(first.text).not.toMatch(/password_hash|access_token_hash|\$argon|scrypt/);
  });
});

describe('POST /api/user/ (create)', () => {
  it('makes a user with a recorded starting quota; admins make only common users; names are unique', async () => {
    const { admin, root } = await relayWithPeople();
    const made = await admin.call('POST', '/api/user/', { username: 'carol', password: PASSWORD, quota: 5000, display_name: 'Carol C', email: 'carol@example.com' });
    expect(made.json.data).toMatchObject({ username: 'carol', role: 1, quota: 5000, group: 'default', display_name: 'Carol C', email: 'carol@example.com' });
    const adminMade = await admin.call('POST', '/api/user/', { username: 'dave', password: PASSWORD, role: 10 });
    expect([adminMade.status, adminMade.json.message]).toEqual([403, expect.stringContaining('Only the root')]);
    const rootMade = await root.call('POST', '/api/user/', { username: 'dave', password: PASSWORD, role: 100 });
    expect(rootMade.status).toBe(403);
    const taken = await admin.call('POST', '/api/user/', { username: 'carol', password: PASSWORD });
    expect(taken.status).toBe(409);
    const sameEmail = await admin.call('POST', '/api/user/', { username: 'erin', password: PASSWORD, email: 'CAROL@example.com' });
    expect(sameEmail.status).toBe(409);
    const badGroup = await admin.call('POST', '/api/user/', { username: 'erin', password: PASSWORD, group: 'nope' });
    expect([badGroup.status, badGroup.json.message]).toEqual([400, expect.stringContaining('no group')]);
    const logs = JSON.stringify((await root.call('GET', '/api/log/?type=1')).json.data);
    expect(logs).toContain('starting quota');
  });
});

describe('GET|PUT|DELETE /api/user/{id}', () => {
  it('edits a lower-role user: display name, group, quota (recorded) and role within the admin’s power', async () => {
    const { admin, root, ids } = await relayWithPeople();
    const edited = await admin.call('PUT', `/api/user/${ids.alice}`, { display_name: 'Alice A', quota: 7000 });
    expect(edited.json.data).toMatchObject({ display_name: 'Alice A', quota: 7000 });
    expect(edited.json.message).toContain('Saved');
    const lowered = await admin.call('PUT', `/api/user/${ids.alice}`, { quota: 2000 });
    expect(lowered.json.data.quota).toBe(2000);
    expect((await admin.call('PUT', `/api/user/${ids.alice}`, { group: 'nope' })).status).toBe(400);
    const toAdmin = await admin.call('PUT', `/api/user/${ids.alice}`, { role: 10 });
    expect([toAdmin.status, toAdmin.json.message]).toEqual([403, expect.stringContaining('Only the root')]);
    const peer = await admin.call('PUT', `/api/user/${ids.admin2}`, { display_name: 'x' });
    expect([peer.status, peer.json.message]).toEqual([403, expect.stringContaining('lower role')]);
    const onRoot = await admin.call('PUT', `/api/user/${ids.root}`, { display_name: 'x' });
    expect([onRoot.status, onRoot.json.message]).toEqual([403, expect.stringContaining('root')]);
    expect((await root.call('PUT', `/api/user/${ids.admin2}`, { role: 1 })).json.data.role).toBe(1);
    expect((await root.call('PUT', `/api/user/${ids.alice}`, { role: 10 })).json.data.role).toBe(10);
    const topUps = JSON.stringify((await root.call('GET', `/api/log/?type=1&user_id=${ids.alice}`)).json.data);
    expect(topUps).toContain('quota set to 7000');
    expect(topUps).toContain('quota set to 2000');
    const manage = JSON.stringify((await root.call('GET', '/api/log/?type=3')).json.data);
    expect(manage).toContain(`edited user alice: display_name`);
  });

  it('deletes softly: gone from lists and gets, signed out, its key refused; the record and logs stay', async () => {
    const { relay, admin, ids } = await relayWithPeople();
    const alice = await signIn(relay.origin, 'alice');
    const key = (await alice.call('POST', '/api/token/', { name: 'k', unlimited_quota: true })).json.data.key as string;
    const before = await fetch(`${relay.origin}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(before.status, await before.text()).toBe(200);
    const deleted = await admin.call('DELETE', `/api/user/${ids.alice}`);
    expect(deleted.json, deleted.text).toMatchObject({ success: true });
    expect((await admin.call('GET', `/api/user/${ids.alice}`)).status).toBe(404);
    expect((await admin.call('GET', '/api/user/search?keyword=alice')).json.data.total).toBe(0);
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);
    expect((await fetch(`${relay.origin}/v1/models`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(403);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'alice', password: PASSWORD })).status).toBe(403);
    const state = JSON.parse(await readFile(join(relay.dataDir, 'state.json'), 'utf8'));
    expect(state.users.find((u: any) => u.username === 'alice').deleted_at).toBeGreaterThan(0);
    expect((await admin.call('DELETE', `/api/user/${ids.root}`)).status).toBe(403);
  });

  it("resets a lower-role user's password after a security verification (their sessions end)", async () => {
    const { relay, admin, ids } = await relayWithPeople();
    const bob = await signIn(relay.origin, 'bob');
    const unverified = await admin.call('POST', `/api/user/${ids.bob}/reset_password`, { password: 'fresh-password-9' });
    expect([unverified.status, unverified.headers.get('x-verification-required')]).toEqual([403, '1']);
    const verified = await admin.call('POST', '/api/verify', { method: 'password', password: PASSWORD });
    expect(verified.status, verified.text).toBe(200);
    const proof = { [verified.json.data.header]: verified.json.data.proof };
    const reset = await admin.call('POST', `/api/user/${ids.bob}/reset_password`, { password: 'fresh-password-9' }, proof);
    expect(reset.json, reset.text).toMatchObject({ success: true });
    expect((await bob.call('GET', '/api/user/self')).status).toBe(401);
    await signIn(relay.origin, 'bob', 'fresh-password-9');
    expect((await admin.call('POST', `/api/user/${ids.admin2}/reset_password`, { password: 'fresh-password-9' }, proof)).json.message).toContain('lower role');
  });
});

describe('POST /api/user/{id}/reset_2fa', () => {
  it('turns off two-step verification, removes passkeys and deletes the TOTP seed', async () => {
    const { relay, ids } = await relayWithPeople();
    await relay.close();
    const file = join(relay.dataDir, 'state.json');
    const state = JSON.parse(await readFile(file, 'utf8'));
    const bob = state.users.find((u: any) => u.id === ids.bob);
    bob.totp = { enabled: true, backup_code_hashes: ['ab'], last_step: 0 };
    bob.passkeys = [{ id: 'cred', public_key: 'pk', counter: 0, transports: [], name: 'laptop', created_at: 1, last_used_at: 0 }];
    await writeFile(file, JSON.stringify(state));
    await (await openEncryptedFileSecretStore(relay.dataDir)).set(`totp:${ids.bob}`, 'JBSWY3DPEHPK3PXP');

    const again = await startTestRelay({ dataDir: relay.dataDir });
    const admin = await signIn(again.origin, 'admin');
    expect((await admin.call('GET', `/api/user/${ids.bob}`)).json.data).toMatchObject({ two_factor: true, passkeys: 1 });
    const reset = await admin.call('POST', `/api/user/${ids.bob}/reset_2fa`);
    expect(reset.json, reset.text).toMatchObject({ success: true });
    expect((await admin.call('GET', `/api/user/${ids.bob}`)).json.data).toMatchObject({ two_factor: false, passkeys: 0 });
    await again.close();
    expect(await (await openEncryptedFileSecretStore(relay.dataDir)).get(`totp:${ids.bob}`)).toBeNull();
  });
});

describe('route order', () => {
  it('mounts /api/user/{id} after every other /api/user/<name> route of the same method (Express would route those to it)', async () => {
    const relay = await startTestRelay();
    const paths = Object.entries(((await (await fetch(`${relay.origin}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> }).paths);
    const at = (path: string) => paths.findIndex(([p]) => p === path);
    const late = paths.filter(([path, ops], index) => /^\/api\/user\/[a-z_0-9]+$/.test(path) && index > at('/api/user/{id}') && Object.keys(ops).some((m) => m in paths[at('/api/user/{id}')]![1]));
    expect(late.map(([path]) => path)).toEqual([]);
  });
});
