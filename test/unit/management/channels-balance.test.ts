import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../../fake-upstreams/harness.js';
import type { FakeUpstream, RecordedRequest, Script } from '../../fake-upstreams/harness.js';
import { setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { ApiClient } from '../../helpers/relay.js';

const KEY = 'sk-billing-key-0000000000';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** A fake billing endpoint: `routes` by path; anything else 404; a wrong key 401. */
async function billing(routes: Record<string, (request: RecordedRequest) => { status?: number; json: unknown }>) {
  const script: Script = (request) => {
    if (request.headers.authorization !== `Bearer ${KEY}`) return { status: 401, json: { error: { message: 'Invalid API key', type: 'invalid_request_error' } } };
    const route = routes[request.path];
    return route ? route(request) : { status: 404, json: { error: { message: `no ${request.path}` } } };
  };
  const upstream = await startFakeUpstream(script);
  upstreams.push(upstream);
  return upstream;
}

async function channelOn(admin: ApiClient, type: number, upstream: FakeUpstream, key = KEY): Promise<number> {
  const response = await admin.call('POST', '/api/channel/', { type, key, base_url: upstream.url, models: 'm' });
  expect(response.json?.success, response.text).toBe(true);
  return response.json.data.id;
}

async function readBalance(admin: ApiClient, id: number) {
  const response = await admin.call('GET', `/api/channel/update_balance/${id}`);
  return { response, stored: (await admin.call('GET', `/api/channel/${id}`)).json.data.balance as number };
}

describe('GET /api/channel/update_balance/{id}', () => {
  it('reads an OpenAI-style account: the subscription limit minus the usage', async () => {
    const upstream = await billing({
      '/v1/dashboard/billing/subscription': () => ({ json: { object: 'billing_subscription', has_payment_method: false, hard_limit_usd: 100, system_hard_limit_usd: 100 } }),
      '/v1/dashboard/billing/usage': () => ({ json: { object: 'list', total_usage: 2550 } }),
    });
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    for (const type of [1, 8]) {
      const id = await channelOn(admin, type, upstream);
      // Never read yet: the console shows "—", not $0.00.
      expect((await admin.call('GET', `/api/channel/${id}`)).json.data.balance_updated_at).toBeUndefined();
      const before = Date.now();
      const { response, stored } = await readBalance(admin, id);
      const read = (await admin.call('GET', '/api/channel/?p=1&page_size=20')).json.data.items.find((c: { id: number }) => c.id === id);
      expect(read.balance_updated_at).toBeGreaterThanOrEqual(before);
      expect(response.json.success, response.text).toBe(true);
      expect(response.json.data).toEqual({ balance: 74.5, source: 'openai', currencies: [{ currency: 'USD', amount: 74.5 }] });
      expect(stored).toBe(74.5);
      expect(response.text).not.toContain(KEY);
    }
    const usage = upstream.requests.find((r) => r.path === '/v1/dashboard/billing/usage')!;
    expect(usage.query.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(usage.query.get('end_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(usage.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reads OpenRouter credits, falling back to the key limit', async () => {
    let creditsAllowed = true;
    const upstream = await billing({
      '/api/v1/credits': () => (creditsAllowed ? { json: { data: { total_credits: 50, total_usage: 12.25 } } } : { status: 403, json: { error: { message: 'Only provisioning keys' } } }),
      '/api/v1/key': () => ({ json: { data: { label: 'sk-or-v1-…', limit: 20, usage: 5, limit_remaining: 15, is_free_tier: false } } }),
    });
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const id = await channelOn(admin, 20, upstream);
    const credits = await readBalance(admin, id);
    expect(credits.response.json.data).toMatchObject({ balance: 37.75, source: 'openrouter' });
    expect(credits.stored).toBe(37.75);

    creditsAllowed = false;
    const limited = await readBalance(admin, id);
    expect(limited.response.json.data).toMatchObject({ balance: 15, source: 'openrouter' });
    expect(limited.stored).toBe(15);
  });

  it('reads DeepSeek balances: USD as is, CNY converted', async () => {
    let infos = [
      { currency: 'CNY', total_balance: '72.00', granted_balance: '0.00', topped_up_balance: '72.00' },
      { currency: 'USD', total_balance: '8.40', granted_balance: '0.00', topped_up_balance: '8.40' },
    ];
    const upstream = await billing({ '/user/balance': () => ({ json: { is_available: true, balance_infos: infos } }) });
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const id = await channelOn(admin, 43, upstream);
    const usd = await readBalance(admin, id);
    expect(usd.response.json.data).toMatchObject({ balance: 8.4, source: 'deepseek', currencies: [{ currency: 'CNY', amount: 72 }, { currency: 'USD', amount: 8.4 }] });
    expect(usd.stored).toBe(8.4);

    infos = [infos[0]!];
    const cny = await readBalance(admin, id);
    expect(cny.response.json.data.balance).toBe(10);
    expect(cny.stored).toBe(10);
  });

  it('answers a clear 400 for types without a balance query, and a 502 when the upstream refuses', async () => {
    const upstream = await billing({ '/user/balance': () => ({ json: { is_available: true, balance_infos: [] } }) });
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const anthropic = await channelOn(admin, 14, upstream);
    const unsupported = await admin.call('GET', `/api/channel/update_balance/${anthropic}`);
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.message).toMatch(/not supported/);

    const refused = await admin.call('GET', `/api/channel/update_balance/${await channelOn(admin, 43, upstream, 'sk-wrong-key-000000000000')}`);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/401.*Invalid API key/);
    expect(refused.text).not.toContain('sk-wrong-key');

    // An OpenAI-compatible upstream without the billing endpoints.
    const none = await admin.call('GET', `/api/channel/update_balance/${await channelOn(admin, 8, upstream)}`);
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/no billing endpoint/);
    expect((await admin.call('GET', '/api/channel/update_balance/999')).status).toBe(404);
  });

  it("sends the channel's header overrides, and never shows the key or an override's secret an upstream echoes", async () => {
    const upstream = await billing({
      '/v1/dashboard/billing/subscription': (request) => ({
        status: 403,
        json: { error: { message: `Key ${request.headers.authorization} with organization ${request.headers['x-org-secret']} may not read billing` } },
      }),
    });
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const created = await admin.call('POST', '/api/channel/', {
      type: 1,
      key: KEY,
      base_url: upstream.url,
      models: 'm',
      header_override: { 'X-Org-Secret': 'org-secret-{api_key}', 'X-Team': 'team-7' },
    });
    expect(created.json?.success, created.text).toBe(true);
    const refused = await admin.call('GET', `/api/channel/update_balance/${created.json.data.id}`);
    const sent = upstream.requests[0]!;
    expect(sent.headers['x-org-secret']).toBe(`org-secret-${KEY}`);
    expect(sent.headers['x-team']).toBe('team-7');
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/403.*may not read billing/);
    expect(refused.text).not.toContain(KEY);
    expect(refused.text).not.toContain('org-secret-');
  });
});

