// Server mode: a passkey ceremony begun on one instance finishes on another (the challenge is
// signed with the shared proof key, not kept in a process), and an assertion sent to several
// instances at once signs in once (each challenge is claimed in Redis). The instances stand
// behind one public address (public_url), as behind a load balancer.
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay, type TestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';
import { SoftAuthenticator } from '../../helpers/soft-authenticator.js';

const PASSWORD = 'correct horse battery';
const PUBLIC = 'https://relay.test';

/** A browser on the public address, reaching `relay` through the balancer. */
const browserOn = (relay: TestRelay, headers: Record<string, string> = {}) => new ApiClient(relay.origin, { Origin: PUBLIC, ...headers });

describe('passkeys across instances (server mode)', () => {
  it('registers through one instance what another began, and signs in once however many instances get the assertion', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const owner = await setupAndLogin(first, 'owner', PASSWORD);
    expect((await owner.call('PUT', '/api/option/', { key: 'public_url', value: PUBLIC })).status).toBe(200);
    // The access token stands in for the console's session, whose cookie is bound to one address.
    const token = (await owner.call('GET', '/api/user/token')).json.data as string;
    const script = (relay: TestRelay) => browserOn(relay, { Authorization: `Bearer ${token}` });
    await expect.poll(async () => (await script(second).call('POST', '/api/user/passkey/options')).json?.data?.rp?.id).toBe('relay.test');

    const authenticator = new SoftAuthenticator(PUBLIC);
    const options = (await script(first).call('POST', '/api/user/passkey/options')).json.data;
    const { response } = authenticator.create(options, { counting: false });
    const added = await script(second).call('POST', '/api/user/passkey', { name: 'Shared', response });
    expect(added.status, added.text).toBe(200);

    // Counter 0 throughout: only the claimed challenge stops the copies.
    const loginOptions = (await browserOn(second).call('POST', '/api/user/passkey/login/options')).json.data;
    const assertion = authenticator.get(loginOptions);
    const answers = await Promise.all([first, second, first, second].map((relay) => browserOn(relay).call('POST', '/api/user/passkey/login', { response: assertion })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403]);
    const signedIn = answers.find((a) => a.status === 200)!;
    expect(signedIn.json.data.username).toBe('owner');
    for (const refused of answers.filter((a) => a.status === 403)) expect(refused.json.message).toMatch(/already used/);
  });
});
