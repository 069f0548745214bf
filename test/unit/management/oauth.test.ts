// OAuth sign-in over HTTP, against a real OpenID Connect provider and a fake GitHub on
// loopback: sign-in, registration through a provider (policy permitting), linking and
// unlinking, and the checks that refuse a forged or misdirected answer.
import { describe, expect, it } from 'vitest';
import { outcome, RedirectBrowser, startFakeGithub, startOidcProvider } from '../../helpers/oauth-providers.js';
import { PASSWORD } from '../../helpers/people.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { enableTwoFactor, stepCodes } from '../../helpers/two-factor.js';

async function relayWithProviders(settings: Record<string, unknown> = {}) {
  const relay = await startTestRelay();
  const root = await setupAndLogin(relay, 'root', 'root-password-1');
  const oidc = await startOidcProvider(relay.origin);
  const github = await startFakeGithub();
  const saved = await root.call('PUT', '/api/option/', { values: { ...oidc.settings, ...github.settings, ...settings } });
  expect(saved.json.success, saved.text).toBe(true);
  const onConsole = (url: URL) => url.origin === relay.origin && !url.pathname.startsWith('/api/');
  /** A whole sign-in (or link) in `browser`, from the relay's start URL back to the console. */
  const flow = async (browser: RedirectBrowser, path: string) => outcome(await browser.follow(relay.origin + path, onConsole));
  const makeUser = async (username: string) => {
    const made = await root.call('POST', '/api/user/', { username, password: PASSWORD, role: 1 });
    expect(made.json.success, made.text).toBe(true);
    return made.json.data.id as number;
  };
  return { relay, root, oidc, github, flow, onConsole, makeUser };
}

async function users(root: ApiClient) {
  return (await root.call('GET', '/api/user/?page_size=100')).json.data.items as Array<{ id: number; username: string; email: string; quota: number; inviter_id: number }>;
}

