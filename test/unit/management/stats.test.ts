import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function createKey(client: ApiClient, name: string): Promise<{ id: number; key: string }> {
  const response = await client.call('POST', '/api/token/', { name, unlimited_quota: true });
  expect(response.json.success, response.text).toBe(true);
  return response.json.data;
}

async function callWith(relay: TestRelay, key: string, model: string): Promise<number> {
  const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: `hello ${model}` }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Owner and alice; channel "mini" serves gpt-4o-mini, "big" gpt-4o. Calls: owner key k1
 * 2 × gpt-4o-mini, owner key k2 1 × gpt-4o, alice key a1 1 × gpt-4o-mini, and 1 failure.
 */
async function withTraffic() {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', 'owner-password-1');
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'alice' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const owner = new ApiClient(relay.origin);
  const alice = new ApiClient(relay.origin);
  expect((await owner.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' })).json.success).toBe(true);
  expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  const mini = await addChannel(owner, { type: 1, upstream, models: ['gpt-4o-mini'], name: 'mini' });
  const big = await addChannel(owner, { type: 1, upstream, models: ['gpt-4o'], name: 'big' });
  const k1 = await createKey(owner, 'k1');
  const k2 = await createKey(owner, 'k2');
  const a1 = await createKey(alice, 'a1');
  expect(await callWith(relay, k1.key, 'gpt-4o-mini')).toBe(200);
  expect(await callWith(relay, k1.key, 'gpt-4o-mini')).toBe(200);
  expect(await callWith(relay, k2.key, 'gpt-4o')).toBe(200);
  expect(await callWith(relay, a1.key, 'gpt-4o-mini')).toBe(200);
  expect(await callWith(relay, k1.key, 'unserved-model')).toBe(404);
  // The call log (and with it the statistics) is written as the call ends: wait for the last one.
  for (let i = 0; i < 200; i++) {
    const page = await owner.call('GET', '/api/log/?type=5');
    if (page.json.data.total >= 1 && (await owner.call('GET', '/api/log/?type=2')).json.data.total >= 4) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const logs = (await owner.call('GET', '/api/log/?type=2&page_size=100')).json.data.items as any[];
  const ids = { owner: (await owner.call('GET', '/api/user/self')).json.data.id as number, alice: (await alice.call('GET', '/api/user/self')).json.data.id as number };
  return { relay, owner, alice, channels: { mini, big }, keys: { k1, k2, a1 }, ids, logs };
}

/** Sums points over their hours (calls may straddle an hour boundary): `name(point)` → metric. */
function totalsBy(points: any[], name: (p: any) => string | number, metric = 'requests'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const point of points) out[String(name(point))] = (out[String(name(point))] ?? 0) + point[metric];
  return out;
}

const sum = (records: any[], pick: (r: any) => number) => records.reduce((total, r) => total + pick(r), 0);

describe('GET /api/data/ (admin)', () => {
  it('answers hourly aggregates per model, user, key and channel that match the call logs', async () => {
    const { owner, logs, keys, ids, channels } = await withTraffic();
    const now = Math.floor(Date.now() / 1000);
    const response = await owner.call('GET', `/api/data/?start_timestamp=${now - 3600}&end_timestamp=${now + 60}`);
    expect(response.json.success, response.text).toBe(true);
    const data = response.json.data;
    expect(data).toMatchObject({ start_timestamp: now - 3600, end_timestamp: now + 60 });
    expect(data.totals).toEqual({
      requests: 4,
      errors: 1,
      prompt_tokens: sum(logs, (r) => r.prompt_tokens),
      completion_tokens: sum(logs, (r) => r.completion_tokens),
      units: { requests: 4 },
      quota: sum(logs, (r) => r.quota),
    });
    expect(data.totals.quota).toBeGreaterThan(0);
    for (const point of data.hours) expect(point.time % 3600).toBe(0);
    expect(sum(data.hours, (p) => p.requests)).toBe(4);
    expect(totalsBy(data.by_model, (p) => p.model)).toEqual({ 'gpt-4o-mini': 3, 'gpt-4o': 1, 'unserved-model': 0 });
    expect(totalsBy(data.by_model, (p) => p.model, 'errors')).toEqual({ 'gpt-4o-mini': 0, 'gpt-4o': 0, 'unserved-model': 1 });
    expect(totalsBy(data.by_user, (p) => p.username)).toEqual({ owner: 3, alice: 1 });
    expect(totalsBy(data.by_user, (p) => p.user_id)).toEqual({ [ids.owner]: 3, [ids.alice]: 1 });
    expect(totalsBy(data.by_key, (p) => p.token_name)).toEqual({ k1: 2, k2: 1, a1: 1 });
    expect(totalsBy(data.by_key, (p) => p.token_id)).toEqual({ [keys.k1.id]: 2, [keys.k2.id]: 1, [keys.a1.id]: 1 });
    expect(totalsBy(data.by_channel, (p) => p.channel_name)).toEqual({ mini: 3, big: 1, '': 0 });
    expect(totalsBy(data.by_channel, (p) => p.channel_id)).toEqual({ [channels.mini]: 3, [channels.big]: 1, 0: 0 });
    const k1Logs = logs.filter((r) => r.token_name === 'k1');
    expect(totalsBy(data.by_key, (p) => p.token_name, 'quota').k1).toBe(sum(k1Logs, (r) => r.quota));
    expect(totalsBy(data.by_key, (p) => p.token_name, 'prompt_tokens').k1).toBe(sum(k1Logs, (r) => r.prompt_tokens));
    expect(totalsBy(data.by_key, (p) => p.token_name, 'completion_tokens').k1).toBe(sum(k1Logs, (r) => r.completion_tokens));

    // filters
    const byUser = (await owner.call('GET', '/api/data/?username=alice')).json.data;
    expect(byUser.totals.requests).toBe(1);
    expect(totalsBy(byUser.by_key, (p) => p.token_name)).toEqual({ a1: 1 });
    expect((await owner.call('GET', '/api/data/?username=nobody')).json.data.totals.requests).toBe(0);
    const byModel = (await owner.call('GET', '/api/data/?model=gpt-4o')).json.data;
    expect(byModel.totals.requests).toBe(1);
    expect(totalsBy(byModel.by_channel, (p) => p.channel_name)).toEqual({ big: 1 });
    // time range: the default covers the last 7 days; a range elsewhere holds nothing
    expect((await owner.call('GET', '/api/data/')).json.data.totals.requests).toBe(4);
    const past = (await owner.call('GET', `/api/data/?start_timestamp=${now - 30 * 86_400}&end_timestamp=${now - 29 * 86_400}`)).json.data;
    expect(past.totals.requests).toBe(0);
    expect(past.hours).toEqual([]);
    expect((await owner.call('GET', `/api/data/?start_timestamp=${now + 7200}&end_timestamp=${now + 10_000}`)).json.data.totals.requests).toBe(0);
    expect((await owner.call('GET', `/api/data/?start_timestamp=${now}&end_timestamp=${now - 1}`)).status).toBe(400);
    expect((await owner.call('GET', `/api/data/?start_timestamp=0&end_timestamp=${now}`)).status).toBe(400);
  });

  it('is kept in <dataDir>/stats/ and answers the same after a restart', async () => {
    const { relay, owner } = await withTraffic();
    const before = (await owner.call('GET', '/api/data/')).json.data;
    await relay.close();
    const files = await readdir(join(relay.dataDir, 'stats'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name))).toBe(true);
    const state = await readFile(join(relay.dataDir, 'state.json'), 'utf8');
    expect(state).not.toContain('completion_tokens'); // not in the state file
    const again = await startTestRelay({ dataDir: relay.dataDir });
    const client = new ApiClient(again.origin);
    expect((await client.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' })).json.success).toBe(true);
    const after = (await client.call('GET', `/api/data/?start_timestamp=${before.start_timestamp}&end_timestamp=${before.end_timestamp}`)).json.data;
    expect(after).toEqual(before);
  });
});

describe('GET /api/data/ by family', () => {
  it('splits the usage by call family, with the units each used, and filters by family', async () => {
    const relay = await startTestRelay();
    const owner = await setupAndLogin(relay);
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    await addChannel(owner, { type: 1, upstream, models: ['gpt-4o-mini', 'text-embedding-3-small'], name: 'openai' });
    const { key } = await createKey(owner, 'k1');
    expect(await callWith(relay, key, 'gpt-4o-mini')).toBe(200);
    for (const input of ['one', 'two']) {
      const response = await fetch(`${relay.relayBaseUrl}/embeddings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'text-embedding-3-small', input, encoding_format: 'float' }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    for (let i = 0; i < 200 && (await owner.call('GET', '/api/log/?type=2')).json.data.total < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const logs = (await owner.call('GET', '/api/log/?type=2&family=embeddings')).json.data.items as any[];

    const data = (await owner.call('GET', '/api/data/')).json.data;
    expect(totalsBy(data.by_family, (p) => p.family)).toEqual({ chat: 1, embeddings: 2 });
    expect(totalsBy(data.by_family, (p) => p.family, 'quota').embeddings).toBe(sum(logs, (r) => r.quota));
    expect(sum(data.by_family.filter((p: any) => p.family === 'embeddings'), (p) => p.units.requests)).toBe(2);
    expect(data.totals.units).toEqual({ requests: 3 });
    const embeddings = (await owner.call('GET', '/api/data/?family=embeddings')).json.data;
    expect(embeddings.totals).toMatchObject({ requests: 2, prompt_tokens: sum(logs, (r) => r.prompt_tokens), completion_tokens: 0 });
    expect(totalsBy(embeddings.by_model, (p) => p.model)).toEqual({ 'text-embedding-3-small': 2 });
    expect((await owner.call('GET', '/api/data/self?family=chat')).json.data.totals.requests).toBe(1);
    expect((await owner.call('GET', '/api/data/?family=telepathy')).status).toBe(400);
  });
});

describe('GET /api/data/self', () => {
  it("answers only the caller's usage, without channels; the admin view is refused to users", async () => {
    const { alice, owner } = await withTraffic();
    const own = (await alice.call('GET', '/api/data/self?username=owner')).json.data;
    expect(own.totals.requests).toBe(1);
    expect(totalsBy(own.by_user, (p) => p.username)).toEqual({ alice: 1 });
    expect(totalsBy(own.by_key, (p) => p.token_name)).toEqual({ a1: 1 });
    expect(totalsBy(own.by_model, (p) => p.model)).toEqual({ 'gpt-4o-mini': 1 });
    expect(own.by_channel).toEqual([]);
    expect((await alice.call('GET', '/api/data/self?model=gpt-4o')).json.data.totals.requests).toBe(0);
    expect((await alice.call('GET', '/api/data/')).status).toBe(403);
    const ownerSelf = (await owner.call('GET', '/api/data/self')).json.data;
    expect(ownerSelf.totals).toMatchObject({ requests: 3, errors: 1 });
  });
});
