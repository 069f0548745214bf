import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../../fake-upstreams/harness.js';
import type { Answer, FakeUpstream, RecordedRequest } from '../../fake-upstreams/harness.js';
import { startHttpProxy } from '../../helpers/proxies.js';
import type { TestProxy } from '../../helpers/proxies.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { ApiClient, TestRelay } from '../../helpers/relay.js';

// POST /api/channel/fetch_models, rule by rule (interface.md, "Channel model-discovery request").

const SAVED_KEY = 'sk-saved-first-0123456789';
const SAVED_KEY_2 = 'sk-saved-second-0123456789';
const GIVEN_KEY = 'sk-given-preview-0123456789';
const SECRETS = [SAVED_KEY, SAVED_KEY_2, GIVEN_KEY];

const closers: (() => Promise<void>)[] = [];
/** Every answer the tests received, checked for keys after each test. */
const answers: string[] = [];
const relays: TestRelay[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  const haystacks = [...answers.splice(0), ...relays.splice(0).flatMap((relay) => relay.logged)];
  for (const secret of SECRETS) for (const haystack of haystacks) expect(haystack).not.toContain(secret);
});

/** A fake upstream answering GETs from `script` (default: an OpenAI model list). */
async function upstream(script: (request: RecordedRequest) => Answer = () => ({ json: { object: 'list', data: [{ id: 'model-b' }, { id: 'model-a' }, { id: 'model-b' }] } })): Promise<FakeUpstream> {
  const fake = await startFakeUpstream((request) => script(request));
  closers.push(() => fake.close());
  return fake;
}

async function proxy(): Promise<TestProxy> {
  const started = await startHttpProxy();
  closers.push(() => started.close());
  return started;
}

async function admin(dataDir?: string): Promise<{ relay: TestRelay; client: ApiClient }> {
  const relay = await startTestRelay(dataDir ? { dataDir } : {});
  relays.push(relay);
  const client = dataDir ? await login(relay) : await setupAndLogin(relay);
  return { relay, client };
}

async function login(relay: TestRelay): Promise<ApiClient> {
  const { ApiClient } = await import('../../helpers/relay.js');
  const client = new ApiClient(relay.origin);
  const response = await client.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' });
  expect(response.json?.success, response.text).toBe(true);
  return client;
}

async function fetchModels(client: ApiClient, body: Record<string, unknown>) {
  const response = await client.call('POST', '/api/channel/fetch_models', body);
  answers.push(response.text);
  return response;
}

async function createChannel(client: ApiClient, fields: Record<string, unknown>): Promise<number> {
  const response = await client.call('POST', '/api/channel/', { name: 'saved', models: 'm', group: 'default', ...fields });
  answers.push(response.text);
  expect(response.json?.success, response.text).toBe(true);
  return response.json.data.id;
}

const keyOf = (request: RecordedRequest | undefined) => request?.headers.authorization;

describe('new-channel preview (no channel_id)', () => {
  it('lists an OpenAI-style upstream at {base}/v1/models with the given key: ids sorted and unique', async () => {
    const { client } = await admin();
    for (const type of [1, 8, 20, 43]) {
      const fake = await upstream();
      const response = await fetchModels(client, { type, base_url: fake.url, key: GIVEN_KEY });
      expect(response.status, response.text).toBe(200);
      expect(response.json).toEqual({ success: true, message: '', data: ['model-a', 'model-b'] });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.method).toBe('GET');
      expect(fake.requests[0]!.path).toBe('/v1/models');
      expect(keyOf(fake.requests[0])).toBe(`Bearer ${GIVEN_KEY}`);
    }
  });

  it('uses the first line of a multi-key value', async () => {
    const { client } = await admin();
    const fake = await upstream();
    const response = await fetchModels(client, { type: 1, base_url: `${fake.url}/v1/`, key: `\n  ${GIVEN_KEY}  \n${SAVED_KEY}\n` });
    expect(response.json.data).toEqual(['model-a', 'model-b']);
    expect(fake.requests[0]!.path).toBe('/v1/models');
    expect(keyOf(fake.requests[0])).toBe(`Bearer ${GIVEN_KEY}`);
  });

  it('answers 400 for an empty body, a missing key, an unknown type, and a type without a default base URL given none', async () => {
    const { client } = await admin();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /channel type/],
      [{ type: 1, base_url: 'http://127.0.0.1:9' }, /API key/],
      [{ type: 999, key: GIVEN_KEY }, /Unsupported channel type 999/],
      [{ type: 8, key: GIVEN_KEY, base_url: '' }, /base URL/],
      [{ type: 8, key: GIVEN_KEY, base_url: 'ftp://x' }, /base URL must start with http/],
      [{ type: 8, key: GIVEN_KEY, base_url: 'http://127.0.0.1:9', proxy: 'gopher://x' }, /proxy must be/],
      [{ type: 8, key: GIVEN_KEY, base_url: 'http://127.0.0.1:9', header_override: '{not json' }, /header_override must be a JSON object/],
      [{ channel_id: 4242 }, /No channel 4242/],
    ];
    for (const [body, message] of cases) {
      const response = await fetchModels(client, body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(response.json.success).toBe(false);
      expect(response.json.message).toMatch(message);
    }
  });
});

