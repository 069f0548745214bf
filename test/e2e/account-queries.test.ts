import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel, startGateway } from '../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../helpers/relay.js';
import type { TestRelay } from '../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function fakeUpstream() {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  return upstream;
}

function query(relay: TestRelay, key: string, path: string) {
  return fetch(relay.relayBaseUrl + path, { headers: { authorization: `Bearer ${key}` } });
}

async function createKey(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.call('POST', '/api/token/', { unlimited_quota: true, ...body });
  expect(response.json.success, response.text).toBe(true);
  return response.json.data.key;
}

/** The call log (and with it the statistics) is written as a call ends: wait for `count` of them. */
async function billedCalls(admin: ApiClient, count: number): Promise<any[]> {
  for (let i = 0; i < 200; i++) {
    const page = await admin.call('GET', '/api/log/?type=2&page_size=100');
    if (page.json.data.total >= count) return page.json.data.items;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${count} billed calls never logged`);
}

describe('GET /v1/usage', () => {
  it("answers the key's and the account's quota granted, used and left, and today's use, in quota and USD", async () => {
    const upstream = await fakeUpstream();
    const { relay, admin, key } = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }], { unlimited_quota: false, remain_quota: 1_000_000 });
    const other = await createKey(admin, { name: 'other key' });
    for (const [k, text] of [[key, 'repeat 30'], [key, 'hello'], [other, 'repeat 5']] as const) {
      const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: text }] }),
      });
      expect(response.status).toBe(200);
    }
    const logs = await billedCalls(admin, 3);
    const ofKey = logs.filter((log) => log.token_name === 'test key');
    const keyQuota = ofKey.reduce((sum, log) => sum + log.quota, 0);
    const allQuota = logs.reduce((sum, log) => sum + log.quota, 0);
    expect(keyQuota).toBeGreaterThan(0);
    expect(allQuota).toBeGreaterThan(keyQuota);

    const response = await query(relay, key, '/usage');
    expect(response.status).toBe(200);
    const usage: any = await response.json();
    const usd = (quota: number) => expect.closeTo(quota / 500_000, 6);
    expect(usage).toMatchObject({
      object: 'usage',
      key: {
        name: 'test key',
        unlimited: false,
        requests: 2,
        granted: { quota: 1_000_000, usd: 2 },
        used: { quota: keyQuota, usd: usd(keyQuota) },
        left: { quota: 1_000_000 - keyQuota, usd: usd(1_000_000 - keyQuota) },
      },
      account: {
        requests: 3,
        granted: { quota: 100_000_000, usd: 200 },
        used: { quota: allQuota, usd: usd(allQuota) },
        left: { quota: 100_000_000 - allQuota },
      },
    });
    // 30 days by default, today last, with the day's calls and tokens.
    expect(usage.key.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.end_date).toBe(today);
    expect(usage.key.daily.at(-1)).toMatchObject({
      date: today,
      requests: 2,
      quota: keyQuota,
      prompt_tokens: ofKey.reduce((sum, log) => sum + log.prompt_tokens, 0),
      completion_tokens: ofKey.reduce((sum, log) => sum + log.completion_tokens, 0),
    });
    expect(usage.account.daily.at(-1)).toMatchObject({ date: today, requests: 3, quota: allQuota });
    expect(usage.account.daily.slice(0, -1).every((day: any) => day.requests === 0)).toBe(true);

    // An unlimited key has no grant or rest of its own; ?days= picks the period.
    const unlimited: any = await (await query(relay, other, '/usage?days=7')).json();
    expect(unlimited.key).toMatchObject({ unlimited: true, granted: null, left: null, requests: 1 });
    expect(unlimited.key.daily).toHaveLength(7);
    expect((await query(relay, other, '/usage?days=0')).status).toBe(400);

    // A key that ran out may still look at what it used (a model call is refused).
    const spent = await createKey(admin, { name: 'spent', unlimited_quota: false, remain_quota: 0 });
    expect((await query(relay, spent, '/usage')).status).toBe(200);
    expect((await query(relay, spent, '/models')).status).toBe(403);
  });

  it('shows what a call in progress holds apart, the grant unchanged', async () => {
    const upstream = await fakeUpstream();
    upstream.inject({ kind: 'never-answer' });
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }], { unlimited_quota: false, remain_quota: 1_000_000 });
    const abort = new AbortController();
    const pending = fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', max_tokens: 100, messages: [{ role: 'user', content: 'hello' }] }),
      signal: abort.signal,
    }).catch(() => undefined);
    for (let i = 0; i < 200 && upstream.requests.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(upstream.requests).toHaveLength(1);
    const usage: any = await (await query(relay, key, '/usage')).json();
    expect(usage.key.held.quota).toBeGreaterThan(0);
    expect(usage.key).toMatchObject({ granted: { quota: 1_000_000 }, used: { quota: 0 }, left: { quota: 1_000_000 - usage.key.held.quota } });
    expect(usage.account).toMatchObject({ granted: { quota: 100_000_000 }, held: { quota: usage.key.held.quota } });
    abort.abort();
    await pending;
  });
});

describe('GET /v1/pricing', () => {
  it("lists only the models the key may use, at its group's ratio, per unit", async () => {
    const upstream = await fakeUpstream();
    const { relay, admin } = await startGateway([]);
    expect((await admin.call('POST', '/api/group/', { name: 'vip', ratio: 0.5, selectable: true })).json.success).toBe(true);
    await addChannel(admin, { type: 1, upstream, models: ['gpt-4o', 'gpt-4o-mini', 'flat-model', 'unpriced-model'], extra: { group: 'default,vip' } });
    expect((await admin.call('POST', '/api/models/meta', { name: 'flat-model', price_per_call: 0.04 })).json.success).toBe(true);
    const key = await createKey(admin, { name: 'vip key', group: 'vip', model_limits: ['gpt-4o', 'flat-model', 'unpriced-model'] });

    const response = await query(relay, key, '/pricing');
    expect(response.status).toBe(200);
    const pricing: any = await response.json();
    expect(pricing).toMatchObject({ object: 'list', group: 'vip', group_ratio: 0.5, unpriced_models: 'free' });
    expect(pricing.data.map((m: any) => m.model)).toEqual(['flat-model', 'gpt-4o', 'unpriced-model']);
    const byModel = Object.fromEntries(pricing.data.map((m: any) => [m.model, m]));
    // gpt-4o's built-in price: 2.50 USD per million input tokens, 10 output, 1.25 cached; half of it for vip.
    expect(byModel['gpt-4o']).toMatchObject({ source: 'default' });
    expect(byModel['gpt-4o'].prices).toEqual([
      { unit: 'input_token', per: 1_000_000, quota: 625_000, usd: 1.25 },
      { unit: 'cached_input_token', per: 1_000_000, quota: 312_500, usd: 0.625 },
      { unit: 'cache_write_input_token', per: 1_000_000, quota: 625_000, usd: 1.25 },
      { unit: 'output_token', per: 1_000_000, quota: 2_500_000, usd: 5 },
    ]);
    expect(byModel['gpt-4o'].unit_prices).toEqual({});
    expect(byModel['flat-model']).toMatchObject({ source: 'model', prices: [{ unit: 'request', per: 1, quota: 10_000, usd: 0.02 }], unit_prices: { requests: 0.02 } });
    expect(byModel['unpriced-model']).toMatchObject({ source: 'none', prices: [], unit_prices: {} });
  });

  it('answers each unit kind a model is priced by besides its tokens, in the list and as USD per unit, at the group ratio', async () => {
    const upstream = await fakeUpstream();
    const { relay, admin } = await startGateway([]);
    expect((await admin.call('POST', '/api/group/', { name: 'vip', ratio: 0.5, selectable: true })).json.success).toBe(true);
    await addChannel(admin, { type: 1, upstream, models: ['rerank-v3.5', 'metered-model', 'speech-model'], extra: { group: 'default,vip' } });
    await admin.call('POST', '/api/models/meta', { name: 'metered-model', model_ratio: 1, unit_prices: { requests: 0.001 } });
    await admin.call('POST', '/api/models/meta', { name: 'speech-model', unit_prices: { characters: 0.000015 } });
    const key = await createKey(admin, { name: 'vip key', group: 'vip' });

    const pricing: any = await (await query(relay, key, '/pricing')).json();
    const byModel = Object.fromEntries(pricing.data.map((m: any) => [m.model, m]));
    // Cohere's built-in price: 0.002 USD a search unit, tokens free; half for vip.
    expect(byModel['rerank-v3.5']).toMatchObject({ source: 'default', unit_prices: { search_units: 0.001 } });
    expect(byModel['rerank-v3.5'].prices.find((p: any) => p.unit === 'input_token')).toMatchObject({ quota: 0 });
    expect(byModel['rerank-v3.5'].prices.at(-1)).toEqual({ unit: 'search_unit', per: 1, quota: 500, usd: 0.001 });
    // Per token (2 USD per million input, 1 for vip) and per request.
    expect(byModel['metered-model'].unit_prices).toEqual({ requests: 0.0005 });
    expect(byModel['metered-model'].prices.map((p: any) => [p.unit, p.per, p.usd])).toEqual([
      ['input_token', 1_000_000, 1],
      ['cached_input_token', 1_000_000, 1],
      ['cache_write_input_token', 1_000_000, 1],
      ['output_token', 1_000_000, 1],
      ['request', 1, 0.0005],
    ]);
    // Characters by the million, as tokens: 15 USD, 7.5 for vip.
    expect(byModel['speech-model'].unit_prices).toEqual({ characters: 0.0000075 });
    expect(byModel['speech-model'].prices.at(-1)).toEqual({ unit: 'character', per: 1_000_000, quota: 3_750_000, usd: 7.5 });
  });
});

describe('GET /v1/balance', () => {
  it('answers 403 saying how to allow it for a key without the permission, and the balance for one with it', async () => {
    const upstream = await fakeUpstream();
    const { relay, admin, key } = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }]);
    const refused = await query(relay, key, '/balance');
    expect(refused.status).toBe(403);
    const error = ((await refused.json()) as any).error;
    expect(error).toMatchObject({ code: 'balance_not_allowed', type: 'invalid_request_error' });
    expect(error.message).toContain("enable Balance queries for this key in the console's API keys page");

    const allowed = await createKey(admin, { name: 'balance key', allow_balance: true });
    await fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${allowed}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'repeat 10' }] }),
    });
    const [log] = await billedCalls(admin, 1);
    const balance: any = await (await query(relay, allowed, '/balance')).json();
    const left = 100_000_000 - log.quota;
    expect(balance).toMatchObject({ object: 'balance', quota: left, usd: expect.closeTo(left / 500_000, 6) });
    expect((await query(relay, 'sk-wrong', '/balance')).status).toBe(401);
  });
});

describe('account query limit', () => {
  it('allows 30 a minute per account across its keys and the three queries: of 50 at once, 30 answer and 20 get 429 with Retry-After; another account is unaffected', async () => {
    const first = await startTestRelay();
    await setupAndLogin(first, 'owner', 'owner-password-1');
    await first.close();
    await seedUsers(first.dataDir, [{ username: 'alice' }]);
    const relay = await startTestRelay({ dataDir: first.dataDir });
    const owner = new ApiClient(relay.origin);
    const alice = new ApiClient(relay.origin);
    expect((await owner.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' })).json.success).toBe(true);
    expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
    const keys = [await createKey(owner, { name: 'k1', allow_balance: true }), await createKey(owner, { name: 'k2', allow_balance: true })];
    const aliceKey = await createKey(alice, { name: 'a1' });

    const paths = ['/usage', '/pricing', '/balance'];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => query(relay, keys[i % 2]!, paths[i % 3]!)));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(20);
    for (const response of limited) {
      const retryAfter = response.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(((await response.json()) as any).error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error', message: expect.stringContaining('30 a minute') });
    }
    expect((await query(relay, aliceKey, '/usage')).status).toBe(200);
    expect((await query(relay, keys[0]!, '/pricing')).status).toBe(429);
  });
});
