// Server mode: two-step verification holds across instances: the seed and the proof-signing
// key are in the shared secret store, a code accepted on one instance is refused on another,
// and the 5-wrong-codes lock is counted in Redis, for every instance.
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';
import { enableTwoFactor, stepCodes, wrongCode } from '../../helpers/two-factor.js';

const PASSWORD = 'correct horse battery';


/** The password step on `origin`: answers a client without a session and the pending token. */
async function passwordStep(origin: string) {
  const client = new ApiClient(origin);
  const login = await client.call('POST', '/api/user/login', { username: 'owner', password: PASSWORD });
  expect(login.json?.data?.require_2fa, login.text).toBe(true);
  return { client, token: login.json.data.pending_token as string };
}

describe('two-step verification across instances (server mode)', () => {
  it('shares the seed, the used codes, the proofs and the lock between instances', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const owner = await setupAndLogin(first, 'owner', PASSWORD);
    const channel = (await owner.call('POST', '/api/channel/', { type: 1, key: 'sk-across-instances-aaaa', models: 'm', base_url: 'http://127.0.0.1:9' })).json.data.id as number;
    const { secret } = await enableTwoFactor(owner);

    // Signed in on the second instance with a code; the same code is refused on the first.
    const code = (await stepCodes(secret)).current;
    const onSecond = await passwordStep(second.origin);
    expect((await onSecond.client.call('POST', '/api/user/login/2fa', { pending_token: onSecond.token, code })).status).toBe(200);
    const onFirst = await passwordStep(first.origin);
    const replay = await onFirst.client.call('POST', '/api/user/login/2fa', { pending_token: onFirst.token, code });
    expect(replay.status).toBe(403);
    expect(replay.json.message).toContain('already used');

    // A proof made on one instance is taken by the other (same session).
    const proof = (await Object.assign(new ApiClient(first.origin), { cookie: onSecond.client.cookie }).call('POST', '/api/verify', { method: 'totp', code: (await stepCodes(secret)).next })).json.data?.proof;
    expect(proof).toEqual(expect.any(String));
    const shown = await onSecond.client.call('POST', `/api/channel/${channel}/key`, {}, { 'X-Verification-Proof': proof });
    expect(shown.json.data?.keys, shown.text).toEqual(['sk-across-instances-aaaa']);

    // Five wrong codes on the first instance lock codes on the second.
    const wrong = await wrongCode(secret);
    const pending = await passwordStep(first.origin);
    for (let i = 0; i < 5; i++) expect((await pending.client.call('POST', '/api/user/login/2fa', { pending_token: pending.token, code: wrong })).status).toBe(403);
    const elsewhere = await passwordStep(second.origin);
    const locked = await elsewhere.client.call('POST', '/api/user/login/2fa', { pending_token: elsewhere.token, code: (await stepCodes(secret)).next });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toContain('locked');
  });
});
