import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';

const PASSWORD = 'correct horse battery';

/** Keeps every answer, for the check that no key is ever in one. */
class RecordingClient extends ApiClient {
  answers: string[] = [];
  override async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await super.call(method, path, body, headers);
    this.answers.push(response.text);
    return response;
  }
}

async function admin(relay: TestRelay): Promise<RecordingClient> {
  const signedIn = await setupAndLogin(relay, 'owner', PASSWORD);
  return Object.assign(new RecordingClient(relay.origin), { cookie: signedIn.cookie });
}

async function create(client: ApiClient, body: Record<string, unknown>): Promise<number> {
  const response = await client.call('POST', '/api/channel/', { type: 1, key: `sk-${Math.random().toString(36).slice(2)}-long-enough-key`, models: 'm', base_url: 'http://127.0.0.1:9', ...body });
  expect(response.json?.success, response.text).toBe(true);
  return response.json.data.id;
}

async function reveal(relay: TestRelay, cookie: string, id: number): Promise<string[]> {
  // A client of its own: reveals are the one answer allowed to hold keys.
  const response = await Object.assign(new ApiClient(relay.origin), { cookie }).call('POST', `/api/channel/${id}/key`, { password: PASSWORD });
  expect(response.json?.success, response.text).toBe(true);
  return response.json.data.keys;
}

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

describe('channel list', () => {
  it('filters by status, type, group, model, tag and keyword, sorts and pages', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const a = await create(client, { name: 'alpha openai', group: 'default', tag: 'prod', priority: 5, models: 'gpt-4o,gpt-4o-mini', remark: 'main account' });
    const b = await create(client, { type: 14, name: 'beta claude', group: 'vip', tag: 'prod', priority: 10, models: 'claude-x' });
    const c = await create(client, { name: 'gamma', base_url: 'https://gamma.example.com', group: 'default,vip', priority: 1, models: ['gpt-4o'], status: 2 });
    const d = await create(client, { type: 43, name: 'delta', priority: 10, models: 'deepseek-chat', key: 'k1\nk2' });
    const ids = async (query = '') => {
      const response = await client.call('GET', `/api/channel/${query}`);
      expect(response.json?.success, response.text).toBe(true);
      return response.json.data.items.map((item: { id: number }) => item.id);
    };

    // Default: priority, highest first; ties by id.
    expect(await ids()).toEqual([b, d, a, c]);
    expect(await ids('?status=2')).toEqual([c]);
    expect(await ids('?status=1&type=1')).toEqual([a]);
    expect(await ids('?type=1&sort=id&order=asc')).toEqual([a, c]);
    expect(await ids('?group=vip&sort=id&order=asc')).toEqual([b, c]);
    expect(await ids('?model=gpt-4o&sort=id&order=asc')).toEqual([a, c]);
    expect(await ids('?tag=prod&sort=id&order=asc')).toEqual([a, b]);
    expect(await ids('?keyword=GAMMA.example')).toEqual([c]);
    expect(await ids('?keyword=main%20acc')).toEqual([a]);
    expect(await ids('?keyword=claude')).toEqual([b]);
    expect(await ids('?sort=id')).toEqual([d, c, b, a]);
    expect(await ids('?sort=name&order=asc')).toEqual([a, b, d, c]);

    const page = await client.call('GET', '/api/channel/?sort=id&order=asc&page_size=3&p=2');
    expect(page.json.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.json.data.items.map((item: { id: number }) => item.id)).toEqual([d]);
    const item = page.json.data.items[0];
    expect(item).toMatchObject({ name: 'delta', type: 43, key_count: 2, enabled_key_count: 2, models: ['deepseek-chat'], groups: ['default'] });
    expect(item).not.toHaveProperty('key');
    expect(item).not.toHaveProperty('key_states');

    expect((await client.call('GET', '/api/channel/?sort=nonsense')).status).toBe(400);
    expect((await client.call('GET', '/api/channel/?page_size=1000')).status).toBe(400);
  });
});