/** A browser signed in with a password, as the console signs in. */
async function signedInBrowser(origin: string, username: string) {
  const browser = new RedirectBrowser();
  const login = await fetch(`${origin}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  expect(login.status).toBe(200);
  const [pair] = login.headers.getSetCookie()[0]!.split(';');
  const eq = pair!.indexOf('=');
  browser.cookies(origin).set(pair!.slice(0, eq), pair!.slice(eq + 1));
  return browser;
}

describe('OAuth providers in settings and status', () => {
  it('GET /api/status lists only the providers whose client id and secret are both set; the secrets are never answered', async () => {
    const relay = await startTestRelay();
    const root = await setupAndLogin(relay, 'root', 'root-password-1');
    const features = async () => (await new ApiClient(relay.origin).call('GET', '/api/status')).json.data.features;
    expect(await features()).toMatchObject({ oauth: false, oauth_providers: [] });
    await root.call('PUT', '/api/option/', { values: { github_client_id: 'gh-id', oidc_issuer_url: 'https://sso.example.com', oidc_client_id: 'relay', oidc_name: 'Example SSO' } });
    expect((await features()).oauth_providers).toEqual([]);
    await root.call('PUT', '/api/option/', { values: { github_client_secret: 'gh-secret-value', oidc_client_secret: 'oidc-secret-value' } });
    expect(await features()).toMatchObject({ oauth: true, oauth_providers: [{ id: 'github', label: 'GitHub' }, { id: 'oidc', label: 'Example SSO' }] });
    await root.call('PUT', '/api/option/', { values: { github_client_secret: null } });
    expect((await features()).oauth_providers).toEqual([{ id: 'oidc', label: 'Example SSO' }]);
    const options = await root.call('GET', '/api/option/');
    expect(options.text).not.toContain('oidc-secret-value');
    expect(options.text).toContain('oidc_client_secret');
  });

  it('starting a provider that is not set up goes back to the sign-in page saying so', async () => {
    const relay = await startTestRelay();
    await setupAndLogin(relay, 'root', 'root-password-1');
    const end = outcome(await new RedirectBrowser().follow(`${relay.origin}/api/oauth/github`, (url) => url.origin === relay.origin && !url.pathname.startsWith('/api/')));
    expect(end).toMatchObject({ path: '/', oauth_error: expect.stringContaining('not set up') });
  });
});

describe('OpenID Connect sign-in', () => {
  it('registers a new user when registration is open (username and verified email from the provider, starting quota), then signs the same user in again', async () => {
    const { relay, root, oidc, flow } = await relayWithProviders({ registration_policy: 'open', new_user_quota: 100_000 });
    oidc.addAccount('sub-carol', { preferred_username: 'carol', email: 'carol@example.com', email_verified: true });
    oidc.signInAs('sub-carol');
    const browser = new RedirectBrowser();
    const start = await browser.follow(`${relay.origin}/api/oauth/oidc`, (url) => url.origin === oidc.issuer);
    expect(Object.fromEntries(start.searchParams)).toMatchObject({ client_id: 'relaydesk', code_challenge_method: 'S256', nonce: expect.any(String), state: expect.any(String), redirect_uri: `${relay.origin}/api/oauth/oidc/callback` });
    expect(await flow(browser, '/api/oauth/oidc')).toEqual({ path: '/' });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ username: 'carol', quota: 100_000 });
    expect((await browser.api(relay.origin, 'GET', '/api/user/oauth')).json.data).toEqual([
      { provider: 'github', label: 'GitHub', linked: null },
      { provider: 'oidc', label: 'Test SSO', linked: { name: 'carol@example.com', linked_at: expect.any(Number) } },
    ]);
    const carol = (await users(root)).find((u) => u.username === 'carol');
    expect(carol).toMatchObject({ email: 'carol@example.com' });

    const again = new RedirectBrowser();
    expect(await flow(again, '/api/oauth/oidc')).toEqual({ path: '/' });
    expect((await again.api(relay.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ id: carol!.id, username: 'carol' });
    expect((await users(root)).filter((u) => u.username.startsWith('carol'))).toHaveLength(1);
  });

  it('makes a taken username unique', async () => {
    const { relay, oidc, flow, makeUser } = await relayWithProviders({ registration_policy: 'open' });
    await makeUser('dave');
    oidc.addAccount('sub-dave', { preferred_username: 'dave' });
    oidc.signInAs('sub-dave');
    const browser = new RedirectBrowser();
    expect(await flow(browser, '/api/oauth/oidc')).toEqual({ path: '/' });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).json.data.username).toBe('dave-2');
  });

  it('refuses to register while registration is closed (the default), and makes no user', async () => {
    const { relay, root, oidc, flow } = await relayWithProviders();
    oidc.addAccount('sub-erin', { preferred_username: 'erin' });
    oidc.signInAs('sub-erin');
    const browser = new RedirectBrowser();
    expect(await flow(browser, '/api/oauth/oidc')).toEqual({ path: '/', oauth_error: expect.stringContaining('registration is closed') });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
    expect((await users(root)).map((u) => u.username)).toEqual(['root']);
  });

  it('by invitation: needs the invitation code given at the start, and credits the inviter', async () => {
    const { relay, root, oidc, flow } = await relayWithProviders({ registration_policy: 'invite' });
    oidc.addAccount('sub-frank', { preferred_username: 'frank' });
    oidc.signInAs('sub-frank');
    expect(await flow(new RedirectBrowser(), '/api/oauth/oidc')).toMatchObject({ oauth_error: expect.stringContaining('by invitation') });
    const affCode = (await root.call('GET', '/api/user/aff')).json.data.aff_code as string;
    const browser = new RedirectBrowser();
    expect(await flow(browser, `/api/oauth/oidc?aff_code=${encodeURIComponent(affCode)}`)).toEqual({ path: '/' });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).json.data.username).toBe('frank');
    const rootId = (await root.call('GET', '/api/user/self')).json.data.id;
    expect((await users(root)).find((u) => u.username === 'frank')).toMatchObject({ inviter_id: rootId });
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { relay, oidc, onConsole, makeUser } = await relayWithProviders({ registration_policy: 'open' });
    await makeUser('gina');
    oidc.addAccount('sub-gina', { preferred_username: 'gina' });
    oidc.signInAs('sub-gina');
    const browser = new RedirectBrowser();
    const atProvider = await browser.follow(`${relay.origin}/api/oauth/oidc`, (url) => url.origin === oidc.issuer);
    atProvider.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const end = outcome(await browser.follow(atProvider.href, onConsole));
    expect(end).toMatchObject({ path: '/', oauth_error: expect.stringMatching(/"nonce"/) });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
  });

  it('refuses an ID token issued for another client (audience), though signed by the provider', async () => {
    const { relay, root, oidc, flow } = await relayWithProviders({ registration_policy: 'open' });
    oidc.addAccount('sub-hank', { preferred_username: 'hank' });
    oidc.signInAs('sub-hank');
    oidc.forgeNextIdToken((claims) => ({ ...claims, aud: 'another-client' }));
    const browser = new RedirectBrowser();
    expect(await flow(browser, '/api/oauth/oidc')).toMatchObject({ path: '/', oauth_error: expect.stringMatching(/audience/) });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
    expect((await users(root)).map((u) => u.username)).toEqual(['root']);
  });

  it('refuses an answer whose state is not the one this browser started with, or that reaches a browser that started nothing', async () => {
    const { relay, oidc, onConsole } = await relayWithProviders({ registration_policy: 'open' });
    oidc.addAccount('sub-ivy', { preferred_username: 'ivy' });
    oidc.signInAs('sub-ivy');
    const browser = new RedirectBrowser();
    const atProvider = await browser.follow(`${relay.origin}/api/oauth/oidc`, (url) => url.origin === oidc.issuer);
    atProvider.searchParams.set('state', 'state-of-another-sign-in');
    expect(outcome(await browser.follow(atProvider.href, onConsole))).toMatchObject({ oauth_error: expect.stringContaining('state mismatch') });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);

    // A callback carried to another browser (login CSRF): its flow cookie is missing there.
    const victim = new RedirectBrowser();
    const started = new RedirectBrowser();
    const callback = await started.follow(`${relay.origin}/api/oauth/oidc`, (url) => url.pathname === '/api/oauth/oidc/callback');
    expect(outcome(await victim.follow(callback.href, onConsole))).toMatchObject({ oauth_error: expect.stringContaining('started in another browser') });
    expect((await victim.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
  });
});

describe('GitHub sign-in, linking and unlinking', () => {
  it('links to the signed-in user from the profile, then signs that user in; another user cannot link the same GitHub account', async () => {
    const { relay, github, flow, makeUser } = await relayWithProviders();
    const aliceId = await makeUser('alice');
    await makeUser('bob');
    github.addUser({ id: 4242, login: 'alice-gh', email: 'alice@example.com' });
    github.signInAs(4242);

    const alice = await signedInBrowser(relay.origin, 'alice');
    expect(await flow(alice, '/api/oauth/github?intent=link')).toEqual({ path: '/profile', oauth_linked: 'github' });
    expect((await alice.api(relay.origin, 'GET', '/api/user/oauth')).json.data[0]).toMatchObject({ provider: 'github', linked: { name: 'alice-gh' } });

    const fresh = new RedirectBrowser();
    expect(await flow(fresh, '/api/oauth/github')).toEqual({ path: '/' });
    expect((await fresh.api(relay.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ id: aliceId, username: 'alice' });

    const bob = await signedInBrowser(relay.origin, 'bob');
    expect(await flow(bob, '/api/oauth/github?intent=link')).toEqual({ path: '/profile', oauth_error: expect.stringContaining('linked to another user') });
    expect((await bob.api(relay.origin, 'GET', '/api/user/oauth')).json.data[0].linked).toBeNull();
  });

  it('a link needs a signed-in user', async () => {
    const { github, flow } = await relayWithProviders();
    github.addUser({ id: 7, login: 'nobody' });
    github.signInAs(7);
    expect(await flow(new RedirectBrowser(), '/api/oauth/github?intent=link')).toMatchObject({ path: '/profile', oauth_error: expect.stringContaining('Sign in first') });
  });

  it('unlinking the last way besides the password needs the password; after it, GitHub no longer signs the user in', async () => {
    const { relay, github, flow, makeUser } = await relayWithProviders();
    await makeUser('alice');
    github.addUser({ id: 5150, login: 'alice-gh' });
    github.signInAs(5150);
    const alice = await signedInBrowser(relay.origin, 'alice');
    expect(await flow(alice, '/api/oauth/github?intent=link')).toMatchObject({ oauth_linked: 'github' });

    const bare = await alice.api(relay.origin, 'POST', '/api/user/oauth/github/unlink', {});
    expect([bare.status, bare.json.message]).toEqual([403, expect.stringContaining('enter your password')]);
    const wrong = await alice.api(relay.origin, 'POST', '/api/user/oauth/github/unlink', { password: 'not-the-password' });
    expect([wrong.status, wrong.json.message]).toEqual([403, 'Wrong password.']);
    const unlinked = await alice.api(relay.origin, 'POST', '/api/user/oauth/github/unlink', { password: PASSWORD });
    expect(unlinked.json, JSON.stringify(unlinked.json)).toMatchObject({ success: true });
    expect((await alice.api(relay.origin, 'POST', '/api/user/oauth/github/unlink', { password: PASSWORD })).status).toBe(404);

    const fresh = new RedirectBrowser();
    expect(await flow(fresh, '/api/oauth/github')).toMatchObject({ oauth_error: expect.stringContaining('registration is closed') });
    expect((await fresh.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
  });

  it('registers through GitHub with its verified primary email; an email another account has is refused', async () => {
    const { relay, root, github, flow } = await relayWithProviders({ registration_policy: 'open', email_verification: true });
    github.addUser({ id: 1, login: 'nomail' });
    github.signInAs(1);
    expect(await flow(new RedirectBrowser(), '/api/oauth/github')).toMatchObject({ oauth_error: expect.stringContaining('verified email') });
    github.addUser({ id: 2, login: 'kim', email: 'kim@example.com' });
    github.signInAs(2);
    const kim = new RedirectBrowser();
    expect(await flow(kim, '/api/oauth/github')).toEqual({ path: '/' });
    expect((await kim.api(relay.origin, 'GET', '/api/user/self')).json.data).toMatchObject({ username: 'kim' });
    github.addUser({ id: 3, login: 'kim-again', email: 'KIM@example.com' });
    github.signInAs(3);
    expect(await flow(new RedirectBrowser(), '/api/oauth/github')).toMatchObject({ oauth_error: expect.stringContaining('exists already') });
    expect((await users(root)).map((u) => u.username).sort()).toEqual(['kim', 'root']);
  });

  it('a disabled user cannot sign in through GitHub', async () => {
    const { relay, root, github, flow, makeUser } = await relayWithProviders();
    const aliceId = await makeUser('alice');
    github.addUser({ id: 99, login: 'alice-gh' });
    github.signInAs(99);
    expect(await flow(await signedInBrowser(relay.origin, 'alice'), '/api/oauth/github?intent=link')).toMatchObject({ oauth_linked: 'github' });
    expect((await root.call('POST', '/api/user/manage', { id: aliceId, action: 'disable' })).json.success).toBe(true);
    const browser = new RedirectBrowser();
    expect(await flow(browser, '/api/oauth/github')).toMatchObject({ oauth_error: 'This account is disabled.' });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
  });

  it("a deleted user's GitHub account is free again: signing in with it registers a new account (registration open)", async () => {
    const { relay, root, github, flow, makeUser } = await relayWithProviders({ registration_policy: 'open' });
    const aliceId = await makeUser('alice');
    github.addUser({ id: 77, login: 'alice-gh' });
    github.signInAs(77);
    expect(await flow(await signedInBrowser(relay.origin, 'alice'), '/api/oauth/github?intent=link')).toMatchObject({ oauth_linked: 'github' });
    expect((await root.call('DELETE', `/api/user/${aliceId}`)).json.success).toBe(true);
    const browser = new RedirectBrowser();
    await flow(browser, '/api/oauth/github');
    const self = await browser.api(relay.origin, 'GET', '/api/user/self');
    expect(self.status).toBe(200);
    expect(self.json.data.id).not.toBe(aliceId);
    expect(self.json.data.username).toBe('alice-gh');
  });

  it('with two-step verification on, GitHub sign-in still asks for the code: no session until it is given', async () => {
    const { relay, github, flow, makeUser } = await relayWithProviders();
    await makeUser('alice');
    github.addUser({ id: 31, login: 'alice-gh' });
    github.signInAs(31);
    expect(await flow(await signedInBrowser(relay.origin, 'alice'), '/api/oauth/github?intent=link')).toMatchObject({ oauth_linked: 'github' });
    const client = new ApiClient(relay.origin);
    await client.call('POST', '/api/user/login', { username: 'alice', password: PASSWORD });
    const { secret } = await enableTwoFactor(client);

    const browser = new RedirectBrowser();
    const end = await flow(browser, '/api/oauth/github');
    expect(end).toMatchObject({ path: '/', oauth_2fa: expect.any(String), username: 'alice' });
    expect((await browser.api(relay.origin, 'GET', '/api/user/self')).status).toBe(401);
    const second = await browser.api(relay.origin, 'POST', '/api/user/login/2fa', { pending_token: end.oauth_2fa, code: (await stepCodes(secret)).next });
    expect(second.json, JSON.stringify(second.json)).toMatchObject({ success: true, data: { username: 'alice' } });
  });
});
