// Brute force (issue 18): sign-in (per account and per IP), two-step codes at sign-in (per user), the
// security verification's password (per user) and redemption codes (per user) each answer
// 429 with Retry-After after their limit, and the right secret does not get through then.
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/people.js';
import { ApiClient } from '../helpers/relay.js';
import { enableTwoFactor, stepCodes, wrongCode } from '../helpers/two-factor.js';
import { recordFigure, relayWithUsers, STORES } from './stores.js';

/** Tries `attempt` until the first 429 (at most `max` times); answers how many came before it. */
async function triesBefore429(max: number, attempt: () => Promise<{ status: number; headers: Headers }>): Promise<{ before: number; statuses: number[] }> {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const answer = await attempt();
    statuses.push(answer.status);
    if (answer.status === 429) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      return { before: i, statuses };
    }
  }
  return { before: max, statuses };
}

describe.each(STORES)('brute-force limits ($name store)', (store) => {
  it('sign-in, two-step codes, security verification and redemption each answer 429 after their limit', async () => {
    const { relay, root, users } = await relayWithUsers(store, ['ann', 'ben', 'cat']);
    const figures: string[] = [];
    let cases = 0;

    // Redemption: 10 wrong codes per user, then 429 even for a real code.
    const real = (await root.call('POST', '/api/redemption/', { name: 'real', quota: 1000, count: 1, expired_time: 0 })).json.data[0];
    const redeem = await triesBefore429(15, () => users.ann!.call('POST', '/api/user/topup', { key: `not-a-code-${Math.random()}` }));
    expect(redeem.before).toBe(10);
    expect(redeem.statuses.slice(0, 10).every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    expect((await users.ann!.call('POST', '/api/user/topup', { key: real })).status).toBe(429);
    figures.push(`redemption ${redeem.before}`);
    cases += redeem.statuses.length + 1;

    // Security verification by password: 10 per user.
    const verify = await triesBefore429(15, () => users.ben!.call('POST', '/api/verify', { method: 'password', password: 'wrong-password-1' }));
    expect(verify.before).toBe(10);
    expect(verify.statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect((await users.ben!.call('POST', '/api/verify', { method: 'password', password: PASSWORD })).status).toBe(429);
    figures.push(`verification ${verify.before}`);
    cases += verify.statuses.length + 1;

    // Two-step codes at sign-in: 5 wrong codes per user, then 429 even for the right one.
    const { secret } = await enableTwoFactor(users.cat!);
    const browser = new ApiClient(relay.origin);
    const login = await browser.call('POST', '/api/user/login', { username: 'cat', password: PASSWORD });
    expect(login.json.data.require_2fa).toBe(true);
    const pending = login.json.data.pending_token;
    const wrong = await wrongCode(secret);
    const codes = await triesBefore429(10, () => browser.call('POST', '/api/user/login/2fa', { pending_token: pending, code: wrong }));
    expect(codes.before).toBe(5);
    const right = await browser.call('POST', '/api/user/login/2fa', { pending_token: pending, code: (await stepCodes(secret)).next });
    expect(right.status).toBe(429);
    expect(right.setCookie).toBeNull();
    figures.push(`2FA ${codes.before}`);
    cases += codes.statuses.length + 1;

    // Sign-in per account: 10 wrong passwords per 15 minutes whatever the address, then 429 even for the right one.
    const perAccount = await triesBefore429(15, () => new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'ben', password: `guess-${Math.random()}` }));
    expect(perAccount.before).toBe(10);
    expect(perAccount.statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'ben', password: PASSWORD })).status).toBe(429);
    figures.push(`sign-in ${perAccount.before} per account`);
    cases += perAccount.statuses.length + 1;

    // Sign-in per IP: the credential limit (20 per 20 minutes by default) across names, then 429 even for the right password.
    expect((await root.call('PUT', '/api/option', { values: { critical_rate_limit: 20 } })).json.success).toBe(true);
    const guesser = new ApiClient(relay.origin);
    let guess = 0;
    const signIn = await triesBefore429(30, () => guesser.call('POST', '/api/user/login', { username: guess++ % 2 ? 'ann' : `someone-${guess}`, password: `guess-${Math.random()}` }));
    expect(signIn.before).toBeLessThanOrEqual(20);
    expect(signIn.statuses.slice(0, signIn.before).every((s) => s === 401 || s === 403)).toBe(true);
    const rightPassword = await guesser.call('POST', '/api/user/login', { username: 'ann', password: PASSWORD });
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.setCookie).toBeNull();
    figures.push(`sign-in ${signIn.before} (per IP, after the setup's own)`);
    cases += signIn.statuses.length + 1;

    await recordFigure({ scenario: 'authorisation: brute-force limits', store: store.name, runs: 1, cases, held: `429 after: ${figures.join(', ')}; the right secret refused once limited`, worst: 'none' });
  });
});