describe('channel create, update, copy and delete', () => {
  it('creates one channel per key line in batch mode, one multi-key channel otherwise', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const batch = await client.call('POST', '/api/channel/', { type: 1, name: 'pool', key: 'sk-batch-one-0000000000\n\nsk-batch-two-0000000000\nsk-batch-three-00000000\n', models: 'm', mode: 'batch' });
    expect(batch.json.data.ids).toHaveLength(3);
    expect(batch.json.data.id).toBe(batch.json.data.ids[0]);
    for (const [index, id] of (batch.json.data.ids as number[]).entries()) {
      const channel = (await client.call('GET', `/api/channel/${id}`)).json.data;
      expect(channel).toMatchObject({ name: `pool #${index + 1}`, key_count: 1, models: ['m'] });
      expect(await reveal(relay, client.cookie, id)).toEqual([['sk-batch-one-0000000000', 'sk-batch-two-0000000000', 'sk-batch-three-00000000'][index]]);
    }
    const single = await client.call('POST', '/api/channel/', { type: 1, name: 'multi', key: 'sk-a-0000000000000000\nsk-b-0000000000000000', models: 'm' });
    expect(single.json.data).toMatchObject({ key_count: 2, ids: [single.json.data.id] });
    expect((await client.call('GET', '/api/channel/')).json.data.total).toBe(4);
    for (const answer of client.answers) expect(answer).not.toMatch(/sk-(batch|a-|b-)/);
  });

  it('updates the fields given, appends or replaces keys, and keeps kept keys\' states', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const id = await create(client, { name: 'before', key: 'sk-key-a-000000000000\nsk-key-b-000000000000', models: 'm1,m2', priority: 3, tag: 't' });

    const renamed = await client.call('PUT', '/api/channel/', { id, name: 'after', priority: 7, key: '' });
    expect(renamed.json.data).toMatchObject({ id, name: 'after', priority: 7, models: ['m1', 'm2'], tag: 't', key_count: 2 });
    expect(await reveal(relay, client.cookie, id)).toEqual(['sk-key-a-000000000000', 'sk-key-b-000000000000']);

    const appended = await client.call('PUT', '/api/channel/', { id, key: 'sk-key-c-000000000000\nsk-key-a-000000000000', key_mode_update: 'append' });
    expect(appended.json.data.key_count).toBe(3);
    expect(appended.json.data.key_states).toHaveLength(3);
    expect(await reveal(relay, client.cookie, id)).toEqual(['sk-key-a-000000000000', 'sk-key-b-000000000000', 'sk-key-c-000000000000']);

    // key b is disabled by hand; a replacement that keeps it keeps it disabled.
    expect((await client.call('POST', `/api/channel/${id}/keys`, { action: 'disable', index: 1 })).json.success).toBe(true);
    const replaced = await client.call('PUT', '/api/channel/', { id, key: 'sk-key-b-000000000000\nsk-key-d-000000000000', key_mode_update: 'replace' });
    expect(replaced.json.data.key_count).toBe(2);
    expect(replaced.json.data.key_states.map((k: { status: number }) => k.status)).toEqual([2, 1]);
    expect(await reveal(relay, client.cookie, id)).toEqual(['sk-key-b-000000000000', 'sk-key-d-000000000000']);

    const proxied = await client.call('PUT', '/api/channel/', { id, proxy: 'http://user:proxy-pass-secret@127.0.0.1:8080', models: ['m3'], status: 2 });
    expect(proxied.json.data).toMatchObject({ proxy: 'http://user:***@127.0.0.1:8080', models: ['m3'], status: 2, status_reason: expect.any(String) });
    const enabled = await client.call('PUT', '/api/channel/', { id, proxy: proxied.json.data.proxy, status: 1 });
    expect(enabled.json.data).toMatchObject({ proxy: 'http://user:***@127.0.0.1:8080', status: 1, status_reason: '' });

    expect((await client.call('PUT', '/api/channel/', { id, base_url: 'ftp://nope' })).status).toBe(400);
    expect((await client.call('PUT', '/api/channel/', { id, models: '' })).status).toBe(400);
    expect((await client.call('PUT', '/api/channel/', { id, name: 'not saved', status: 3 })).status).toBe(400);
    expect((await client.call('PUT', '/api/channel/', { id, name: 'not saved', model_mapping: '{nope' })).status).toBe(400);
    expect((await client.call('GET', `/api/channel/${id}`)).json.data.name).toBe('after');
    // The status sent back as it is changes nothing.
    expect((await client.call('PUT', '/api/channel/', { id, status: 1 })).json.data.status).toBe(1);
    expect((await client.call('PUT', '/api/channel/', { id: 999, name: 'x' })).status).toBe(404);
    for (const answer of client.answers) expect(answer).not.toMatch(/sk-key-|proxy-pass-secret/);
  });

  it('copies a channel with its configuration and keys, enabled or disabled as asked', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const id = await create(client, { name: 'source', key: 'sk-copy-1-000000000000\nsk-copy-2-000000000000', models: 'a,b', group: 'vip', priority: 4, weight: 2, model_mapping: { a: 'upstream-a' }, tag: 'team', status: 2 });
    const copy = await client.call('POST', `/api/channel/copy/${id}`, {});
    expect(copy.json.success, copy.text).toBe(true);
    const view = (await client.call('GET', `/api/channel/${copy.json.data.id}`)).json.data;
    expect(view).toMatchObject({ name: 'source (copy)', models: ['a', 'b'], groups: ['vip'], priority: 4, weight: 2, model_mapping: { a: 'upstream-a' }, tag: 'team', status: 1, key_count: 2 });
    expect(await reveal(relay, client.cookie, copy.json.data.id)).toEqual(['sk-copy-1-000000000000', 'sk-copy-2-000000000000']);

    const disabled = await client.call('POST', `/api/channel/copy/${id}`, { suffix: '-2', disabled: true });
    expect((await client.call('GET', `/api/channel/${disabled.json.data.id}`)).json.data).toMatchObject({ name: 'source-2', status: 2 });
    expect((await client.call('POST', '/api/channel/copy/999', {})).status).toBe(404);
    for (const answer of client.answers) expect(answer).not.toContain('sk-copy-');
  });

  it('deletes one channel with its keys', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const id = await create(client, {});
    const deleted = await client.call('DELETE', `/api/channel/${id}`);
    expect(deleted.json).toMatchObject({ success: true, data: null });
    expect((await client.call('GET', `/api/channel/${id}`)).status).toBe(404);
    expect((await client.call('DELETE', `/api/channel/${id}`)).status).toBe(404);
    expect((await client.call('POST', `/api/channel/${id}/key`, { password: PASSWORD })).status).toBe(404);
  });
});

