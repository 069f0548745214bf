import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';
import { enableTwoFactor, stepCodes } from '../../helpers/two-factor.js';

const PASSWORD = 'correct horse battery';
const KEY = 'sk-verified-reveal-only-aaaaaaaa';

/** An owner signed in, with one channel whose key is KEY. */
async function ownerWithChannel() {
  const relay = await startTestRelay();
  const owner = await setupAndLogin(relay, 'owner', PASSWORD);
  const created = await owner.call('POST', '/api/channel/', { type: 1, key: KEY, models: 'm', base_url: 'http://127.0.0.1:9' });
  expect(created.json?.success, created.text).toBe(true);
  return { relay, owner, channel: created.json.data.id as number };
}

async function signIn(relay: TestRelay, username: string, password: string) {
  const client = new ApiClient(relay.origin);
  const login = await client.call('POST', '/api/user/login', { username, password });
  expect(login.json?.success, login.text).toBe(true);
  return client;
}

const proofHeader = (proof: string) => ({ 'X-Verification-Proof': proof });

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/verify', () => {
  it('takes the password when nothing else is set up, and answers a proof for 5 minutes that reveals a channel key (each reveal logged)', async () => {
    const { owner, channel } = await ownerWithChannel();
    expect((await owner.call('GET', '/api/verify')).json.data).toEqual({ methods: ['password'] });
    const wrong = await owner.call('POST', '/api/verify', { method: 'password', password: 'not it' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('proof"');

    const unverified = await owner.call('POST', `/api/channel/${channel}/key`, {});
    expect(unverified.status).toBe(403);
    expect(unverified.headers.get('x-verification-required')).toBe('1');
    expect(unverified.text).not.toContain(KEY);

    const before = Date.now();
    const verify = await owner.call('POST', '/api/verify', { method: 'password', password: PASSWORD });
    expect(verify.status, verify.text).toBe(200);
    const { proof, expires_at } = verify.json.data;
    expect(expires_at).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(expires_at).toBeLessThanOrEqual(Date.now() + 5 * 60_000);

    for (let i = 0; i < 2; i++) {
      const shown = await owner.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof));
      expect(shown.status, shown.text).toBe(200);
      expect(shown.json.data.keys).toEqual([KEY]);
    }
    await expect
      .poll(async () => (await owner.call('GET', '/api/log/?type=3&page_size=100')).json.data.items.filter((r: { content: string }) => r.content.startsWith('revealed the keys')).length)
      .toBe(2);
  });

  it('binds the proof to its user and session: another session, another user or a changed proof is refused', async () => {
    const { relay, channel } = await ownerWithChannel();
    await relay.close();
    await seedUsers(relay.dataDir, [{ username: 'admin2', role: 10 }]);
    const restarted = await startTestRelay({ dataDir: relay.dataDir });
    const laptop = await signIn(restarted, 'owner', PASSWORD);
    const phone = await signIn(restarted, 'owner', PASSWORD);
    const other = await signIn(restarted, 'admin2', 'admin2-password-1');
    const proof = (await laptop.call('POST', '/api/verify', { method: 'password', password: PASSWORD })).json.data.proof as string;

    expect((await laptop.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof))).status).toBe(200);
    for (const client of [phone, other]) {
      const refused = await client.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-verification-required')).toBe('1');
    }
    const [id, expires, signature] = proof.split('.');
    for (const forged of [`${id}.${Number(expires) + 600_000}.${signature}`, `${id}.${expires}.${signature!.slice(0, -2)}AA`, 'x']) {
      expect((await laptop.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(forged))).status).toBe(403);
    }
  });

  it('stops holding after 5 minutes', async () => {
    const { owner, channel } = await ownerWithChannel();
    const proof = (await owner.call('POST', '/api/verify', { method: 'password', password: PASSWORD })).json.data.proof as string;
    expect((await owner.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof))).status).toBe(200);
    // Only the clock moves on (timers stay real): the relay runs in this process.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1_000 });
    const late = await owner.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof));
    expect(late.status).toBe(403);
    expect(late.json.message).toContain('expired');
  });

  it('works for scripts with the personal access token, bound to that token', async () => {
    const { relay, owner, channel } = await ownerWithChannel();
    const token = (await owner.call('GET', '/api/user/token')).json.data as string;
    const script = new ApiClient(relay.origin, { authorization: `Bearer ${token}` });
    const verify = await script.call('POST', '/api/verify', { method: 'password', password: PASSWORD });
    expect(verify.status, verify.text).toBe(200);
    const proof = verify.json.data.proof as string;
    expect((await script.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof))).json.data?.keys).toEqual([KEY]);
    // Not with the session, and not once the token is replaced.
    expect((await owner.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof))).status).toBe(403);
    const replaced = (await owner.call('GET', '/api/user/token')).json.data as string;
    const newScript = new ApiClient(relay.origin, { authorization: `Bearer ${replaced}` });
    expect((await newScript.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(proof))).status).toBe(403);
  });

  it('with two-step verification on, needs a code: the password is refused, in /api/verify and in the reveal', async () => {
    const { owner, channel } = await ownerWithChannel();
    const { secret } = await enableTwoFactor(owner);
    expect((await owner.call('GET', '/api/verify')).json.data).toEqual({ methods: ['totp'] });
    const byPassword = await owner.call('POST', '/api/verify', { method: 'password', password: PASSWORD });
    expect(byPassword.status).toBe(403);
    expect(byPassword.json.message).toContain('two-step code');
    expect((await owner.call('POST', `/api/channel/${channel}/key`, { password: PASSWORD })).status).toBe(403);

    const verify = await owner.call('POST', '/api/verify', { method: 'totp', code: (await stepCodes(secret)).current });
    expect(verify.status, verify.text).toBe(200);
    const shown = await owner.call('POST', `/api/channel/${channel}/key`, {}, proofHeader(verify.json.data.proof));
    expect(shown.json.data?.keys).toEqual([KEY]);
  });

  it('a user without two-step verification cannot verify with a code', async () => {
    const { owner } = await ownerWithChannel();
    const answer = await owner.call('POST', '/api/verify', { method: 'totp', code: '123456' });
    expect(answer.status).toBe(403);
    expect(answer.json.message).toContain('no two-step verification');
  });

  it('limits password verifications to 10 per user per 5 minutes', async () => {
    const { owner } = await ownerWithChannel();
    for (let i = 0; i < 10; i++) expect((await owner.call('POST', '/api/verify', { method: 'password', password: `wrong ${i}` })).status).toBe(403);
    const limited = await owner.call('POST', '/api/verify', { method: 'password', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  });

  it('is listed in /api/openapi.json under its tag, with the two-step verification routes under theirs', async () => {
    const { owner } = await ownerWithChannel();
    const document = (await owner.call('GET', '/api/openapi.json')).json;
    const tagsOf = (path: string, method: string) => document.paths[path]?.[method]?.tags;
    expect(tagsOf('/api/verify', 'post')).toEqual(['security verification']);
    for (const [path, method] of [
      ['/api/user/2fa/setup', 'post'],
      ['/api/user/2fa/enable', 'post'],
      ['/api/user/2fa/disable', 'post'],
      ['/api/user/2fa/status', 'get'],
      ['/api/user/2fa/backup_codes', 'post'],
      ['/api/user/login/2fa', 'post'],
    ]) {
      expect(tagsOf(path!, method!), path).toEqual(['two-step verification']);
    }
  });
});
