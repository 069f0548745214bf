import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../relay/auth/password.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** A relay with the owner (root) and common users, each signed in, and one channel serving gpt-4o-mini. */
async function relayWithUsers(names: string[] = ['alice', 'bob']) {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', 'owner-password-1');
  await first.close();
  const file = join(first.dataDir, 'state.json');
  const state = JSON.parse(await readFile(file, 'utf8'));
  for (const username of names) {
    const id = state.next_ids.user++;
    state.users.push({ ...state.users[0], id, username, display_name: username, role: 1, password_hash: await hashPassword(`${username}-password-1`), access_token_hash: null });
  }
  const group = (name: string, ratio: number, selectable: boolean) => ({ name, ratio, description: '', selectable, created_at: 0, updated_at: 0 });
  state.groups = [...(state.groups ?? []), group('vip', 0.1, false), group('team', 1, true)];
  await writeFile(file, JSON.stringify(state));
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const clients: Record<string, ApiClient> = {};
  for (const [username, password] of [['owner', 'owner-password-1'], ...names.map((n) => [n, `${n}-password-1`])] as [string, string][]) {
    const client = new ApiClient(relay.origin);
    const login = await client.call('POST', '/api/user/login', { username, password });
    expect(login.json.success, login.text).toBe(true);
    clients[username] = client;
  }
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  await addChannel(clients.owner!, { type: 1, upstream, models: ['gpt-4o-mini'] });
  return { relay, clients };
}

async function createKey(client: ApiClient, body: Record<string, unknown>) {
  const response = await client.call('POST', '/api/token/', { unlimited_quota: true, ...body });
  expect(response.json.success, response.text).toBe(true);
  return response.json.data as { id: number; name: string; key: string };
}