describe('edit preview (channel_id)', () => {
  it("uses the channel's saved key (the first enabled one) and ignores a given key", async () => {
    const fake = await upstream();
    const { relay, client } = await admin();
    const id = await createChannel(client, { type: 1, base_url: fake.url, key: `${SAVED_KEY}\n${SAVED_KEY_2}` });
    const response = await fetchModels(client, { channel_id: id, type: 1, key: GIVEN_KEY });
    expect(response.json.data).toEqual(['model-a', 'model-b']);
    expect(keyOf(fake.requests[0])).toBe(`Bearer ${SAVED_KEY}`);
    // Without the type the saved one applies.
    await fetchModels(client, { channel_id: id });
    expect(keyOf(fake.requests[1])).toBe(`Bearer ${SAVED_KEY}`);

    // The first key disabled (as the relay does after a 401): the next enabled key is used.
    await relay.close();
    const file = join(relay.dataDir, 'state.json');
    const state = JSON.parse(await readFile(file, 'utf8'));
    // As disableKey leaves it: the recovery probe is due later (retry_at 0 would let the probe,
    // which the fake answers, re-enable the key before the call: a race the test must not run).
    Object.assign(state.channels.find((c: { id: number }) => c.id === id).key_states[0], { status: 3, reason: '401', disabled_at: Date.now(), retry_at: Date.now() + 3_600_000 });
    await writeFile(file, JSON.stringify(state));
    const again = await admin(relay.dataDir);
    const next = await fetchModels(again.client, { channel_id: id, key: GIVEN_KEY });
    expect(next.json.success, next.text).toBe(true);
    expect(keyOf(fake.requests[2])).toBe(`Bearer ${SAVED_KEY_2}`);
  });

  it("base_url: omitted keeps the saved one, '' clears it (the type's default applies), a value overrides it", async () => {
    const saved = await upstream((request) => ({ json: { models: [{ name: `saved:${request.path}` }] } }));
    const other = await upstream((request) => ({ json: { models: [{ name: `other:${request.path}` }] } }));
    const { client } = await admin();
    // Ollama: no key needed, default base http://127.0.0.1:11434.
    const id = await createChannel(client, { type: 4, base_url: saved.url });
    expect((await fetchModels(client, { channel_id: id })).json.data).toEqual(['saved:/api/tags']);
    expect((await fetchModels(client, { channel_id: id, base_url: other.url })).json.data).toEqual(['other:/api/tags']);
    // Cleared: the request goes to the default address (nothing listens there in the tests), not to the saved upstream.
    const cleared = await fetchModels(client, { channel_id: id, base_url: '' });
    expect(cleared.json.success).toBe(false);
    expect(cleared.json.message).toMatch(/Could not reach the upstream \(GET http:\/\/127\.0\.0\.1:11434\/api\/tags\)/);
    expect(saved.requests).toHaveLength(1);
  });

  it("header_override: omitted keeps the saved one ({api_key} filled in), a value overrides it, '' clears it", async () => {
    const fake = await upstream();
    const { client } = await admin();
    const id = await createChannel(client, { type: 8, base_url: fake.url, key: SAVED_KEY, header_override: JSON.stringify({ 'X-Saved': 'saved {api_key}' }) });
    await fetchModels(client, { channel_id: id });
    expect(fake.requests[0]!.headers['x-saved']).toBe(`saved ${SAVED_KEY}`);
    await fetchModels(client, { channel_id: id, header_override: JSON.stringify({ 'X-Given': 'given', Authorization: 'Bearer {api_key}-x' }) });
    expect(fake.requests[1]!.headers['x-saved']).toBeUndefined();
    expect(fake.requests[1]!.headers['x-given']).toBe('given');
    expect(fake.requests[1]!.headers.authorization).toBe(`Bearer ${SAVED_KEY}-x`);
    await fetchModels(client, { channel_id: id, header_override: { 'X-Object': 'o' } });
    expect(fake.requests[2]!.headers['x-object']).toBe('o');
    await fetchModels(client, { channel_id: id, header_override: '' });
    expect(fake.requests[3]!.headers['x-saved']).toBeUndefined();
    expect(fake.requests[3]!.headers.authorization).toBe(`Bearer ${SAVED_KEY}`);
    // A new-channel preview takes the given overrides.
    await fetchModels(client, { type: 8, base_url: fake.url, key: GIVEN_KEY, header_override: '{"X-New":"{api_key}!"}' });
    expect(fake.requests[4]!.headers['x-new']).toBe(`${GIVEN_KEY}!`);
  });

  it("proxy: omitted keeps the saved one, a value overrides it, '' clears it (direct)", async () => {
    const fake = await upstream();
    const savedProxy = await proxy();
    const givenProxy = await proxy();
    const { client } = await admin();
    const id = await createChannel(client, { type: 1, base_url: fake.url, key: SAVED_KEY, proxy: savedProxy.url });
    expect((await fetchModels(client, { channel_id: id })).json.success).toBe(true);
    expect(savedProxy.seen).toHaveLength(1);
    expect((await fetchModels(client, { channel_id: id, proxy: givenProxy.url })).json.success).toBe(true);
    expect(givenProxy.seen).toHaveLength(1);
    expect(savedProxy.seen).toHaveLength(1);
    // With both proxies gone, only a direct call can succeed; the saved proxy is still what an omitted field means.
    await savedProxy.close();
    await givenProxy.close();
    const direct = await fetchModels(client, { channel_id: id, proxy: '' });
    expect(direct.json.success, direct.text).toBe(true);
    expect(fake.requests).toHaveLength(3);
    const kept = await fetchModels(client, { channel_id: id });
    expect(kept.json.success).toBe(false);
    expect(kept.json.message).toMatch(/Could not reach the upstream/);
    // A new-channel preview through a proxy.
    const previewProxy = await proxy();
    expect((await fetchModels(client, { type: 1, base_url: fake.url, key: GIVEN_KEY, proxy: previewProxy.url })).json.success).toBe(true);
    expect(previewProxy.seen).toEqual([expect.stringContaining('CONNECT 127.0.0.1:')]);
    expect(fake.requests).toHaveLength(4);
  });
});