describe('bulk actions', () => {
  it('enables, disables, tags and deletes several channels; deletes every disabled one', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const [a, b, c] = [await create(client, {}), await create(client, {}), await create(client, {})];
    const status = async (id: number) => (await client.call('GET', `/api/channel/${id}`)).json.data.status;

    const disabled = await client.call('POST', '/api/channel/batch', { ids: [a, b, 999], action: 'disable' });
    expect(disabled.json.data).toEqual({ affected: 2 });
    expect([await status(a), await status(b), await status(c)]).toEqual([2, 2, 1]);
    expect((await client.call('POST', '/api/channel/batch', { ids: [a], action: 'enable' })).json.data).toEqual({ affected: 1 });
    expect(await status(a)).toBe(1);

    expect((await client.call('POST', '/api/channel/batch', { ids: [a, c], action: 'tag', tag: ' night ' })).json.data).toEqual({ affected: 2 });
    expect((await client.call('GET', '/api/channel/?tag=night&sort=id&order=asc')).json.data.items.map((i: { id: number }) => i.id)).toEqual([a, c]);
    expect((await client.call('POST', '/api/channel/batch', { ids: [a], action: 'tag' })).status).toBe(400);
    expect((await client.call('POST', '/api/channel/batch', { ids: [a], action: 'explode' })).status).toBe(400);
    expect((await client.call('POST', '/api/channel/batch', { ids: [], action: 'enable' })).status).toBe(400);

    // An automatically disabled channel (its key refused by the upstream during a test) goes too.
    const upstream = await startFakeOpenAIChat({ apiKey: 'sk-the-right-key-000000' });
    upstreams.push(upstream);
    const refused = await create(client, { base_url: upstream.url, key: 'sk-a-revoked-key-000000' });
    expect((await client.call('GET', `/api/channel/test/${refused}`)).json.data.ok).toBe(false);
    expect(await status(refused)).toBe(3);

    const swept = await client.call('DELETE', '/api/channel/disabled');
    expect(swept.json.data).toEqual({ deleted: 2 });
    const left = (await client.call('GET', '/api/channel/?sort=id&order=asc')).json.data.items.map((i: { id: number }) => i.id);
    expect(left).toEqual([a, c]);

    expect((await client.call('POST', '/api/channel/batch', { ids: [a, c], action: 'delete' })).json.data).toEqual({ affected: 2 });
    expect((await client.call('GET', '/api/channel/')).json.data.total).toBe(0);
  });
});