/** One model call with this key: its HTTP status. */
async function callWith(relay: TestRelay, key: string, model = 'gpt-4o-mini'): Promise<number> {
  const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

const hintOf = (key: string) => `${key.slice(0, 7)}…${key.slice(-4)}`;

describe('API keys: list, get, search — always masked', () => {
  it('shows keys only as hints, in every answer and file, and lists newest first with paging', async () => {
    const { relay, clients } = await relayWithUsers([]);
    const owner = clients.owner!;
    const keys = [];
    for (const name of ['alpha', 'beta', 'gamma']) keys.push(await createKey(owner, { name }));
    const answers: string[] = [];
    const list = await owner.call('GET', '/api/token/?p=1&page_size=2');
    answers.push(list.text);
    expect(list.json.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(list.json.data.items.map((t: any) => t.name)).toEqual(['gamma', 'beta']);
    const second = await owner.call('GET', '/api/token/?p=2&page_size=2');
    answers.push(second.text);
    expect(second.json.data.items.map((t: any) => t.name)).toEqual(['alpha']);
    const item = list.json.data.items[0];
    expect(item.key_hint).toBe(hintOf(keys[2]!.key));
    expect(item).toMatchObject({ id: keys[2]!.id, username: 'owner', status: 1, unlimited_quota: true, allow_balance: false, model_limits: [], allow_ips: [] });
    expect(item).not.toHaveProperty('key');
    expect(item).not.toHaveProperty('key_hash');

    const byKeyword = await owner.call('GET', '/api/token/?keyword=ET');
    answers.push(byKeyword.text);
    expect(byKeyword.json.data.items.map((t: any) => t.name)).toEqual(['beta']);
    const search = await owner.call('GET', `/api/token/search?keyword=a&token=${encodeURIComponent(keys[0]!.key)}`);
    answers.push(search.text);
    expect(search.json.data.items.map((t: any) => t.name)).toEqual(['alpha']);
    const byHint = await owner.call('GET', `/api/token/search?token=${keys[1]!.key.slice(-4)}`);
    answers.push(byHint.text);
    expect(byHint.json.data.items.map((t: any) => t.name)).toContain('beta');
    const one = await owner.call('GET', `/api/token/${keys[0]!.id}`);
    answers.push(one.text);
    expect(one.json.data.key_hint).toBe(hintOf(keys[0]!.key));
    const updated = await owner.call('PUT', '/api/token/', { id: keys[0]!.id, name: 'alpha2' });
    answers.push(updated.text);
    answers.push((await owner.call('GET', '/api/log/?type=3')).text);
    answers.push((await owner.call('GET', '/api/log/export?type=3')).text);
    await relay.close();

    const files = (await readdir(relay.dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    for (const file of files) answers.push(await readFile(join(file.parentPath, file.name), 'latin1'));
    answers.push(relay.logged.join('\n'));
    for (const { key } of keys) for (const answer of answers) expect(answer.includes(key)).toBe(false);
  });

  it('answers 404 for a key that does not exist, and 400 for a bad page', async () => {
    const { clients } = await relayWithUsers([]);
    expect((await clients.owner!.call('GET', '/api/token/999')).status).toBe(404);
    expect((await clients.owner!.call('GET', '/api/token/abc')).status).toBe(404);
    expect((await clients.owner!.call('GET', '/api/token/?p=0')).status).toBe(400);
    expect((await clients.owner!.call('GET', '/api/token/?page_size=1000')).status).toBe(400);
  });
});

describe('API keys: update', () => {
  it('changes each field; a disabled key is refused with 401 and works again once enabled', async () => {
    const { relay, clients } = await relayWithUsers([]);
    const owner = clients.owner!;
    const { id, key } = await createKey(owner, { name: 'k' });
    expect(await callWith(relay, key)).toBe(200);
    const future = Math.floor(Date.now() / 1000) + 86_400;
    const changes = {
      name: 'renamed',
      remain_quota: 12345,
      unlimited_quota: false,
      expired_time: future,
      model_limits: 'gpt-4o-mini, gpt-4o',
      allow_ips: ['127.0.0.1', '::1', '10.0.0.0/8'],
      group: 'default',
      allow_balance: true,
    };
    const put = await owner.call('PUT', '/api/token/', { id, ...changes });
    expect(put.json.success, put.text).toBe(true);
    const expected = { ...changes, model_limits: ['gpt-4o-mini', 'gpt-4o'], status: 1 };
    expect(put.json.data).toMatchObject(expected);
    expect((await owner.call('GET', `/api/token/${id}`)).json.data).toMatchObject(expected);
    expect(await callWith(relay, key)).toBe(200); // still allowed: model, IP, quota, expiry all fit

    // status: by number or by word
    expect((await owner.call('PUT', '/api/token/', { id, status: 2 })).json.data.status).toBe(2);
    expect(await callWith(relay, key)).toBe(401);
    expect((await owner.call('PUT', '/api/token/', { id, status: 'enabled' })).json.data.status).toBe(1);
    expect(await callWith(relay, key)).toBe(200);
    expect((await owner.call('PUT', '/api/token/', { id, status: 'disabled' })).json.data.status).toBe(2);
    expect(await callWith(relay, key)).toBe(401);
    await owner.call('PUT', '/api/token/', { id, status: 1 });

    // the limits are applied by the relay
    await owner.call('PUT', '/api/token/', { id, model_limits: 'gpt-4o' });
    expect(await callWith(relay, key)).toBe(403);
    await owner.call('PUT', '/api/token/', { id, model_limits: [], allow_ips: '192.0.2.1' });
    expect(await callWith(relay, key)).toBe(403);
    await owner.call('PUT', '/api/token/', { id, allow_ips: '', remain_quota: 0 });
    expect(await callWith(relay, key)).toBe(403); // quota used up
    expect((await owner.call('GET', `/api/token/${id}`)).json.data.status).toBe(4);
    await owner.call('PUT', '/api/token/', { id, unlimited_quota: true, allow_balance: false });
    expect(await callWith(relay, key)).toBe(200);
    expect((await owner.call('GET', `/api/token/${id}`)).json.data).toMatchObject({ allow_balance: false, unlimited_quota: true, status: 1 });
  });

  it('refuses bad values without changing anything, and passes unchanged values as they are', async () => {
    const { clients } = await relayWithUsers([]);
    const owner = clients.owner!;
    const { id } = await createKey(owner, { name: 'k', remain_quota: 10 });
    const before = (await owner.call('GET', `/api/token/${id}`)).json.data;
    for (const bad of [
      { name: '  ' },
      { remain_quota: -1 },
      { expired_time: 1000 },
      { allow_ips: 'not-an-ip' },
      { status: 5 },
      { allow_balance: 'yes' },
      { name: 'ok', allow_ips: '300.1.1.1' }, // nothing applies when one field is wrong
    ]) {
      const response = await owner.call('PUT', '/api/token/', { id, ...bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await owner.call('GET', `/api/token/${id}`)).json.data).toEqual(before);
    expect((await owner.call('PUT', '/api/token/', {})).status).toBe(400);
    expect((await owner.call('PUT', '/api/token/', { id: 999, name: 'x' })).status).toBe(404);
    // the console sends the whole key back: the current values pass
    const same = await owner.call('PUT', '/api/token/', before);
    expect(same.json.success, same.text).toBe(true);
    expect(same.json.message).toBe('Nothing changed.');
    // …also as lists show a key whose quota is used up (status 4, computed)
    await owner.call('PUT', '/api/token/', { id, remain_quota: 0, unlimited_quota: false });
    const exhausted = (await owner.call('GET', `/api/token/${id}`)).json.data;
    expect(exhausted.status).toBe(4);
    expect((await owner.call('PUT', '/api/token/', exhausted)).json.message).toBe('Nothing changed.');
  });
});

describe('API keys: delete, bulk delete, regenerate', () => {
  it('a deleted key stops working at once; bulk delete skips unknown ids', async () => {
    const { relay, clients } = await relayWithUsers([]);
    const owner = clients.owner!;
    const a = await createKey(owner, { name: 'a' });
    const b = await createKey(owner, { name: 'b' });
    const c = await createKey(owner, { name: 'c' });
    const d = await createKey(owner, { name: 'd' });
    expect(await callWith(relay, a.key)).toBe(200);
    const deleted = await owner.call('DELETE', `/api/token/${a.id}`);
    expect(deleted.json.success, deleted.text).toBe(true);
    expect(await callWith(relay, a.key)).toBe(401);
    expect((await owner.call('GET', `/api/token/${a.id}`)).status).toBe(404);
    expect((await owner.call('DELETE', `/api/token/${a.id}`)).status).toBe(404);

    const batch = await owner.call('POST', '/api/token/batch', { ids: [b.id, c.id, 9999, a.id] });
    expect(batch.json.data).toEqual({ deleted: 2 });
    expect(await callWith(relay, b.key)).toBe(401);
    expect(await callWith(relay, c.key)).toBe(401);
    expect(await callWith(relay, d.key)).toBe(200);
    expect((await owner.call('GET', '/api/token/')).json.data.items.map((t: any) => t.name)).toEqual(['d']);
    expect((await owner.call('POST', '/api/token/batch', { ids: [] })).status).toBe(400);
    expect((await owner.call('POST', '/api/token/batch', {})).status).toBe(400);

    // the deletions are durable
    await relay.close();
    const state = JSON.parse(await readFile(join(relay.dataDir, 'state.json'), 'utf8'));
    expect(state.tokens.map((t: any) => t.name)).toEqual(['d']);
  });

  it('regenerate answers a new key once; the old one is refused at once, the new one works, also after a restart', async () => {
    const { relay, clients } = await relayWithUsers([]);
    const owner = clients.owner!;
    const { id, key } = await createKey(owner, { name: 'rotating', allow_balance: true });
    expect(await callWith(relay, key)).toBe(200);
    const regenerated = await owner.call('POST', `/api/token/${id}/regenerate`, {});
    expect(regenerated.json.success, regenerated.text).toBe(true);
    expect(regenerated.headers.get('cache-control')).toContain('no-store');
    const fresh = regenerated.json.data.key as string;
    expect(regenerated.json.data).toMatchObject({ id, name: 'rotating' });
    expect(fresh).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(fresh).not.toBe(key);
    expect(await callWith(relay, key)).toBe(401);
    expect(await callWith(relay, fresh)).toBe(200);
    const shown = await owner.call('GET', `/api/token/${id}`);
    expect(shown.json.data).toMatchObject({ key_hint: hintOf(fresh), name: 'rotating', allow_balance: true });
    const list = await owner.call('GET', '/api/token/');
    expect(list.text.includes(fresh)).toBe(false);
    expect((await owner.call('POST', '/api/token/999/regenerate', {})).status).toBe(404);

    await relay.close();
    const again = await startTestRelay({ dataDir: relay.dataDir });
    expect(await callWith(again, key)).toBe(401);
    expect(await callWith(again, fresh)).toBe(200);
  });
});

describe('API keys: users and admins', () => {
  it("users see and change only their own keys (404 for others'); admins see and change all", async () => {
    const { relay, clients } = await relayWithUsers(['alice', 'bob']);
    const alice = clients.alice!;
    const bob = clients.bob!;
    const owner = clients.owner!;
    const aliceKey = await createKey(alice, { name: 'alice key' });
    const bobKey = await createKey(bob, { name: 'bob key' });
    await createKey(owner, { name: 'owner key' });

    const bobList = await bob.call('GET', '/api/token/');
    expect(bobList.json.data.items.map((t: any) => t.name)).toEqual(['bob key']);
    expect(bobList.json.data.total).toBe(1);
    expect((await bob.call('GET', '/api/token/search?keyword=key')).json.data.items.map((t: any) => t.name)).toEqual(['bob key']);
    expect((await bob.call('GET', `/api/token/?user_id=${aliceKey.id}`)).json.data.items.map((t: any) => t.name)).toEqual(['bob key']);
    expect((await bob.call('GET', `/api/token/${aliceKey.id}`)).status).toBe(404);
    expect((await bob.call('PUT', '/api/token/', { id: aliceKey.id, status: 2 })).status).toBe(404);
    expect((await bob.call('DELETE', `/api/token/${aliceKey.id}`)).status).toBe(404);
    expect((await bob.call('POST', `/api/token/${aliceKey.id}/regenerate`, {})).status).toBe(404);
    expect((await bob.call('POST', '/api/token/batch', { ids: [aliceKey.id] })).json.data).toEqual({ deleted: 0 });
    expect(await callWith(relay, aliceKey.key)).toBe(200);

    const all = await owner.call('GET', '/api/token/');
    expect(all.json.data.items.map((t: any) => [t.name, t.username])).toEqual([
      ['owner key', 'owner'],
      ['bob key', 'bob'],
      ['alice key', 'alice'],
    ]);
    const aliceId = (await alice.call('GET', '/api/user/self')).json.data.id;
    expect((await owner.call('GET', `/api/token/?user_id=${aliceId}`)).json.data.items.map((t: any) => t.name)).toEqual(['alice key']);
    expect((await owner.call('GET', `/api/token/${aliceKey.id}`)).json.data.username).toBe('alice');
    expect((await owner.call('PUT', '/api/token/', { id: aliceKey.id, status: 2 })).json.success).toBe(true);
    expect(await callWith(relay, aliceKey.key)).toBe(401);
    const shown = (await alice.call('GET', `/api/token/${aliceKey.id}`)).json.data;
    expect(shown).toMatchObject({ status: 2, user_id: aliceId });
    expect((await owner.call('POST', '/api/token/batch', { ids: [aliceKey.id, bobKey.id] })).json.data).toEqual({ deleted: 2 });
    expect(await callWith(relay, bobKey.key)).toBe(401);
    expect((await bob.call('GET', '/api/token/')).json.data.total).toBe(0);
  });
});

describe('API keys: groups', () => {
  it('users may give their keys their own group or a selectable one; admins any existing group', async () => {
    const { clients } = await relayWithUsers(['alice']);
    const alice = clients.alice!;
    const owner = clients.owner!;
    expect((await alice.call('POST', '/api/token/', { name: 'x', group: 'vip' })).status).toBe(400);
    expect((await alice.call('POST', '/api/token/', { name: 'x', group: 'nope' })).status).toBe(400);
    const { id } = await createKey(alice, { name: 'mine', group: 'team' });
    expect((await alice.call('GET', `/api/token/${id}`)).json.data.group).toBe('team');
    expect((await alice.call('PUT', '/api/token/', { id, group: 'vip' })).status).toBe(400);
    expect((await alice.call('PUT', '/api/token/', { id, group: 'default' })).json.data.group).toBe('default');
    expect((await owner.call('PUT', '/api/token/', { id, group: 'nope' })).status).toBe(400);
    expect((await owner.call('PUT', '/api/token/', { id, group: 'vip' })).json.data.group).toBe('vip');
    // an unchanged group passes (the console sends the whole key back), '' means the user's group
    expect((await alice.call('PUT', '/api/token/', { id, group: 'vip', name: 'mine2' })).json.data).toMatchObject({ group: 'vip', name: 'mine2' });
    expect((await alice.call('PUT', '/api/token/', { id, group: '' })).json.data.group).toBe('');
  });
});

describe('API keys: audit records', () => {
  it('create, update, regenerate and delete each append a manage record (type 3) naming the key and who did it', async () => {
    const { clients } = await relayWithUsers(['alice']);
    const alice = clients.alice!;
    const owner = clients.owner!;
    const { id } = await createKey(alice, { name: 'audited' });
    await alice.call('PUT', '/api/token/', { id, remain_quota: 5, status: 2 });
    await alice.call('PUT', '/api/token/', { id, status: 2 }); // no change: no record
    await alice.call('POST', `/api/token/${id}/regenerate`, {});
    await owner.call('PUT', '/api/token/', { id, name: 'audited2' });
    await owner.call('DELETE', `/api/token/${id}`);

    const logs = await owner.call('GET', '/api/log/?type=3');
    expect(logs.json.success, logs.text).toBe(true);
    // Key records only: the channel made while setting up has its own generic record.
    const records = logs.json.data.items.filter((r: any) => r.content.includes('key "')).map((r: any) => [r.username, r.content, r.token_id, r.type]);
    expect(records).toEqual([
      ['owner', 'deleted key "audited2" of user alice', id, 3],
      ['owner', 'updated key "audited" of user alice (name)', id, 3],
      ['alice', 'regenerated key "audited"', id, 3],
      ['alice', 'updated key "audited" (remain_quota, status)', id, 3],
      ['alice', 'created key "audited"', id, 3],
    ]);
    const item = logs.json.data.items[0];
    expect(item.ip).toMatch(/127\.0\.0\.1/);
    expect(item.request_id).not.toBe('');
    // alice sees her own records, not the owner's
    const own = await alice.call('GET', '/api/log/self?type=3');
    expect(own.json.data.items.map((r: any) => r.content)).toEqual(['regenerated key "audited"', 'updated key "audited" (remain_quota, status)', 'created key "audited"']);
  });
});
