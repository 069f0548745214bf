// Money across three instances on one PostgreSQL and Redis: a redemption code tried at once on
// every instance is redeemed once, and a payment notice Stripe sends to several instances (its
// retries land wherever the address leads) credits once.
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../../fake-upstreams/stripe.js';
import { ApiClient, setupAndLogin } from '../../helpers/relay.js';
import { OWNER, startTeam } from './team.js';
import type { Instance } from './team.js';

async function ownerOnEvery(instances: Instance[]): Promise<ApiClient[]> {
  const first = await setupAndLogin(instances[0]!, OWNER.username, OWNER.password);
  // Twenty credential checks at once from one address: more than the default limit allows.
  expect((await first.call('PUT', '/api/option', { values: { critical_rate_limit: 1000 } })).json.success).toBe(true);
  return instances.map((instance) => {
    const client = new ApiClient(instance.origin, { origin: instance.origin });
    client.cookie = first.cookie;
    return client;
  });
}

const quotaOf = async (client: ApiClient): Promise<number> => (await client.call('GET', '/api/user/self')).json.data.quota;

describe('money on a team of three instances', () => {
  it('redeems a code once when 21 attempts arrive at once across the instances, and counts the attempts together', async () => {
    const team = await startTeam({ instances: 3 });
    const owners = await ownerOnEvery(team.instances);
    const made = await owners[0]!.call('POST', '/api/redemption/', { name: 'team', quota: 3_000_000, count: 1, expired_time: 0 });
    expect(made.json.success, made.text).toBe(true);
    const before = await quotaOf(owners[1]!);
    const attempts = await Promise.all(Array.from({ length: 21 }, (_, i) => owners[i % 3]!.call('POST', '/api/user/topup', { key: made.json.data[0] })));
    expect(attempts.filter((a) => a.json?.success)).toHaveLength(1);
    // Ten attempts per user per 10 minutes, counted together by the instances: the rest are slowed down.
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(9);
    expect(attempts.filter((a) => a.status === 429)).toHaveLength(11);
    for (const owner of owners) expect(await quotaOf(owner)).toBe(before + 3_000_000);
    expect((await owners[2]!.call('GET', '/api/user/topup/self')).json.data.total).toBe(1);
  }, 60_000);

  it('credits a payment once when its notice reaches every instance, twice', async () => {
    const stripe = await startFakeStripe();
    const team = await startTeam({ instances: 3 });
    try {
      const owners = await ownerOnEvery(team.instances);
      for (const [key, value] of Object.entries({ stripe_secret_key: FAKE_STRIPE_KEY, stripe_webhook_secret: FAKE_WEBHOOK_SECRET, stripe_api_base: stripe.url })) {
        expect((await owners[0]!.call('PUT', '/api/option', { key, value })).json.success).toBe(true);
      }
      const before = await quotaOf(owners[0]!);
      // Settings made on instance 1 are in force on instance 2 within a second.
      await expect.poll(async () => (await owners[1]!.call('POST', '/api/user/stripe/pay', { amount: 4 })).json?.success, { timeout: 2_000, interval: 100 }).toBe(true);
      const session = [...stripe.sessions.values()][0]!;
      const notices = await Promise.all(team.instances.flatMap((instance) => [1, 2].map(() => stripe.notify(`${instance.origin}/api/stripe/webhook`, session.id))));
      expect(notices.map((n) => n.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(notices.filter((n) => n.json.data.credited)).toHaveLength(1);
      for (const owner of owners) expect(await quotaOf(owner)).toBe(before + 2_000_000);
    } finally {
      await stripe.close();
    }
  }, 60_000);
});
