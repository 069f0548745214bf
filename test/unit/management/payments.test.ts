import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../../fake-upstreams/stripe.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const fakes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** Owner and alice signed in; card top-up set up against a fake Stripe unless `configure` is false. */
async function relayWithStripe(configure = true) {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', 'owner-password-1');
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'alice' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const owner = new ApiClient(relay.origin);
  const alice = new ApiClient(relay.origin, { origin: relay.origin });
  await owner.call('POST', '/api/user/login', { username: 'owner', password: 'owner-password-1' });
  await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' });
  const stripe = await startFakeStripe();
  fakes.push(stripe);
  if (configure) {
    for (const [key, value] of Object.entries({ stripe_secret_key: FAKE_STRIPE_KEY, stripe_webhook_secret: FAKE_WEBHOOK_SECRET, stripe_api_base: stripe.url, payment_unit_price: 1.2 })) {
      const set = await owner.call('PUT', '/api/option', { key, value });
      expect(set.json.success, set.text).toBe(true);
    }
  }
  return { relay, owner, alice, stripe, webhook: `${relay.origin}/api/stripe/webhook` };
}

const quotaOf = async (client: ApiClient): Promise<number> => (await client.call('GET', '/api/user/self')).json.data.quota;

describe('top-up by card (Stripe Checkout)', () => {
  it('starts a checkout for the amount, credits the quota only from the signed webhook, once however often it comes', async () => {
    const { alice, owner, stripe, webhook, relay } = await relayWithStripe();
    const before = await quotaOf(alice);
    const started = await alice.call('POST', '/api/user/stripe/pay', { amount: 5 });
    expect(started.json, started.text).toMatchObject({ success: true, data: { quota: 2_500_000, money: 6, currency: 'usd', url: expect.stringContaining(`${stripe.url}/pay/cs_test_`) } });
    const session = [...stripe.sessions.values()][0]!;
    expect(session).toMatchObject({ amount_total: 600, currency: 'usd', success_url: `${relay.origin}/wallet?payment=done`, cancel_url: `${relay.origin}/wallet?payment=cancelled`, metadata: { relaydesk_quota: '2500000' } });
    expect((await alice.call('GET', '/api/user/topup/self')).json.data.items).toMatchObject([{ status: 'pending', quota: 2_500_000, money: 6, provider: 'stripe', reference: session.id }]);
    expect(await quotaOf(alice)).toBe(before);

    // Not signed with the endpoint's secret: refused, nothing credited.
    const forged = await stripe.notify(webhook, session.id, 'checkout.session.completed', { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(forged.json.message).toMatch(/signature does not verify/);
    expect(await quotaOf(alice)).toBe(before);

    const paid = await stripe.notify(webhook, session.id);
    expect(paid).toMatchObject({ status: 200, json: { success: true, data: { credited: true } } });
    expect(await quotaOf(alice)).toBe(before + 2_500_000);
    // Stripe retries notices: replays, even at once, add nothing.
    const replays = await Promise.all([1, 2, 3].map(() => stripe.notify(webhook, session.id)));
    expect(replays.map((r) => r.json.data.credited)).toEqual([false, false, false]);
    expect(await quotaOf(alice)).toBe(before + 2_500_000);
    expect((await alice.call('GET', '/api/user/topup/self')).json.data.items).toMatchObject([{ status: 'done', quota: 2_500_000 }]);
    expect((await alice.call('GET', '/api/log/self?type=1')).json.data.items).toMatchObject([{ type: 1, quota: 2_500_000, content: 'Paid 6 USD through stripe for $5.00' }]);
    expect((await owner.call('GET', '/api/user/topup?source=payment&status=done')).json.data.total).toBe(1);
  });

  it('marks an expired checkout, lets an administrator complete a pending one by hand once, and credits a payment the relay lost track of from its signed notice', async () => {
    const { alice, owner, stripe, webhook } = await relayWithStripe();
    const before = await quotaOf(alice);
    await alice.call('POST', '/api/user/stripe/pay', { amount: 2 });
    await alice.call('POST', '/api/user/stripe/pay', { amount: 3 });
    const [first, second] = [...stripe.sessions.values()];
    expect((await stripe.notify(webhook, first!.id, 'checkout.session.expired')).json.message).toBe('Payment expired.');
    const topUps = (await owner.call('GET', '/api/user/topup?source=payment')).json.data.items as { id: number; status: string; reference: string }[];
    expect(topUps.find((t) => t.reference === first!.id)?.status).toBe('expired');
    const pending = topUps.find((t) => t.reference === second!.id)!;
    const byHand = await owner.call('POST', '/api/user/topup/complete', { id: pending.id, note: 'paid by bank transfer' });
    expect(byHand.json, byHand.text).toMatchObject({ success: true, data: { status: 'done', note: 'completed by owner: paid by bank transfer' } });
    expect(await quotaOf(alice)).toBe(before + 1_500_000);
    expect((await owner.call('POST', '/api/user/topup/complete', { id: pending.id, note: 'again' })).status).toBe(409);
    expect((await stripe.notify(webhook, second!.id)).json.data.credited).toBe(false);
    expect(await quotaOf(alice)).toBe(before + 1_500_000);

    // A checkout whose top-up the relay never kept (it stopped in between): the signed notice carries user and quota.
    const orphan = { ...first!, id: 'cs_test_orphan', metadata: { relaydesk_user_id: String((await alice.call('GET', '/api/user/self')).json.data.id), relaydesk_quota: '500000' } };
    stripe.sessions.set(orphan.id, orphan);
    expect((await stripe.notify(webhook, orphan.id)).json.data.credited).toBe(true);
    expect(await quotaOf(alice)).toBe(before + 2_000_000);
  });

  it('says what is missing: card top-up not set up, an amount below the minimum, an unknown provider', async () => {
    const { alice, owner } = await relayWithStripe(false);
    expect((await alice.call('POST', '/api/user/stripe/pay', { amount: 5 })).json.message).toMatch(/Card top-up is not set up/);
    expect((await alice.call('POST', '/api/user/paypal/pay', { amount: 5 })).status).toBe(404);
    expect((await alice.call('GET', '/api/status')).json.data.features.top_up).toBe(false);
    await owner.call('PUT', '/api/option', { key: 'stripe_secret_key', value: FAKE_STRIPE_KEY });
    await owner.call('PUT', '/api/option', { key: 'stripe_webhook_secret', value: FAKE_WEBHOOK_SECRET });
    expect((await alice.call('GET', '/api/status')).json.data.features.top_up).toBe(true);
    await owner.call('PUT', '/api/option', { key: 'payment_min_usd', value: 10 });
    expect((await alice.call('POST', '/api/user/stripe/pay', { amount: 5 })).json.message).toBe('The least one payment buys is 10 USD of quota.');
    // The secrets are never answered.
    const options = await owner.call('GET', '/api/option/');
    expect(options.text).not.toContain(FAKE_STRIPE_KEY);
    expect(options.text).not.toContain(FAKE_WEBHOOK_SECRET);
  });
});
