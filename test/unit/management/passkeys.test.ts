import { describe, expect, it } from 'vitest';
import { relayWithPeople, signIn } from '../../helpers/people.js';
import { ApiClient, startTestRelay } from '../../helpers/relay.js';
import { SoftAuthenticator, strangerKey } from '../../helpers/soft-authenticator.js';
import { enableTwoFactor } from '../../helpers/two-factor.js';

/** A client as the console is: its requests carry the console's Origin. */
function asConsole(client: ApiClient): ApiClient {
  client.headers.Origin = client.origin;
  return client;
}

/** Registers a passkey for the signed-in client with `authenticator`; answers the passkey as listed. */
async function addPasskey(client: ApiClient, authenticator: SoftAuthenticator, name = 'Laptop', overrides: Parameters<SoftAuthenticator['create']>[1] = {}) {
  const options = await client.call('POST', '/api/user/passkey/options');
  expect(options.status, options.text).toBe(200);
  const { response, passkey } = authenticator.create(options.json.data, overrides);
  const added = await client.call('POST', '/api/user/passkey', { name, response });
  expect(added.status, added.text).toBe(200);
  return { view: added.json.data, passkey };
}

/** A fresh browser signing in with a passkey: options, then the assertion `answer` makes of them. */
async function passkeySignIn(origin: string, answer: (options: any) => unknown) {
  const browser = asConsole(new ApiClient(origin));
  const options = await browser.call('POST', '/api/user/passkey/login/options');
  expect(options.status, options.text).toBe(200);
  const assertion = answer(options.json.data);
  const login = await browser.call('POST', '/api/user/passkey/login', { response: assertion });
  return { browser, login, options: options.json.data, assertion };
}

async function loginRecords(root: ApiClient): Promise<{ username: string; content: string }[]> {
  return (await root.call('GET', '/api/log/?type=7&page_size=100')).json.data.items;
}