describe('discovery per type', () => {
  it('Anthropic: x-api-key and anthropic-version, pages followed through has_more / last_id', async () => {
    const fake = await upstream((request) => {
      if (request.headers['x-api-key'] !== GIVEN_KEY || !request.headers['anthropic-version']) return { status: 401, json: { type: 'error', error: { type: 'authentication_error', message: 'bad' } } };
      if (request.query.get('after_id') === 'claude-a') return { json: { data: [{ id: 'claude-c', type: 'model' }], has_more: false, first_id: 'claude-c', last_id: 'claude-c' } };
      return { json: { data: [{ id: 'claude-b', type: 'model' }, { id: 'claude-a', type: 'model' }], has_more: true, first_id: 'claude-b', last_id: 'claude-a' } };
    });
    const { client } = await admin();
    const response = await fetchModels(client, { type: 14, base_url: fake.url, key: GIVEN_KEY });
    expect(response.json.data, response.text).toEqual(['claude-a', 'claude-b', 'claude-c']);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models']);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('Gemini: {base}/v1beta/models, models/x → x, pages followed through nextPageToken', async () => {
    const fake = await upstream((request) => {
      if (request.headers['x-goog-api-key'] !== GIVEN_KEY) return { status: 400, json: { error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } } };
      if (request.query.get('pageToken') === 'page-2') return { json: { models: [{ name: 'models/gemini-pro' }] } };
      return { json: { models: [{ name: 'models/gemini-flash' }, { name: 'models/embedding-001' }], nextPageToken: 'page-2' } };
    });
    const { client } = await admin();
    const response = await fetchModels(client, { type: 24, base_url: fake.url, key: GIVEN_KEY });
    expect(response.json.data, response.text).toEqual(['embedding-001', 'gemini-flash', 'gemini-pro']);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1beta/models', '/v1beta/models']);
    // The key travels in the header, never in the URL.
    expect(fake.requests.every((r) => !r.query.has('key'))).toBe(true);
  });

  it('Cohere: {base}/v1/models?endpoint=rerank with a Bearer key, models[].name, pages followed through next_page_token', async () => {
    const fake = await upstream((request) => {
      if (request.headers.authorization !== `Bearer ${GIVEN_KEY}`) return { status: 401, json: { id: 'x', message: 'invalid api token' } };
      if (request.query.get('page_token') === 'page-2') return { json: { models: [{ name: 'rerank-english-v3.0', endpoints: ['rerank'] }] } };
      return { json: { models: [{ name: 'rerank-v3.5', endpoints: ['rerank'] }], next_page_token: 'page-2' } };
    });
    const { client } = await admin();
    const response = await fetchModels(client, { type: 34, base_url: `${fake.url}/v2`, key: GIVEN_KEY });
    expect(response.json.data, response.text).toEqual(['rerank-english-v3.0', 'rerank-v3.5']);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models']);
    expect(fake.requests[0]!.query.get('endpoint')).toBe('rerank');
  });

  it('Ollama: {base}/api/tags, models[].name, no key needed', async () => {
    const fake = await upstream(() => ({ json: { models: [{ name: 'llama3:8b', model: 'llama3:8b' }, { name: 'qwen2:7b' }] } }));
    const { client } = await admin();
    const response = await fetchModels(client, { type: 4, base_url: fake.url });
    expect(response.json.data).toEqual(['llama3:8b', 'qwen2:7b']);
    expect(fake.requests[0]!.path).toBe('/api/tags');
  });

  it('Azure: {base}/openai/models?api-version=… with the api-key header', async () => {
    const fake = await upstream(() => ({ json: { data: [{ id: 'gpt-4o' }, { id: 'gpt-35-turbo' }] } }));
    const { client } = await admin();
    const response = await fetchModels(client, { type: 3, base_url: fake.url, key: GIVEN_KEY });
    expect(response.json.data).toEqual(['gpt-35-turbo', 'gpt-4o']);
    expect(fake.requests[0]!.path).toBe('/openai/models');
    expect(fake.requests[0]!.query.get('api-version')).toBeTruthy();
    expect(fake.requests[0]!.headers['api-key']).toBe(GIVEN_KEY);
  });

  it('an answer that is not a model list is a clear failure', async () => {
    const fake = await upstream(() => ({ json: { hello: 'world' } }));
    const { client } = await admin();
    const response = await fetchModels(client, { type: 1, base_url: fake.url, key: GIVEN_KEY });
    expect(response.json.success).toBe(false);
    expect(response.json.message).toMatch(/not a model list \(expected data\[\]\.id\)/);
  });
});

