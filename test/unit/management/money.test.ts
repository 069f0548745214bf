import { describe, expect, it } from 'vitest';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

/** Owner (root), alice (common user, 3 USD of invitation rewards) and bob, signed in. */
async function relayWithUsers() {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', 'owner-password-1');
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'alice', aff_quota: 1_500_000 }, { username: 'bob' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const signIn = async (username: string, password: string) => {
    const client = new ApiClient(relay.origin);
    expect((await client.call('POST', '/api/user/login', { username, password })).json.success).toBe(true);
    return client;
  };
  return { relay, owner: await signIn('owner', 'owner-password-1'), alice: await signIn('alice', 'alice-password-1'), bob: await signIn('bob', 'bob-password-1') };
}

const quotaOf = async (client: ApiClient): Promise<number> => (await client.call('GET', '/api/user/self')).json.data.quota;

async function makeCodes(owner: ApiClient, count: number, quota = 1_000_000, name = 'launch'): Promise<string[]> {
  const made = await owner.call('POST', '/api/redemption/', { name, quota, count, expired_time: 0 });
  expect(made.json.success, made.text).toBe(true);
  return made.json.data;
}

describe('redemption codes and top-ups', () => {
  it('makes codes shown once, redeems each once into the quota with a top-up log record, and refuses a used, unknown or disabled code', async () => {
    const { owner, alice, bob } = await relayWithUsers();
    const codes = await makeCodes(owner, 3);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    const listed = await owner.call('GET', '/api/redemption/?p=1&page_size=10');
    expect(listed.json.data.total).toBe(3);
    expect(listed.json.data.items[0]).toMatchObject({ name: 'launch', quota: 1_000_000, status: 1, redeemed_by: 0, key_hint: codes[2]!.slice(-4) });
    for (const code of codes) expect(listed.text).not.toContain(code);
    expect((await alice.call('POST', '/api/redemption/', { name: 'mine', quota: 1, count: 1, expired_time: 0 })).status).toBe(403);

    const before = await quotaOf(alice);
    const redeemed = await alice.call('POST', '/api/user/topup', { key: codes[0] });
    expect(redeemed.json, redeemed.text).toMatchObject({ success: true, data: 1_000_000, message: 'Added $2.00 to your balance.' });
    expect(await quotaOf(alice)).toBe(before + 1_000_000);
    expect(await bob.call('POST', '/api/user/topup', { key: codes[0] })).toMatchObject({ status: 409, json: { success: false, message: 'This redemption code was redeemed already.' } });
    expect((await bob.call('POST', '/api/user/topup', { key: '0'.repeat(32) })).status).toBe(404);
    const second = (await owner.call('GET', '/api/redemption/search?keyword=launch')).json.data.items.find((c: { key_hint: string }) => c.key_hint === codes[1]!.slice(-4));
    expect((await owner.call('PUT', '/api/redemption/', { id: second.id, status: 2 })).json.data).toMatchObject({ status: 2 });
    expect((await bob.call('POST', '/api/user/topup', { key: codes[1] })).json.message).toBe('This redemption code was disabled by an administrator.');

    const log = (await alice.call('GET', '/api/log/self?type=1')).json.data.items;
    expect(log).toMatchObject([{ type: 1, quota: 1_000_000, content: 'Redeemed code "launch" for $2.00' }]);
    expect((await alice.call('GET', '/api/user/topup/self')).json.data.items).toMatchObject([{ source: 'redemption', quota: 1_000_000, status: 'done' }]);
    expect((await bob.call('GET', '/api/user/topup/self')).json.data.total).toBe(0);
    expect((await owner.call('GET', '/api/user/topup?source=redemption')).json.data.total).toBe(1);
    expect((await alice.call('GET', '/api/user/topup')).status).toBe(403);

    // Used codes change no more and are cleared with the expired ones.
    const used = (await owner.call('GET', '/api/redemption/')).json.data.items.find((c: { status: number }) => c.status === 3);
    expect(used).toMatchObject({ redeemed_by: expect.any(Number), redeemed_time: expect.any(Number) });
    expect((await owner.call('PUT', '/api/redemption/', { id: used.id, quota: 5 })).status).toBe(409);
    expect((await owner.call('DELETE', '/api/redemption/invalid')).json.data).toBe(1);
    expect((await owner.call('GET', '/api/redemption/')).json.data.total).toBe(2);
  });

  it('redeems one code once under 20 concurrent attempts by two users', async () => {
    const { owner, alice, bob } = await relayWithUsers();
    const [code] = await makeCodes(owner, 1, 700_000);
    const before = (await quotaOf(alice)) + (await quotaOf(bob));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? alice : bob).call('POST', '/api/user/topup', { key: code })));
    expect(answers.filter((a) => a.json?.success)).toHaveLength(1);
    // The others: used already, or (the per-IP credential limit) slowed down.
    expect(answers.filter((a) => a.status === 409 || a.status === 429)).toHaveLength(19);
    expect((await quotaOf(alice)) + (await quotaOf(bob))).toBe(before + 700_000);
  });

  it('refuses an expiry in the past, and slows down a user guessing codes', async () => {
    const { owner, bob } = await relayWithUsers();
    const past = await owner.call('POST', '/api/redemption/', { name: 'old', quota: 1, count: 1, expired_time: Math.floor(Date.now() / 1000) - 60 });
    expect(past.status).toBe(400);
    expect(past.json.message).toMatch(/expired_time is in the past/);
    const guesses = [];
    for (let i = 0; i < 11; i++) guesses.push((await bob.call('POST', '/api/user/topup', { key: `guess-${i}` })).status);
    expect(guesses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(guesses[10]).toBe(429);
  });
});

describe('invitations', () => {
  it('shows the invitation code and moves rewards into quota: at least 1 USD, at most what is there, never spent twice', async () => {
    const { alice } = await relayWithUsers();
    const aff = (await alice.call('GET', '/api/user/aff')).json.data;
    expect(aff).toMatchObject({ aff_code: expect.stringMatching(/^[A-Za-z0-9]{8}$/), aff_quota: 1_500_000, min_transfer: 500_000 });
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 499_999 })).json.message).toMatch(/The least you can move is \$1\.00/);
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 2_000_000 })).json.message).toMatch(/You have \$3\.00 of invitation rewards/);
    const before = await quotaOf(alice);
    const answers = await Promise.all(Array.from({ length: 5 }, () => alice.call('POST', '/api/user/aff_transfer', { quota: 500_000 })));
    expect(answers.filter((a) => a.json.success)).toHaveLength(3);
    expect(await quotaOf(alice)).toBe(before + 1_500_000);
    expect((await alice.call('GET', '/api/user/aff')).json.data).toMatchObject({ aff_quota: 0, aff_history_quota: 1_500_000 });
    expect((await alice.call('GET', '/api/log/self?type=1')).json.data.total).toBe(3);
  });
});