describe('channel keys stay secret', () => {
  it('never answers a key, but to the password-checked reveal', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const keys = ['sk-never-shown-aaaaaaaaaaaaaaaa', 'sk-never-shown-bbbbbbbbbbbbbbbb'];
    const id = await create(client, { key: keys.join('\n') });
    await client.call('GET', `/api/channel/${id}`);
    await client.call('GET', '/api/channel/');
    const keyView = await client.call('GET', `/api/channel/${id}/keys`);
    expect(keyView.json.data.items).toEqual([
      expect.objectContaining({ index: 0, status: 1, hint: 'sk-…aaaa' }),
      expect.objectContaining({ index: 1, status: 1, hint: 'sk-…bbbb' }),
    ]);
    await client.call('POST', `/api/channel/copy/${id}`, {});
    await client.call('PUT', '/api/channel/', { id, name: 'renamed' });

    const wrong = await client.call('POST', `/api/channel/${id}/key`, { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ success: false, data: null });
    expect((await client.call('POST', `/api/channel/${id}/key`, { password: '' })).status).toBe(400);
    const unverified = await client.call('POST', `/api/channel/${id}/key`, {});
    expect(unverified.status).toBe(403);
    expect(unverified.headers.get('x-verification-required')).toBe('1');
    for (const answer of client.answers) for (const key of keys) expect(answer.includes(key)).toBe(false);

    const shown = await Object.assign(new ApiClient(relay.origin), { cookie: client.cookie }).call('POST', `/api/channel/${id}/key`, { password: PASSWORD });
    expect(shown.json.data).toEqual({ key: keys.join('\n'), keys });
    expect(shown.headers.get('cache-control')).toBe('no-store');

    // Nor in the data folder or the logs in clear (the encrypted secret store holds them).
    await relay.close();
    const { readFile, readdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const files = (await readdir(relay.dataDir, { withFileTypes: true, recursive: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      for (const key of keys) expect(text.includes(key), file).toBe(false);
    }
    for (const key of keys) expect(relay.logged.join('\n')).not.toContain(key);
  });

  it('answers every channel and task route with a clean 4xx for an empty request, never a 500', async () => {
    const relay = await startTestRelay();
    const client = await admin(relay);
    const document = (await (await fetch(`${relay.origin}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    let visited = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      // This module's routes (model discovery lives in fetch-models.ts).
      if (!/^\/api\/(channel|task)/.test(path) || path.includes('fetch_models')) continue;
      for (const method of Object.keys(operations)) {
        visited++;
        const response = await client.call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), method === 'get' ? undefined : {});
        if (response.status >= 500 || response.json?.success === undefined) failures.push(`${method} ${path}: ${response.status} ${response.text}`);
      }
    }
    expect(visited).toBeGreaterThan(15);
    expect(failures).toEqual([]);
  });
});