describe('upstream failures', () => {
  it('answer {success:false} with the upstream status and message, never the key (even when the upstream echoes it)', async () => {
    const fake = await upstream((request) => ({
      status: 401,
      json: { error: { message: `Incorrect API key provided: ${String(request.headers.authorization).replace('Bearer ', '')}. You can find your API key at …`, type: 'invalid_request_error', code: 'invalid_api_key' } },
    }));
    const { relay, client } = await admin();
    const response = await fetchModels(client, { type: 1, base_url: fake.url, key: GIVEN_KEY });
    expect(response.json.success).toBe(false);
    expect(response.status).toBe(502);
    expect(response.json.message).toContain('401');
    expect(response.json.message).toContain('Incorrect API key provided: ***');
    const id = await createChannel(client, { type: 1, base_url: fake.url, key: SAVED_KEY });
    const saved = await fetchModels(client, { channel_id: id });
    expect(saved.json.message).toContain('401');
    expect(saved.json.message).not.toContain(SAVED_KEY);
    // Gemini's query-less URL and an unreachable upstream: still no key.
    const down = await fetchModels(client, { type: 24, base_url: 'http://127.0.0.1:9', key: GIVEN_KEY });
    expect(down.json.success).toBe(false);
    expect(down.json.message).toMatch(/Could not reach the upstream/);
    expect(relay.logged.join('\n')).not.toContain(GIVEN_KEY);
  });
});

