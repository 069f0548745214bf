import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../../../relay/auth/totp.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import type { TestRelay } from '../../helpers/relay.js';
import { enableTwoFactor, stepCodes, wrongCode } from '../../helpers/two-factor.js';

const PASSWORD = 'correct horse battery';

afterEach(() => {
  vi.useRealTimers();
});

async function signedIn() {
  const relay = await startTestRelay();
  const client = await setupAndLogin(relay, 'owner', PASSWORD);
  return { relay, client };
}

/** Every file of the data folder, as text. */
async function dataFolderText(relay: TestRelay): Promise<string> {
  const entries = await readdir(relay.dataDir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'latin1')))).join('\n');
}

/** The first sign-in step: answers the pending token (and checks no session started). */
async function passwordStep(relay: TestRelay) {
  const client = new ApiClient(relay.origin);
  const login = await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  expect(login.json.data).toMatchObject({ require_2fa: true, pending_token: expect.any(String) });
  expect(login.setCookie).toBeNull();
  return { client, token: login.json.data.pending_token as string };
}

describe('two-step verification: setup and enable', () => {
  it('answers a secret, its otpauth:// URI and a QR image; it is on only after a valid code, and the seed is never stored in clear', async () => {
    const { relay, client } = await signedIn();
    const setup = await client.call('POST', '/api/user/2fa/setup', {});
    expect(setup.status, setup.text).toBe(200);
    const { secret, uri, qr_code } = setup.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Relaydesk:owner\?/);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ secret, issuer: 'Relaydesk', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    expect((await client.call('GET', '/api/user/2fa/status')).json.data).toEqual({ enabled: false, pending: true, backup_codes_left: 0 });

    const wrong = await client.call('POST', '/api/user/2fa/enable', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ success: false, message: 'Wrong code.' });
    expect((await client.call('GET', '/api/user/2fa/status')).json.data.enabled).toBe(false);
    // Still off: the password alone signs in.
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'owner', password: PASSWORD })).setCookie).toContain('relaydesk_session=');

    const enable = await client.call('POST', '/api/user/2fa/enable', { code: (await stepCodes(secret)).current });
    expect(enable.status, enable.text).toBe(200);
    const codes = enable.json.data.backup_codes as string[];
    expect(codes).toHaveLength(4);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await client.call('GET', '/api/user/2fa/status')).json.data).toEqual({ enabled: true, pending: false, backup_codes_left: 4 });

    await relay.close();
    const stored = await dataFolderText(relay);
    expect(stored).not.toContain(secret);
    for (const code of codes) expect(stored).not.toContain(code);
    expect(relay.logged.join('\n')).not.toContain(secret);
  });

  it('accepts the codes of the step before and after the current one, not two steps away', async () => {
    const { client } = await signedIn();
    const secret = (await client.call('POST', '/api/user/2fa/setup', {})).json.data.secret;
    await stepCodes(secret);
    expect((await client.call('POST', '/api/user/2fa/enable', { code: totpCode(secret, Date.now() - 60_000) })).status).toBe(403);
    expect((await client.call('POST', '/api/user/2fa/enable', { code: totpCode(secret, Date.now() + 60_000) })).status).toBe(403);
    expect((await client.call('POST', '/api/user/2fa/enable', { code: (await stepCodes(secret)).previous })).status).toBe(200);
    // The next step's code is good once two-step verification is on.
    const verify = await client.call('POST', '/api/verify', { method: 'totp', code: (await stepCodes(secret)).next });
    expect(verify.status, verify.text).toBe(200);
  });

  it('refuses a new setup while it is on, and needs a setup before enable', async () => {
    const { client } = await signedIn();
    expect((await client.call('POST', '/api/user/2fa/enable', { code: '123456' })).status).toBe(409);
    await enableTwoFactor(client);
    const again = await client.call('POST', '/api/user/2fa/setup', {});
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('already on');
  });
});

