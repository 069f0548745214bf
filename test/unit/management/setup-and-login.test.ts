import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const PASSWORD = 'correct horse battery';

describe('first run', () => {
  it('reports setup pending, then done; the secret backend and version are public', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    const before = await client.call('GET', '/api/status');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ success: true, data: { setup: false, secret_backend: 'encrypted-file', lan: false } });
    expect(before.json.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await client.call('GET', '/api/setup')).json.data).toMatchObject({ status: false, root_init: false });

    const setup = await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD });
    expect(setup.json).toMatchObject({ success: true });
    expect((await client.call('GET', '/api/status')).json.data.setup).toBe(true);
    expect((await client.call('GET', '/api/setup')).json.data).toMatchObject({ status: true, root_init: true });
  });

  it('creates the root account once only: later attempts change nothing', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD });
    const again = await client.call('POST', '/api/setup', { username: 'intruder', password: 'another password' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false });
    expect(again.json.message).toMatch(/already/);
    expect((await client.call('POST', '/api/user/login', { username: 'intruder', password: 'another password' })).status).toBe(401);
    const owner = await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    expect(owner.json.data).toMatchObject({ username: 'owner', role: 100 });
  });

  it('lets only one of several simultaneous setups win', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    const results = await Promise.all(
      ['a1', 'a2', 'a3', 'a4'].map((username) => client.call('POST', '/api/setup', { username, password: PASSWORD })),
    );
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it('explains what is wrong with the input, in the envelope', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    const shortPassword = await client.call('POST', '/api/setup', { username: 'owner', password: 'short' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.json).toEqual({ success: false, message: expect.stringMatching(/8 to 128/), data: null });
    const badName = await client.call('POST', '/api/setup', { username: 'has space', password: PASSWORD });
    expect(badName.json.message).toMatch(/username/);
    const notJson = await client.call('POST', '/api/setup', '{"username":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ success: false, message: expect.stringMatching(/not valid JSON/) });
    expect((await client.call('GET', '/api/status')).json.data.setup).toBe(false);
  });
});

describe("the console's first-run wizard", () => {
  async function ownerWithWizard(wizard: boolean) {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    expect((await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD, wizard })).json.success).toBe(true);
    await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    const wizardState = async () => (await client.call('GET', '/api/setup/wizard')).json.data;
    return { relay, client, wizardState };
  }

  it('resumes where it stopped, from any session, until it is finished', async () => {
    const { relay, client, wizardState } = await ownerWithWizard(true);
    expect(await wizardState()).toEqual({ step: 'channel', channel_skipped: false });
    // Another session (another browser) sees the same.
    const other = new ApiClient(relay.origin);
    await other.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    expect((await other.call('GET', '/api/setup/wizard')).json.data).toEqual({ step: 'channel', channel_skipped: false });

    const channel = await client.call('POST', '/api/channel/', { type: 1, name: 'first', key: 'k', base_url: 'http://127.0.0.1:9', models: 'm' });
    expect(channel.json.success).toBe(true);
    expect(await wizardState()).toEqual({ step: 'key', channel_skipped: false });

    expect((await client.call('PUT', '/api/setup/wizard', { step: 'done' })).json.data).toEqual({ step: null, channel_skipped: false });
    expect(await wizardState()).toEqual({ step: null, channel_skipped: false });
    // Over is over.
    await client.call('PUT', '/api/setup/wizard', { step: 'key' });
    expect(await wizardState()).toEqual({ step: null, channel_skipped: false });
  });

  it('remembers a skipped channel step, and ends once a key exists', async () => {
    const { client, wizardState } = await ownerWithWizard(true);
    expect((await client.call('PUT', '/api/setup/wizard', { step: 'key' })).json.data).toEqual({ step: 'key', channel_skipped: true });
    expect(await wizardState()).toEqual({ step: 'key', channel_skipped: true });
    await client.call('POST', '/api/token/', { name: 'first key', unlimited_quota: true });
    expect(await wizardState()).toEqual({ step: null, channel_skipped: false });
  });

  it('stays over once a key was made, even when that key is deleted later', async () => {
    const { client, wizardState } = await ownerWithWizard(true);
    const key = await client.call('POST', '/api/token/', { name: 'first key', unlimited_quota: true });
    // What the console does when the wizard's new-key dialog closes.
    expect((await client.call('PUT', '/api/setup/wizard', { step: 'done' })).json.data).toEqual({ step: null, channel_skipped: false });
    expect((await client.call('DELETE', `/api/token/${key.json.data.id}`)).json.success).toBe(true);
    expect(await wizardState()).toEqual({ step: null, channel_skipped: false });

    // A key made elsewhere (the Keys page, the API) ends it for good too, once the wizard is looked at.
    const other = await ownerWithWizard(true);
    const elsewhere = await other.client.call('POST', '/api/token/', { name: 'made on the keys page', unlimited_quota: true });
    expect(await other.wizardState()).toEqual({ step: null, channel_skipped: false });
    await other.client.call('DELETE', `/api/token/${elsewhere.json.data.id}`);
    expect(await other.wizardState()).toEqual({ step: null, channel_skipped: false });
  });

  it('never starts for an owner made without it, and is the owner\'s only', async () => {
    const { relay, wizardState } = await ownerWithWizard(false);
    expect(await wizardState()).toEqual({ step: null, channel_skipped: false });
    expect((await new ApiClient(relay.origin).call('GET', '/api/setup/wizard')).status).toBe(401);
  });
});