describe('passkeys', () => {
  it('registers a named passkey on the profile and signs in with it without username or password; the login is logged as a passkey sign-in', async () => {
    const { relay, root } = await relayWithPeople();
    const alice = asConsole(await signIn(relay.origin, 'alice'));
    const authenticator = new SoftAuthenticator(relay.origin);

    const options = (await alice.call('POST', '/api/user/passkey/options')).json.data;
    expect(options.rp.id).toBe('127.0.0.1');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const { view } = await addPasskey(alice, authenticator, '  Work laptop ');
    expect(view).toMatchObject({ name: 'Work laptop', last_used_at: 0, transports: ['internal'] });
    const listed = await alice.call('GET', '/api/user/passkey');
    expect(listed.json.data).toEqual([view]);
    expect(listed.text).not.toContain('public_key');

    const { browser, login } = await passkeySignIn(relay.origin, (o) => authenticator.get(o));
    expect(login.status, login.text).toBe(200);
    expect(login.json.data).toMatchObject({ username: 'alice' });
    expect(login.setCookie).toContain('HttpOnly');
    expect((await browser.call('GET', '/api/user/self')).json.data.username).toBe('alice');
    expect((await alice.call('GET', '/api/user/passkey')).json.data[0].last_used_at).toBeGreaterThan(0);
    await expect.poll(async () => (await loginRecords(root)).filter((r) => r.username === 'alice' && /passkey/.test(r.content)).map((r) => r.content)).toEqual(['signed in with a passkey (Work laptop)']);
  });

  it('refuses a replayed assertion, a forged signature, another origin, no user verification, an unknown passkey and a counter that went backwards', async () => {
    const { relay } = await relayWithPeople();
    const alice = asConsole(await signIn(relay.origin, 'alice'));
    const authenticator = new SoftAuthenticator(relay.origin);
    const { passkey } = await addPasskey(alice, authenticator);

    const first = await passkeySignIn(relay.origin, (o) => authenticator.get(o));
    expect(first.login.status, first.login.text).toBe(200);
    const replay = await new ApiClient(relay.origin, { Origin: relay.origin }).call('POST', '/api/user/passkey/login', { response: first.assertion });
    expect(replay.status).toBe(403);

    const refusals = [
      await passkeySignIn(relay.origin, (o) => authenticator.get(o, { signWith: strangerKey() })),
      await passkeySignIn(relay.origin, (o) => authenticator.get(o, { origin: 'https://relay.example.net' })),
      await passkeySignIn(relay.origin, (o) => authenticator.get(o, { userVerified: false })),
      await passkeySignIn(relay.origin, (o) => new SoftAuthenticator(relay.origin).get(o, { passkey: { ...passkey, id: 'AAAAAAAAAAAAAAAAAAAAAA' } })),
    ];
    for (const { login } of refusals) {
      expect(login.status, login.text).toBe(403);
      expect(login.setCookie).toBeNull();
    }
    expect(refusals.map(({ login }) => login.json.message)).toEqual([
      expect.stringMatching(/signature does not match/),
      expect.stringMatching(/origin/i),
      expect.stringMatching(/user could not be verified/i),
      expect.stringMatching(/not registered/),
    ]);

    // The stored counter is 1 (registration 0, then the sign-in's 1): 1 again, or less, is a copy's.
    for (const counter of [1, 0]) {
      const backwards = await passkeySignIn(relay.origin, (o) => authenticator.get(o, { counter }));
      expect(backwards.login.status).toBe(403);
      expect(backwards.login.json.message).toMatch(/counter went backwards/);
    }
    expect((await passkeySignIn(relay.origin, (o) => authenticator.get(o, { counter: 5 }))).login.status).toBe(200);

    // A page on another origin (another port of this host) gets no options.
    const elsewhere = await new ApiClient(relay.origin, { Origin: 'http://127.0.0.1:1' }).call('POST', '/api/user/passkey/login/options');
    expect(elsewhere.status).toBe(400);
  });

  it('accepts an authenticator whose counter stays 0, as many platform passkeys do; each challenge is still taken once', async () => {
    const { relay } = await relayWithPeople();
    const bob = asConsole(await signIn(relay.origin, 'bob'));
    const authenticator = new SoftAuthenticator(relay.origin);
    await addPasskey(bob, authenticator, 'Phone', { counting: false });
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(relay.origin, (o) => authenticator.get(o))).login.status).toBe(200);
    const { assertion } = await passkeySignIn(relay.origin, (o) => authenticator.get(o));
    const replays = await Promise.all([1, 2, 3].map(() => new ApiClient(relay.origin, { Origin: relay.origin }).call('POST', '/api/user/passkey/login', { response: assertion })));
    for (const replay of replays) {
      expect(replay.status).toBe(403);
      expect(replay.json.message).toMatch(/already used/);
    }
  });

  it('a disabled user cannot sign in with a passkey; enabled again, they can; a user with two-step verification is not asked for a code', async () => {
    const { relay, root, ids } = await relayWithPeople();
    const alice = asConsole(await signIn(relay.origin, 'alice'));
    await enableTwoFactor(alice);
    const authenticator = new SoftAuthenticator(relay.origin);
    await addPasskey(alice, authenticator);

    expect((await root.call('POST', '/api/user/manage', { id: ids.alice, action: 'disable' })).status).toBe(200);
    const refused = await passkeySignIn(relay.origin, (o) => authenticator.get(o));
    expect(refused.login.status).toBe(403);
    expect(refused.login.json.message).toMatch(/disabled/);
    expect(refused.login.setCookie).toBeNull();

    expect((await root.call('POST', '/api/user/manage', { id: ids.alice, action: 'enable' })).status).toBe(200);
    const signedIn = await passkeySignIn(relay.origin, (o) => authenticator.get(o));
    expect(signedIn.login.status, signedIn.login.text).toBe(200);
    expect(signedIn.login.json.data).not.toHaveProperty('require_2fa');
    expect((await signedIn.browser.call('GET', '/api/user/self')).json.data.username).toBe('alice');
  });

  it('a registration challenge holds for its user only, once; the same passkey is not registered twice', async () => {
    const { relay } = await relayWithPeople();
    const alice = asConsole(await signIn(relay.origin, 'alice'));
    const bob = asConsole(await signIn(relay.origin, 'bob'));
    const authenticator = new SoftAuthenticator(relay.origin);
    const options = (await alice.call('POST', '/api/user/passkey/options')).json.data;
    const { response } = authenticator.create(options);
    const stolen = await bob.call('POST', '/api/user/passkey', { name: 'x', response });
    expect(stolen.status).toBe(403);
    expect((await alice.call('POST', '/api/user/passkey', { name: 'Mine', response })).status).toBe(200);
    const again = await alice.call('POST', '/api/user/passkey', { name: 'Mine again', response });
    expect(again.status).toBe(403);
    expect((await alice.call('GET', '/api/user/passkey')).json.data.map((p: { name: string }) => p.name)).toEqual(['Mine']);
    expect((await bob.call('GET', '/api/user/passkey')).json.data).toEqual([]);

    // A new ceremony with the same authenticator key: already registered.
    const fresh = (await alice.call('POST', '/api/user/passkey/options')).json.data;
    expect(fresh.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.passkeys[0]!.id]);
  });

  it('renames; removing needs a security verification, which a passkey assertion gives (POST /api/verify); a removed passkey no longer signs in', async () => {
    const { relay, root } = await relayWithPeople();
    const alice = asConsole(await signIn(relay.origin, 'alice'));
    const bob = asConsole(await signIn(relay.origin, 'bob'));
    const authenticator = new SoftAuthenticator(relay.origin);
    const laptop = await addPasskey(alice, authenticator, 'Laptop');
    const phone = await addPasskey(alice, authenticator, 'Phone');
    const bobsKey = await addPasskey(bob, new SoftAuthenticator(relay.origin), 'Bob');
    const path = (id: string) => `/api/user/passkey/${encodeURIComponent(id)}`;

    expect((await alice.call('PUT', path(laptop.view.id), { name: 'Old laptop' })).status).toBe(200);
    expect((await bob.call('PUT', path(laptop.view.id), { name: 'Mine now' })).status).toBe(404);
    expect((await alice.call('GET', '/api/user/passkey')).json.data.map((p: { name: string }) => p.name)).toEqual(['Old laptop', 'Phone']);

    expect((await alice.call('GET', '/api/verify')).json.data.methods).toEqual(['passkey']);
    const unverified = await alice.call('DELETE', path(laptop.view.id));
    expect(unverified.status).toBe(403);
    expect(unverified.headers.get('x-verification-required')).toBe('1');
    // The password is not enough once a passkey is set up.
    expect((await alice.call('POST', '/api/verify', { method: 'password', password: 'user-password-1' })).status).toBe(403);

    const verifyOptions = (await alice.call('POST', '/api/verify/passkey/options')).json.data;
    expect(verifyOptions.allowCredentials.map((c: { id: string }) => c.id).sort()).toEqual([laptop.view.id, phone.view.id].sort());
    // Bob's passkey does not verify Alice, nor does a sign-in challenge.
    const bobs = await alice.call('POST', '/api/verify', { method: 'passkey', assertion: new SoftAuthenticator(relay.origin).get(verifyOptions, { passkey: bobsKey.passkey }) });
    expect(bobs.status).toBe(403);
    const signInOptions = (await alice.call('POST', '/api/user/passkey/login/options')).json.data;
    expect((await alice.call('POST', '/api/verify', { method: 'passkey', assertion: authenticator.get(signInOptions, { passkey: phone.passkey }) })).status).toBe(403);
    expect((await alice.call('POST', '/api/verify', { method: 'passkey', assertion: { not: 'an assertion' } })).status).toBe(400);

    const verified = await alice.call('POST', '/api/verify', { method: 'passkey', assertion: authenticator.get(verifyOptions, { passkey: phone.passkey }) });
    expect(verified.status, verified.text).toBe(200);
    const removed = await alice.call('DELETE', path(laptop.view.id), undefined, { 'X-Verification-Proof': verified.json.data.proof });
    expect(removed.status, removed.text).toBe(200);
    expect((await alice.call('GET', '/api/user/passkey')).json.data.map((p: { name: string }) => p.name)).toEqual(['Phone']);
    await expect.poll(async () => (await root.call('GET', '/api/log/?type=3&page_size=100')).json.data.items.some((r: { content: string }) => r.content === 'security verification (passkey Phone)')).toBe(true);

    const gone = await passkeySignIn(relay.origin, (o) => authenticator.get(o, { passkey: laptop.passkey }));
    expect(gone.login.status).toBe(403);
    expect(gone.login.json.message).toMatch(/not registered/);
    expect((await passkeySignIn(relay.origin, (o) => authenticator.get(o, { passkey: phone.passkey }))).login.status).toBe(200);
  });

  it('a ceremony begun before a restart finishes after it (the challenge lives in no process memory)', async () => {
    const first = await startTestRelay();
    const owner = asConsole(new ApiClient(first.origin));
    expect((await owner.call('POST', '/api/setup', { username: 'owner', password: 'correct horse battery' })).status).toBe(200);
    expect((await owner.call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' })).status).toBe(200);
    const authenticator = new SoftAuthenticator(first.origin);
    await addPasskey(owner, authenticator);
    const options = (await owner.call('POST', '/api/user/passkey/login/options')).json.data;
    const port = Number(new URL(first.origin).port);
    await first.close();

    const second = await startTestRelay({ dataDir: first.dataDir, port });
    expect(second.origin).toBe(first.origin);
    const login = await new ApiClient(second.origin, { Origin: second.origin }).call('POST', '/api/user/passkey/login', { response: authenticator.get(options) });
    expect(login.status, login.text).toBe(200);
    expect(login.json.data.username).toBe('owner');
  });

  it('behind a reverse proxy, belongs to public_url: its host name is the relying party and other origins are refused', async () => {
    const { relay, root } = await relayWithPeople();
    expect((await root.call('PUT', '/api/option/', { key: 'public_url', value: 'https://relay.example.com/relay' })).status).toBe(200);
    const proxied = await new ApiClient(relay.origin, { Origin: 'https://relay.example.com' }).call('POST', '/api/user/passkey/login/options');
    expect(proxied.status, proxied.text).toBe(200);
    expect(proxied.json.data.rpId).toBe('relay.example.com');
    const direct = await new ApiClient(relay.origin, { Origin: relay.origin }).call('POST', '/api/user/passkey/login/options');
    expect(direct.status).toBe(400);
    expect(direct.json.message).toContain('https://relay.example.com');
  });

  it('describes its routes in /api/openapi.json under their tags; none of them answers a public key', async () => {
    const { relay } = await relayWithPeople();
    const doc = (await new ApiClient(relay.origin).call('GET', '/api/openapi.json')).json;
    expect(doc.paths['/api/user/passkey/login'].post.tags).toEqual(['user login and registration']);
    expect(doc.paths['/api/user/passkey/login/options'].post.tags).toEqual(['user login and registration']);
    expect(doc.paths['/api/user/passkey'].post.tags).toEqual(['user management']);
    expect(doc.paths['/api/user/passkey/{id}'].delete.tags).toEqual(['user management']);
    expect(doc.paths['/api/verify/passkey/options'].post.tags).toEqual(['security verification']);
  });
});