describe('advanced custom channel (type 58)', () => {
  const listRoute = (upstreamPath: string, auth: unknown = { header: 'X-List-Key' }) => ({ path: '/v1/models', upstream_path: upstreamPath, auth });
  const chatRoute = { path: '/v1/chat/completions', upstream_path: '/chat' };
  const config = (...routes: unknown[]) => JSON.stringify({ routes: [chatRoute, ...routes] });
  const listing = (request: RecordedRequest): Answer => ({ json: { data: [{ id: `${request.path.split('/')[1]}-model` }, { id: 'shared' }] } });

  it('requires advanced_custom for a new-channel preview, and lists through its /v1/models route (key where the route says)', async () => {
    const fake = await upstream(listing);
    const { client } = await admin();
    const missing = await fetchModels(client, { type: 58, base_url: fake.url, key: GIVEN_KEY });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/advanced_custom is required/);
    const invalid = await fetchModels(client, { type: 58, base_url: fake.url, key: GIVEN_KEY, advanced_custom: '{"routes": [{"path": "/nope"}]}' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toMatch(/routes\[0\]\.path "\/nope" is not a path the relay serves/);
    const noList = await fetchModels(client, { type: 58, base_url: fake.url, key: GIVEN_KEY, advanced_custom: config() });
    expect(noList.status).toBe(400);
    expect(noList.json.message).toMatch(/no \/v1\/models route/);

    const listed = await fetchModels(client, { type: 58, base_url: fake.url, key: `${GIVEN_KEY}\nsecond`, advanced_custom: config(listRoute('/custom/models')) });
    expect(listed.json.data, listed.text).toEqual(['custom-model', 'shared']);
    expect(fake.requests[0]!.path).toBe('/custom/models');
    expect(fake.requests[0]!.headers['x-list-key']).toBe(GIVEN_KEY);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    // An absolute upstream URL needs no base URL.
    const absolute = await fetchModels(client, { type: 58, key: GIVEN_KEY, advanced_custom: config(listRoute(`${fake.url}/abs/models`, 'bearer')) });
    expect(absolute.json.data, absolute.text).toEqual(['abs-model', 'shared']);
    expect(keyOf(fake.requests[1])).toBe(`Bearer ${GIVEN_KEY}`);
    // Key in the query: it never shows in a failure message.
    const query = await upstream(() => ({ status: 403, json: { message: 'forbidden' } }));
    const failed = await fetchModels(client, { type: 58, base_url: query.url, key: GIVEN_KEY, advanced_custom: config(listRoute('/q/models?x=1', { query: 'token' })) });
    expect(failed.json.message).toMatch(/HTTP 403 to GET http:\/\/127\.0\.0\.1:\d+\/q\/models: forbidden/);
    expect(query.requests[0]!.query.get('token')).toBe(GIVEN_KEY);
  });

  it('a relative upstream path with no base URL is a clear error', async () => {
    const { client } = await admin();
    const response = await fetchModels(client, { type: 58, key: GIVEN_KEY, advanced_custom: config(listRoute('/custom/models')) });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/upstream path \/custom\/models is relative: it needs the channel's base URL \(a full http:\/\/ or https:\/\/ address\), which is empty/);
    // On an edit preview, base_url '' clears the saved one: the same error.
    const fake = await upstream(listing);
    const id = await createChannel(client, { type: 58, base_url: fake.url, key: SAVED_KEY, advanced_custom: config(listRoute('/custom/models')) });
    expect((await fetchModels(client, { channel_id: id })).json.data).toEqual(['custom-model', 'shared']);
    const cleared = await fetchModels(client, { channel_id: id, base_url: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.json.message).toMatch(/relative: it needs the channel's base URL/);
  });

  it('on an edit preview a given advanced_custom overrides the saved one, an omitted one keeps it; the saved key is used', async () => {
    const fake = await upstream(listing);
    const { client } = await admin();
    const id = await createChannel(client, { type: 58, base_url: fake.url, key: SAVED_KEY, advanced_custom: config(listRoute('/saved/models')) });
    const kept = await fetchModels(client, { channel_id: id, key: GIVEN_KEY });
    expect(kept.json.data, kept.text).toEqual(['saved-model', 'shared']);
    expect(fake.requests[0]!.headers['x-list-key']).toBe(SAVED_KEY);
    const overridden = await fetchModels(client, { channel_id: id, type: 58, advanced_custom: config(listRoute('/unsaved/models', { query: 'k' })) });
    expect(overridden.json.data, overridden.text).toEqual(['shared', 'unsaved-model']);
    expect(fake.requests[1]!.query.get('k')).toBe(SAVED_KEY);
    const empty = await fetchModels(client, { channel_id: id, advanced_custom: '' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/advanced_custom is required/);
    // A saved channel of another type previewed as type 58 needs the configuration.
    const openai = await createChannel(client, { type: 1, base_url: fake.url, key: SAVED_KEY });
    const needed = await fetchModels(client, { channel_id: openai, type: 58 });
    expect(needed.json.message).toMatch(/advanced_custom is required/);
  });

  it('channel creation validates the configuration', async () => {
    const { client } = await admin();
    const bad = await client.call('POST', '/api/channel/', { type: 58, name: 'x', key: SAVED_KEY, models: 'm', advanced_custom: '{"routes": [{"path": "/v1/chat/completions", "upstream_path": "relative"}]}' });
    answers.push(bad.text);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/upstream_path "relative" must be an absolute http\(s\) URL or a path starting with \//);
    const missing = await client.call('POST', '/api/channel/', { type: 58, name: 'x', key: SAVED_KEY, models: 'm' });
    answers.push(missing.text);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/advanced_custom is required/);
  });
});
