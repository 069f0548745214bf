// Server mode: a user disabled on one instance is refused on every other within a second
// (its API keys through the call catalog, its sessions through the session check); a mailed
// code is redeemed once, however many instances it is tried on at the same time.
import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { serverModeOptions } from '../../helpers/server-db.js';
import { codeIn, startSmtpInbox } from '../../helpers/smtp-inbox.js';


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

  it('a password reset code tried on two instances at once sets the password once', async () => {
    const inbox = await startSmtpInbox();
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const admin = await setupAndLogin(first);
    await admin.call('PUT', '/api/option/', { values: { smtp_server: '127.0.0.1', smtp_port: inbox.port, smtp_from: 'relay@example.com' } });
    expect((await admin.call('POST', '/api/user/', { username: 'bea', password: 'bea-password-1', email: 'bea@example.com' })).json.success).toBe(true);
    expect((await new ApiClient(second.origin).call('POST', '/api/user/password_reset/email_code', { email: 'bea@example.com' })).json.success).toBe(true);
    const code = codeIn(await inbox.mailTo('bea@example.com'), /reset code is ([A-Za-z0-9]{10})/);
    const tries = Array.from({ length: 8 }, (_, i) => new ApiClient((i % 2 ? first : second).origin).call('POST', '/api/user/password_reset', { email: 'bea@example.com', code, password: `new-password-${i}` }));
    const answers = await Promise.all(tries);
    const won = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect((await new ApiClient(first.origin).call('POST', '/api/user/login', { username: 'bea', password: `new-password-${won[0]}` })).status).toBe(200);
  });

  it('registration by invitation on one instance: the starting quota once, the inviter counted and rewarded, seen on the other', async () => {
    const server = await serverModeOptions();
    const first = await startTestRelay({ server });
    const second = await startTestRelay({ server });
    const admin = await setupAndLogin(first);
    await admin.call('PUT', '/api/option/', { values: { registration_policy: 'invite', new_user_quota: 300_000, invitation_reward_quota: 100_000 } });
    const owner = (await admin.call('GET', '/api/user/search?keyword=owner')).json.data.items[0];
    const registered = await new ApiClient(second.origin).call('POST', '/api/user/register', { username: 'cleo', password: 'cleo-password-1', aff_code: owner.aff_code });
    expect(registered.json, registered.text).toMatchObject({ success: true });
    const cleo = new ApiClient(first.origin);
    expect((await cleo.call('POST', '/api/user/login', { username: 'cleo', password: 'cleo-password-1' })).json.data).toMatchObject({ quota: 300_000, group: 'default' });
    expect((await cleo.call('GET', '/api/user/topup/self')).json.data.total).toBe(1);
    expect((await admin.call('GET', `/api/user/${owner.id}`)).json.data).toMatchObject({ aff_count: 1, aff_quota: 100_000 });
  });
});
