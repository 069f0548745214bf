// Server mode: a user disabled on one instance is refused on every other within a second
// (its API keys through the call catalog, its sessions through the session check).
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';


describe('user management across instances (server mode)', () => {
  it("a user disabled on one instance has its key and session refused on another within a second; enabled, they work again", async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const admin = await setupAndLogin(first);
    const made = await admin.call('POST', '/api/user/', { username: 'alice', password: 'alice-password-1', quota: 1_000_000 });
    expect(made.json, made.text).toMatchObject({ success: true });
    const alice = new ApiClient(second.origin);
    expect((await alice.call('POST', '/api/user/login', { username: 'alice', password: 'alice-password-1' })).json.success).toBe(true);
    const key = (await alice.call('POST', '/api/token/', { name: 'k', unlimited_quota: true })).json.data.key as string;
    const models = async () => (await fetch(`${second.relayBaseUrl}/models`, { headers: { authorization: `Bearer ${key}` } })).status;
    expect(await models()).toBe(200);

    const disabled = await admin.call('POST', '/api/user/manage', { id: made.json.data.id, action: 'disable' });
    expect(disabled.json, disabled.text).toMatchObject({ success: true, data: { status: 2 } });
    await expect.poll(models, { timeout: 1_000, interval: 50 }).toBe(403);
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);

    await admin.call('POST', '/api/user/manage', { id: made.json.data.id, action: 'enable' });
    await expect.poll(models, { timeout: 1_000, interval: 50 }).toBe(200);
  });
});