describe('login, session and access token', () => {
  it('signs in with a strict HttpOnly cookie and answers the user without secrets', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD });
    const login = await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.setCookie).toMatch(/^relaydesk_session=[^;]{20,};/);
    expect(login.setCookie).toMatch(/HttpOnly/i);
    expect(login.setCookie).toMatch(/SameSite=Strict/i);
    expect(login.setCookie).not.toMatch(/Secure/i); // plain http on loopback
    expect(Object.keys(login.json.data)).not.toContain('password_hash');
    expect(login.json.data.last_login_at).toBeGreaterThan(Date.now() - 60_000);

    const self = await client.call('GET', '/api/user/self');
    expect(self.json.data).toMatchObject({ username: 'owner', role: 100, status: 1 });
    expect(JSON.stringify(self.json)).not.toMatch(/scrypt|password/);
  });

  it('rejects a wrong password and an unknown user the same way', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD });
    const wrong = await client.call('POST', '/api/user/login', { username: 'owner', password: 'wrong password' });
    const unknown = await client.call('POST', '/api/user/login', { username: 'nobody', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.setCookie).toBeNull();
  });

  it('signs out: the cookie is cleared and the session no longer works anywhere', async () => {
    const relay = await startTestRelay();
    const client = await setupAndLogin(relay);
    const stolen = client.cookie;
    expect((await client.call('GET', '/api/user/logout')).json.success).toBe(true);
    expect(client.cookie).toBe('');
    const replay = await new ApiClient(relay.origin).call('GET', '/api/user/self', undefined, { cookie: stolen });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ success: false });
  });

  it('keeps the session across a restart of the relay', async () => {
    const first = await startTestRelay();
    const client = await setupAndLogin(first);
    await first.close();
    const second = await startTestRelay({ dataDir: first.dataDir });
    const self = await new ApiClient(second.origin).call('GET', '/api/user/self', undefined, { cookie: client.cookie });
    expect(self.json.data.username).toBe('owner');
  });

  it('issues a personal access token once; it authorises management calls and a new one replaces it', async () => {
    const relay = await startTestRelay();
    const client = await setupAndLogin(relay);
    const first = await client.call('GET', '/api/user/token');
    expect(first.json.data).toMatch(/^rdp_[A-Za-z0-9]{40}$/);
    expect(first.headers.get('cache-control')).toBe('no-store');

    const script = new ApiClient(relay.origin, { authorization: `Bearer ${first.json.data}` });
    expect((await script.call('GET', '/api/user/self')).json.data.username).toBe('owner');
    expect((await client.call('GET', '/api/user/self')).json.data.has_access_token).toBe(true);

    const second = await client.call('GET', '/api/user/token');
    expect(second.json.data).not.toBe(first.json.data);
    expect((await script.call('GET', '/api/user/self')).status).toBe(401);
    const bad = new ApiClient(relay.origin, { authorization: 'Bearer rdp_not-a-token' });
    expect((await bad.call('GET', '/api/user/self')).status).toBe(401);
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const relay = await startTestRelay();
    const client = await setupAndLogin(relay);
    const other = new ApiClient(relay.origin);
    await other.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    const wrong = await client.call('PUT', '/api/user/self/password', { current_password: 'not it', new_password: 'a new long password' });
    expect(wrong.status).toBe(403);
    const short = await client.call('PUT', '/api/user/self/password', { current_password: PASSWORD, new_password: 'short' });
    expect(short.status).toBe(400);
    const changed = await client.call('PUT', '/api/user/self/password', { current_password: PASSWORD, new_password: 'a new long password' });
    expect(changed.json.success, changed.text).toBe(true);
    expect((await client.call('GET', '/api/user/self')).status).toBe(200);
    expect((await other.call('GET', '/api/user/self')).status).toBe(401);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'owner', password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'owner', password: 'a new long password' })).status).toBe(200);
  });

  it('refuses a changing call made with the cookie from another origin', async () => {
    const relay = await startTestRelay();
    const client = await setupAndLogin(relay);
    const forged = await client.call('GET', '/api/user/token', undefined, { origin: 'https://evil.example' });
    expect(forged.status).toBe(200); // GET is safe: the attacker cannot read the answer
    const post = await client.call('POST', '/api/user/logout', undefined, { origin: 'https://evil.example' });
    expect(post.status).toBe(403);
    const same = await client.call('POST', '/api/user/logout', undefined, { origin: relay.origin });
    expect(same.status).toBe(200);
  });

  it('limits login attempts to 20 per 20 minutes per IP, then answers 429 with Retry-After', async () => {
    const relay = await startTestRelay();
    const client = new ApiClient(relay.origin);
    await client.call('POST', '/api/setup', { username: 'owner', password: PASSWORD }); // counts as one attempt
    const attempts = [];
    // Guessed across names, so the limit per account (10) does not come first.
    for (let i = 0; i < 19; i++) {
      attempts.push((await client.call('POST', '/api/user/login', { username: i % 2 ? 'owner' : `someone-${i}`, password: `guess ${i}` })).status);
    }
    expect(attempts.every((status) => status === 401)).toBe(true);
    const limited = await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(1100);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(1200);
    expect(limited.json).toMatchObject({ success: false, message: expect.stringMatching(/Too many attempts/) });
    expect(limited.setCookie).toBeNull(); // even the right password is refused while limited
  });

  it('limits wrong passwords to 10 per 15 minutes per account, whatever the address; a right one clears the count', async () => {
    const relay = await startTestRelay();
    const owner = await setupAndLogin(relay);
    expect((await owner.call('PUT', '/api/option', { values: { critical_rate_limit: 10_000 } })).json.success).toBe(true); // the limit per IP out of the way
    const guesser = new ApiClient(relay.origin);
    // Nine wrong, then the right one: the count starts again.
    for (let i = 0; i < 9; i++) expect((await guesser.call('POST', '/api/user/login', { username: 'owner', password: `typo ${i}` })).status).toBe(401);
    expect((await guesser.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await guesser.call('POST', '/api/user/login', { username: 'owner', password: `guess ${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const limited = await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'OWNER ', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.setCookie).toBeNull();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(limited.json).toMatchObject({ success: false, message: expect.stringMatching(/Too many wrong passwords for this account/) });
    // A name that does not exist runs out the same way (the limit tells nothing of which names exist).
    const unknown = [];
    for (let i = 0; i < 11; i++) unknown.push((await guesser.call('POST', '/api/user/login', { username: 'nobody', password: `guess ${i}` })).status);
    expect(unknown).toEqual([...Array(10).fill(401), 429]);
  });
});
