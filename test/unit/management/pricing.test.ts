import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from '../../fake-upstreams/stripe.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

/** Channels are only listed here, never called. */
const NOWHERE = { url: 'http://127.0.0.1:9' } as FakeUpstream;

/** A channel serving gpt-4o and a rerank model to default and vip, one serving secret-model to staff only; alice (default) signed in. */
async function relayWithPrices() {
  const first = await startTestRelay();
  const owner = await setupAndLogin(first, 'owner', 'owner-password-1');
  await addChannel(owner, { type: 1, upstream: NOWHERE, models: ['gpt-4o', 'rerank-v3.5', 'house-model'], extra: { group: 'default,vip' } });
  await addChannel(owner, { type: 1, upstream: NOWHERE, models: ['secret-model'], extra: { group: 'staff' } });
  expect((await owner.call('POST', '/api/group', { name: 'vip', ratio: 0.5, description: 'Half price', selectable: true })).json.success).toBe(true);
  expect((await owner.call('POST', '/api/group', { name: 'staff', ratio: 0.1, description: '', selectable: false })).json.success).toBe(true);
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'alice' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const alice = new ApiClient(relay.origin);
  expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
  const root = new ApiClient(relay.origin);
  await root.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' });
  return { relay, alice, owner: root };
}

const priceOf = (listing: any, model: string, unit: string) => listing.data.find((m: any) => m.model === model)?.prices.find((p: any) => p.unit === unit);

describe('GET /api/pricing', () => {
  it("lists the models the user may call with their group's prices per unit kind, the same as /v1/pricing answers their key", async () => {
    const { relay, alice } = await relayWithPrices();
    const own = await alice.call('GET', '/api/pricing');
    expect(own.json, own.text).toMatchObject({ success: true, data: { group: 'default', group_ratio: 1, unpriced_models: expect.any(String) } });
    expect(own.json.data.data.map((m: any) => m.model)).toEqual(['gpt-4o', 'house-model', 'rerank-v3.5']);
    // gpt-4o's built-in price: 2.5 USD per million input tokens, 10 output, 1.25 cached.
    expect(priceOf(own.json.data, 'gpt-4o', 'input_token')).toEqual({ unit: 'input_token', per: 1_000_000, quota: 1_250_000, usd: 2.5 });
    expect(priceOf(own.json.data, 'gpt-4o', 'output_token')).toMatchObject({ usd: 10 });
    expect(priceOf(own.json.data, 'gpt-4o', 'cached_input_token')).toMatchObject({ usd: 1.25 });
    expect(own.json.data.data.find((m: any) => m.model === 'rerank-v3.5')).toMatchObject({ source: 'default', unit_prices: { search_units: 0.002 } });
    expect(priceOf(own.json.data, 'rerank-v3.5', 'search_unit')).toMatchObject({ per: 1, usd: 0.002 });
    expect(own.json.data.data.find((m: any) => m.model === 'house-model')).toMatchObject({ source: 'none', prices: [] });
    expect(own.json.data.groups.map((g: any) => g.name).sort()).toEqual(['default', 'vip']);

    const created = await alice.call('POST', '/api/token/', { name: 'pricing key' });
    const v1: any = await (await fetch(`${relay.relayBaseUrl}/pricing`, { headers: { authorization: `Bearer ${created.json.data.key}` } })).json();
    expect(own.json.data.data).toEqual(v1.data);
  });

  it("applies a selectable group's ratio, and refuses a group the user may not use or a caller not signed in", async () => {
    const { relay, alice, owner } = await relayWithPrices();
    const vip = await alice.call('GET', '/api/pricing?group=vip');
    expect(vip.json.data).toMatchObject({ group: 'vip', group_ratio: 0.5 });
    expect(priceOf(vip.json.data, 'gpt-4o', 'input_token')).toMatchObject({ quota: 625_000, usd: 1.25 });
    expect(vip.json.data.data.find((m: any) => m.model === 'rerank-v3.5').unit_prices).toEqual({ search_units: 0.001 });

    const staff = await alice.call('GET', '/api/pricing?group=staff');
    expect(staff.status).toBe(403);
    expect(staff.json.message).toMatch(/may not use the group staff/);
    expect((await new ApiClient(relay.origin).call('GET', '/api/pricing')).status).toBe(401);
    // The owner's own group does not reach secret-model either: only what the group is served.
    expect((await owner.call('GET', '/api/pricing')).json.data.data.map((m: any) => m.model)).not.toContain('secret-model');
  });
});

describe('GET /api/user/topup/info', () => {
  it('says whether card top-up is set up, and its price and minimum', async () => {
    const { alice, owner } = await relayWithPrices();
    expect((await alice.call('GET', '/api/user/topup/info')).json.data).toEqual({ providers: [], unit_price: 1, currency: 'usd', min_usd: 1 });
    for (const [key, value] of Object.entries({ stripe_secret_key: FAKE_STRIPE_KEY, stripe_webhook_secret: FAKE_WEBHOOK_SECRET, payment_unit_price: 7.3, payment_currency: 'cny', payment_min_usd: 5 })) {
      expect((await owner.call('PUT', '/api/option', { key, value })).json.success).toBe(true);
    }
    const info = await alice.call('GET', '/api/user/topup/info');
    expect(info.json.data).toEqual({ providers: ['stripe'], unit_price: 7.3, currency: 'cny', min_usd: 5 });
    expect(info.text).not.toContain(FAKE_STRIPE_KEY);
  });
});