describe('two-step verification: sign-in', () => {
  it('asks for the code after the password (no session yet), and signs in with it; the same code is refused the second time', async () => {
    const { relay, client } = await signedIn();
    const { secret } = await enableTwoFactor(client);
    const { client: browser, token } = await passwordStep(relay);
    expect((await browser.call('GET', '/api/user/self')).status).toBe(401);

    const wrong = await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code: await wrongCode(secret) });
    expect(wrong.status).toBe(403);
    expect(wrong.setCookie).toBeNull();

    const code = (await stepCodes(secret)).current;
    const second = await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code });
    expect(second.status, second.text).toBe(200);
    expect(second.json.data).toMatchObject({ username: 'owner' });
    expect(second.setCookie).toContain('relaydesk_session=');
    expect((await browser.call('GET', '/api/user/self')).json.data.username).toBe('owner');

    const other = await passwordStep(relay);
    const replay = await other.client.call('POST', '/api/user/login/2fa', { pending_token: other.token, code });
    expect(replay.status).toBe(403);
    expect(replay.json.message).toContain('already used');

    await expect.poll(async () => JSON.stringify((await client.call('GET', '/api/log/?type=7&page_size=50')).json.data)).toContain('signed in with a two-step code');
  });

  it('signs in with a backup code, each once; new backup codes replace the old ones', async () => {
    const { relay, client } = await signedIn();
    const { secret, backupCodes } = await enableTwoFactor(client);
    const first = await passwordStep(relay);
    const used = await first.client.call('POST', '/api/user/login/2fa', { pending_token: first.token, code: backupCodes[0]!.toLowerCase() });
    expect(used.status, used.text).toBe(200);
    expect((await client.call('GET', '/api/user/2fa/status')).json.data.backup_codes_left).toBe(3);

    const again = await passwordStep(relay);
    expect((await again.client.call('POST', '/api/user/login/2fa', { pending_token: again.token, code: backupCodes[0] })).status).toBe(403);

    const renewed = await client.call('POST', '/api/user/2fa/backup_codes', { code: (await stepCodes(secret)).current });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = renewed.json.data.backup_codes as string[];
    expect(fresh).toHaveLength(4);
    expect((await again.client.call('POST', '/api/user/login/2fa', { pending_token: again.token, code: backupCodes[1] })).status).toBe(403);
    expect((await again.client.call('POST', '/api/user/login/2fa', { pending_token: again.token, code: fresh[0] })).status).toBe(200);
  });

  it('refuses a pending token that was tampered with, or whose password changed since', async () => {
    const { relay, client } = await signedIn();
    const { secret } = await enableTwoFactor(client);
    const { client: browser, token } = await passwordStep(relay);
    const [id, expires, signature] = token.split('.');
    const later = `${id}.${Number(expires) + 3_600_000}.${signature}`;
    const codes = await stepCodes(secret);
    expect((await browser.call('POST', '/api/user/login/2fa', { pending_token: later, code: codes.current })).status).toBe(401);
    expect((await browser.call('POST', '/api/user/login/2fa', { pending_token: 'garbage', code: codes.current })).status).toBe(401);

    expect((await client.call('PUT', '/api/user/self/password', { current_password: PASSWORD, new_password: 'another good password' })).status).toBe(200);
    const stale = await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code: codes.current });
    expect(stale.status).toBe(401);
    expect(stale.json.message).toContain('expired');
  });

  it('lets the pending sign-in lapse after 5 minutes', async () => {
    const { relay, client } = await signedIn();
    const { secret } = await enableTwoFactor(client);
    const { client: browser, token } = await passwordStep(relay);
    const later = Date.now() + 5 * 60_000 + 1_000;
    // Only the clock moves on (timers stay real): the relay runs in this process.
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    const late = await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code: totpCode(secret, later) });
    expect(late.status).toBe(401);
    expect(late.json.message).toContain('expired');
  });

  it('locks codes for 5 minutes after 5 wrong ones: even the right code is refused (429 with the time left), then works again', async () => {
    const { relay, client } = await signedIn();
    const { secret } = await enableTwoFactor(client);
    const { client: browser, token } = await passwordStep(relay);
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 5; i++) expect((await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code: wrong })).status).toBe(403);
    const locked = await browser.call('POST', '/api/user/login/2fa', { pending_token: token, code: (await stepCodes(secret)).current });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toContain('locked');
    const retryAfter = Number(locked.headers.get('retry-after'));
    // Five minutes from the fifth wrong code.
    expect(retryAfter).toBeGreaterThan(280);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(locked.setCookie).toBeNull();
    // The lock is the user's, not the route's: security verification with a code is locked too.
    expect((await client.call('POST', '/api/verify', { method: 'totp', code: (await stepCodes(secret)).next })).status).toBe(429);
    // Still locked 4 minutes on; a right code works again once the 5 minutes are over (only the clock moves).
    const lockedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: lockedAt + 4 * 60_000 });
    expect((await client.call('POST', '/api/verify', { method: 'totp', code: totpCode(secret, Date.now()) })).status).toBe(429);
    vi.setSystemTime(lockedAt + 5 * 60_000 + 1_000);
    const after = await client.call('POST', '/api/verify', { method: 'totp', code: totpCode(secret, Date.now()) });
    expect(after.status, after.text).toBe(200);
  });
});

describe('two-step verification: disable', () => {
  it('needs a security verification and a code; then the password alone signs in again and codes verify nothing', async () => {
    const { relay, client } = await signedIn();
    const { secret } = await enableTwoFactor(client);
    const code = (await stepCodes(secret)).current;
    const unverified = await client.call('POST', '/api/user/2fa/disable', { code });
    expect(unverified.status).toBe(403);
    expect(unverified.headers.get('x-verification-required')).toBe('1');

    const verify = await client.call('POST', '/api/verify', { method: 'totp', code });
    expect(verify.status, verify.text).toBe(200);
    const proof = { 'X-Verification-Proof': verify.json.data.proof };
    expect((await client.call('POST', '/api/user/2fa/disable', { code: await wrongCode(secret) }, proof)).status).toBe(403);
    const off = await client.call('POST', '/api/user/2fa/disable', { code }, proof);
    expect(off.status, off.text).toBe(200);
    expect((await client.call('GET', '/api/user/2fa/status')).json.data).toEqual({ enabled: false, pending: false, backup_codes_left: 0 });
    const login = await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    expect(login.json.data).toMatchObject({ username: 'owner' });
    expect(login.setCookie).toContain('relaydesk_session=');
    expect((await client.call('POST', '/api/verify', { method: 'totp', code: (await stepCodes(secret)).next })).status).toBe(403);
  });
});
