import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../../helpers/call-logs.js';
import { startGateway } from '../../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function channel(admin: ApiClient, models: string[], group: string, extra: Record<string, unknown> = {}) {
  const response = await admin.call('POST', '/api/channel/', { type: 1, name: `c-${group}`, key: 'k', base_url: 'http://127.0.0.1:9', models: models.join(','), group, ...extra });
  expect(response.json.success, response.text).toBe(true);
}

function chat(baseUrl: string, key: string, model: string) {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'repeat 30' }] }),
  });
}

describe('model records (admin)', () => {
  it('creates, reads, updates, pages and deletes model metadata and prices', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const supplier = (await admin.call('POST', '/api/vendors/', { name: 'OpenAI' })).json.data.id as number;

    const created = await admin.call('POST', '/api/models/meta', {
      name: 'gpt-4o',
      supplier_id: supplier,
      description: 'Omni model',
      tags: 'vision, tools,vision',
      endpoints: ['openai-chat', 'openai-responses'],
      context_length: 128000,
      max_output_tokens: 16384,
      model_ratio: 1.5,
      completion_ratio: 4,
    });
    expect(created.json.success, created.text).toBe(true);
    const id = created.json.data.id as number;
    expect(created.json.data).toMatchObject({
      name: 'gpt-4o',
      supplier_id: supplier,
      supplier_name: 'OpenAI',
      tags: ['vision', 'tools'],
      endpoints: ['openai-chat', 'openai-responses'],
      model_ratio: 1.5,
      price_per_call: null,
      completion_ratio: 4,
      cache_ratio: null,
      price_source: 'model',
      enable_groups: [],
      channels: 0,
    });
    expect((await admin.call('POST', '/api/models/meta', { name: 'gpt-4o' })).status).toBe(409);
    expect((await admin.call('GET', `/api/models/meta/${id}`)).json.data.description).toBe('Omni model');

    // Described but not priced: the built-in default price applies.
    const described = await admin.call('POST', '/api/models/meta', { name: 'claude-sonnet-4-5', tags: ['code'] });
    expect(described.json.data).toMatchObject({ model_ratio: null, price_source: 'default', tags: ['code'] });
    const unpriced = await admin.call('POST', '/api/models/meta', { name: 'local-llama' });
    expect(unpriced.json.data.price_source).toBe('none');

    // Per call replaces per token; null clears.
    const perCall = await admin.call('PUT', '/api/models/meta', { id, price_per_call: 0.02 });
    expect(perCall.json.data).toMatchObject({ price_per_call: 0.02, model_ratio: null, completion_ratio: 4, description: 'Omni model' });
    const cleared = await admin.call('PUT', '/api/models/meta', { id, price_per_call: null, name: 'gpt-4o-custom' });
    expect(cleared.json.data).toMatchObject({ name: 'gpt-4o-custom', price_per_call: null, price_source: 'default' });
    expect((await admin.call('PUT', '/api/models/meta', { id, name: 'local-llama' })).status).toBe(409);
    expect((await admin.call('PUT', '/api/models/meta', { id: 999, description: 'x' })).status).toBe(404);

    const page = await admin.call('GET', '/api/models/meta?page_size=2&p=2');
    expect(page.json.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.json.data.items.map((m: { name: string }) => m.name)).toEqual(['local-llama']);
    expect((await admin.call('GET', '/api/models/meta?keyword=code')).json.data.items.map((m: { name: string }) => m.name)).toEqual(['claude-sonnet-4-5']);
    expect((await admin.call('GET', `/api/models/meta?supplier_id=${supplier}`)).json.data.items.map((m: { name: string }) => m.name)).toEqual(['gpt-4o-custom']);

    expect((await admin.call('DELETE', `/api/models/meta/${id}`)).json.success).toBe(true);
    expect((await admin.call('GET', `/api/models/meta/${id}`)).status).toBe(404);
    expect((await admin.call('DELETE', `/api/models/meta/${id}`)).status).toBe(404);
  });

  it('validates names, suppliers, endpoints, limits and prices; a refused change leaves the record as it was', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const bad = [
      { name: '' },
      { name: 'two words' },
      { name: 'x'.repeat(129) },
      { name: 'm', supplier_id: 42 },
      { name: 'm', endpoints: ['telepathy'] },
      { name: 'm', context_length: -1 },
      { name: 'm', context_length: 1000, max_output_tokens: 2000 },
      { name: 'm', model_ratio: -0.5 },
      { name: 'm', model_ratio: 1, price_per_call: 0.1 },
      { name: 'm', completion_ratio: 'four' },
      { name: 'm', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { name: 'm', unit_prices: { images: -0.01 } },
      { name: 'm', unit_prices: { search_units: 'cheap' } },
      { name: 'm', unit_prices: { requests: 0.001 }, price_per_call: 0.1 },
    ];
    for (const body of bad) {
      const response = await admin.call('POST', '/api/models/meta', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.success).toBe(false);
    }
    const id = (await admin.call('POST', '/api/models/meta', { name: 'm', context_length: 1000, model_ratio: 2 })).json.data.id as number;
    expect((await admin.call('PUT', '/api/models/meta', { id, description: 'new', max_output_tokens: 5000 })).status).toBe(400);
    expect((await admin.call('GET', `/api/models/meta/${id}`)).json.data).toMatchObject({ description: '', max_output_tokens: 0, model_ratio: 2 });
  });

  it('prices a model per unit kind: unit prices alone count as a price, price_per_call replaces them, unknown kinds are refused by name', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const rerank = await admin.call('POST', '/api/models/meta', { name: 'my-reranker', unit_prices: { search_units: 0.002 } });
    expect(rerank.json.data).toMatchObject({ model_ratio: null, price_per_call: null, unit_prices: { search_units: 0.002 }, price_source: 'model' });
    const both = await admin.call('POST', '/api/models/meta', { name: 'm', model_ratio: 1, unit_prices: { requests: 0.001, images: 0 } });
    expect(both.json.data).toMatchObject({ model_ratio: 1, unit_prices: { requests: 0.001, images: 0 } });
    expect((await admin.call('POST', '/api/models/meta', { name: 'plain' })).json.data.unit_prices).toEqual({});

    const unknown = await admin.call('POST', '/api/models/meta', { name: 'x', unit_prices: { tokens: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown unit kind "tokens" in unit_prices: the kinds are requests, search_units, images, seconds, characters.');

    // Per call replaces the token and unit prices; unit prices replace it in turn; {} clears them.
    const id = both.json.data.id as number;
    expect((await admin.call('PUT', '/api/models/meta', { id, price_per_call: 0.05 })).json.data).toMatchObject({ price_per_call: 0.05, model_ratio: null, unit_prices: {} });
    expect((await admin.call('PUT', '/api/models/meta', { id, unit_prices: { requests: 0.002 } })).json.data).toMatchObject({ price_per_call: null, unit_prices: { requests: 0.002 }, price_source: 'model' });
    expect((await admin.call('PUT', '/api/models/meta', { id, unit_prices: {} })).json.data).toMatchObject({ unit_prices: {}, price_source: 'none' });
    // The management API describes the field.
    const document = (await (await fetch(`${relay.origin}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(JSON.stringify(document.paths['/api/models/meta']!.post)).toContain('"search_units"');
  });

  it('prices units by output size: size_ratios stored, listed by /v1/pricing, and refused unless WIDTHxHEIGHT', async () => {
    const gateway = await startGateway([{ type: 1, upstream: await startFakeOpenAIChat().then((u) => (upstreams.push(u), u)), models: ['my-video'] }]);
    const { admin } = gateway;
    const created = await admin.call('POST', '/api/models/meta', { name: 'my-video', unit_prices: { seconds: 0.2 }, size_ratios: { '1792x1024': 2.5 } });
    expect(created.json.data).toMatchObject({ unit_prices: { seconds: 0.2 }, size_ratios: { '1792x1024': 2.5 } });
    const pricing: any = await (await fetch(`${gateway.relay.relayBaseUrl}/pricing`, { headers: { authorization: `Bearer ${gateway.key}` } })).json();
    expect(pricing.data.find((m: { model: string }) => m.model === 'my-video')).toMatchObject({ unit_prices: { seconds: 0.2 }, size_ratios: { '1792x1024': 2.5 } });

    for (const size_ratios of [{ large: 2 }, { '1792x1024': -1 }, { '1792X1024': 2 }]) {
      const refused = await admin.call('PUT', '/api/models/meta', { id: created.json.data.id, size_ratios });
      expect(refused.status, JSON.stringify(size_ratios)).toBe(400);
    }
    expect((await admin.call('PUT', '/api/models/meta', { id: created.json.data.id, size_ratios: {} })).json.data.size_ratios).toEqual({});
  });

  it('lists models channels use without a record (missing), and the groups each is served to', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    await channel(admin, ['alpha', 'beta', 'gamma'], 'default');
    await channel(admin, ['beta'], 'team');
    await channel(admin, ['gamma'], 'hidden', { status: 2 });
    expect((await admin.call('GET', '/api/models/missing')).json.data).toEqual(['alpha', 'beta', 'gamma']);
    await admin.call('POST', '/api/models/meta', { name: 'beta' });
    expect((await admin.call('GET', '/api/models/missing')).json.data).toEqual(['alpha', 'gamma']);
    const beta = (await admin.call('GET', '/api/models/meta')).json.data.items[0];
    expect(beta).toMatchObject({ name: 'beta', enable_groups: ['default', 'team'], channels: 2 });
    await admin.call('POST', '/api/models/meta', { name: 'gamma' });
    const gamma = (await admin.call('GET', '/api/models/meta?keyword=gamma')).json.data.items[0];
    expect(gamma).toMatchObject({ enable_groups: ['default'], channels: 2 }); // the disabled channel serves nobody
  });
});

describe('GET /api/models (user)', () => {
  it('answers the models served to the groups the user may use, with their metadata', async () => {
    const first = await startTestRelay();
    const owner = await setupAndLogin(first, 'owner', 'owner-password-1');
    await owner.call('POST', '/api/group/', { name: 'team' });
    await owner.call('POST', '/api/group/', { name: 'vip', selectable: true });
    await owner.call('POST', '/api/group/', { name: 'internal' });
    await channel(owner, ['team-model'], 'team');
    await channel(owner, ['vip-model', 'shared'], 'vip');
    await channel(owner, ['internal-model', 'shared'], 'internal');
    await channel(owner, ['off-model'], 'team', { status: 2 });
    await owner.call('POST', '/api/models/meta', { name: 'vip-model', description: 'Fast', context_length: 1000 });
    await first.close();
    await seedUsers(first.dataDir, [{ username: 'member', group: 'team' }]);
    const relay = await startTestRelay({ dataDir: first.dataDir });
    const member = new ApiClient(relay.origin);
    await member.call('POST', '/api/user/login', { username: 'member', password: 'member-password-1' });

    const models = (await member.call('GET', '/api/models')).json.data;
    expect(models.map((m: { name: string }) => m.name)).toEqual(['shared', 'team-model', 'vip-model']);
    expect(models.find((m: { name: string }) => m.name === 'shared').groups).toEqual(['vip']);
    expect(models.find((m: { name: string }) => m.name === 'vip-model')).toMatchObject({ description: 'Fast', context_length: 1000, groups: ['vip'] });
    expect((await member.call('GET', '/api/models/missing')).status).toBe(403);
    expect((await member.call('GET', '/api/models/meta')).status).toBe(403);
  });
});

describe('model records in the relay', () => {
  it('a price set through the API changes what a real call is charged (per token, then per call)', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['my-model', 'gpt-4o'] }]);
    const base = gateway.relay.relayBaseUrl;
    await (await chat(base, gateway.key, 'my-model')).text(); // unpriced: free

    const created = await gateway.admin.call('POST', '/api/models/meta', { name: 'my-model', model_ratio: 2, completion_ratio: 3 });
    expect(created.json.success, created.text).toBe(true);
    await (await chat(base, gateway.key, 'my-model')).text();
    await gateway.admin.call('PUT', '/api/models/meta', { id: created.json.data.id, price_per_call: 0.01 });
    await (await chat(base, gateway.key, 'my-model')).text();
    // A record of a model with a built-in price replaces it.
    await gateway.admin.call('POST', '/api/models/meta', { name: 'gpt-4o', model_ratio: 10 });
    await (await chat(base, gateway.key, 'gpt-4o')).text();

    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((l) => l.type)).toEqual([2, 2, 2, 2]);
    expect(logs[0]).toMatchObject({ quota: 0, other: { unpriced: true } });
    expect(logs[1].quota).toBe(Math.round((logs[1].prompt_tokens + logs[1].completion_tokens * 3) * 2));
    expect(logs[2].quota).toBe(0.01 * 500_000);
    expect(logs[3].quota).toBe(Math.round((logs[3].prompt_tokens + logs[3].completion_tokens) * 10));
  });

  it('a model priced only per unit is priced: with unpriced models rejected it is served, and OpenAI moderation models are priced free by default', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['my-model', 'omni-moderation-latest'] }]);
    await gateway.admin.call('PUT', '/api/option/', { key: 'unpriced_model_policy', value: 'reject' });
    expect((await chat(gateway.relay.relayBaseUrl, gateway.key, 'my-model')).status).toBe(403);
    await gateway.admin.call('POST', '/api/models/meta', { name: 'my-model', unit_prices: { requests: 0.004 } });
    expect((await chat(gateway.relay.relayBaseUrl, gateway.key, 'my-model')).status).toBe(200);
    const described = await gateway.admin.call('POST', '/api/models/meta', { name: 'omni-moderation-latest' });
    expect(described.json.data.price_source).toBe('default');

    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((l) => l.type)).toEqual([5, 2]); // refused, then served
    const log = logs[1];
    // Tokens are free (no model_ratio); the request is 0.004 USD = 2000 quota.
    expect(log).toMatchObject({ type: 2, quota: 2000, units: { requests: 1 }, other: { unit_prices: { requests: 0.004 } } });
  });

  it('with unpriced models rejected, pricing a model through the API lets it through', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['my-model'] }]);
    await gateway.admin.call('PUT', '/api/option/', { key: 'unpriced_model_policy', value: 'reject' });
    expect((await chat(gateway.relay.relayBaseUrl, gateway.key, 'my-model')).status).toBe(403);
    // The model dialog reads the policy to say what saving a model without a price does.
    expect((await gateway.admin.call('GET', '/api/models/unpriced_policy')).json.data).toEqual({ unpriced_model_policy: 'reject' });
    await gateway.admin.call('POST', '/api/models/meta', { name: 'my-model', price_per_call: 0.001 });
    expect((await chat(gateway.relay.relayBaseUrl, gateway.key, 'my-model')).status).toBe(200);
  });

  it('/v1beta/models answers limits and description from model metadata, known limits otherwise', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o', 'claude-sonnet-4-5', 'my-model'] }]);
    await gateway.admin.call('POST', '/api/models/meta', { name: 'gpt-4o', context_length: 64000, max_output_tokens: 4000, description: 'Our GPT-4o' });
    await gateway.admin.call('POST', '/api/models/meta', { name: 'my-model', context_length: 32768 });
    const list = (await (await fetch(`${gateway.relay.origin}/v1beta/models`, { headers: { 'x-goog-api-key': gateway.key } })).json()) as { models: any[] };
    const byName = Object.fromEntries(list.models.map((m) => [m.name, m]));
    expect(byName['models/gpt-4o']).toMatchObject({ inputTokenLimit: 64000, outputTokenLimit: 4000, description: 'Our GPT-4o' });
    expect(byName['models/claude-sonnet-4-5']).toMatchObject({ inputTokenLimit: 200_000, outputTokenLimit: 64_000 });
    expect(byName['models/my-model']).toMatchObject({ inputTokenLimit: 32768, outputTokenLimit: 8192 });
    const one = (await (await fetch(`${gateway.relay.origin}/v1beta/models/gpt-4o?key=${gateway.key}`)).json()) as any;
    expect(one).toMatchObject({ name: 'models/gpt-4o', inputTokenLimit: 64000 });
  });
});
