// Load on money (issue 18): 20 concurrent redemptions of one code, and 20 concurrent
// invitation transfers against rewards that pay for 10: exactly one, exactly ten, on each store.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/relay.js';
import { recordFigure, relayWithUsers, STORES } from './stores.js';

const quotaOf = async (client: ApiClient): Promise<number> => (await client.call('GET', '/api/user/self')).json.data.quota;

describe.each(STORES)('money under concurrent attempts ($name store)', (store) => {
  it('20 concurrent redemptions of one code by four users: exactly one succeeds, and the quota moves once', async () => {
    const { root, users } = await relayWithUsers(store, ['ann', 'ben', 'cat', 'dan']);
    const clients = Object.values(users);
    const made = await root.call('POST', '/api/redemption/', { name: 'race', quota: 1_234_567, count: 1, expired_time: 0 });
    const before = await Promise.all(clients.map(quotaOf));
    const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => clients[i % 4]!.call('POST', '/api/user/topup', { key: made.json.data[0] })));
    const won = attempts.filter((a) => a.json?.success).length;
    const after = await Promise.all(clients.map(quotaOf));
    const moved = after.reduce((total, q, i) => total + q - before[i]!, 0);
    await recordFigure({ scenario: 'concurrent redemptions of one code', store: store.name, runs: 1, cases: 20, held: `${won} succeeded, quota moved ${moved}`, worst: `${attempts.filter((a) => a.status >= 500).length} answers 5xx` });
    expect(won).toBe(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(19);
    expect(moved).toBe(1_234_567);
  });

  it('20 concurrent invitation transfers of 1 USD against 10 USD of rewards: exactly ten succeed, nothing spent twice', async () => {
    const { root, relay, users } = await relayWithUsers(store, ['inviter']);
    const inviter = users.inviter!;
    expect((await root.call('PUT', '/api/option', { values: { registration_policy: 'open', invitation_reward_quota: 500_000 } })).json.success).toBe(true);
    const { aff_code } = (await inviter.call('GET', '/api/user/aff')).json.data;
    for (let i = 0; i < 10; i++) {
      const registered = await new ApiClient(relay.origin).call('POST', '/api/user/register', { username: `guest${i}`, password: 'guest-password-1', aff_code });
      expect(registered.json.success, registered.text).toBe(true);
    }
    expect((await inviter.call('GET', '/api/user/aff')).json.data).toMatchObject({ aff_count: 10, aff_quota: 5_000_000 });
    const before = await quotaOf(inviter);
    const transfers = await Promise.all(Array.from({ length: 20 }, () => inviter.call('POST', '/api/user/aff_transfer', { quota: 500_000 })));
    const moved = (await quotaOf(inviter)) - before;
    const left = (await inviter.call('GET', '/api/user/aff')).json.data.aff_quota;
    await recordFigure({ scenario: 'concurrent invitation transfers', store: store.name, runs: 1, cases: 20, held: `${transfers.filter((t) => t.json?.success).length} of 20 moved, ${moved} quota in, ${left} rewards left`, worst: `${transfers.filter((t) => t.status >= 500).length} answers 5xx` });
    expect(transfers.filter((t) => t.json?.success)).toHaveLength(10);
    expect(moved).toBe(5_000_000);
    expect(left).toBe(0);
  });
});
