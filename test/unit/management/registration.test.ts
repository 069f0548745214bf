import { describe, expect, it } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from '../../helpers/relay.js';
import { codeIn, startSmtpInbox } from '../../helpers/smtp-inbox.js';

const PASSWORD = 'new-user-password';

async function relayWith(settings: Record<string, unknown>) {
  const relay = await startTestRelay();
  const root = await setupAndLogin(relay, 'root', 'root-password-1');
  if (Object.keys(settings).length > 0) {
    const saved = await root.call('PUT', '/api/option/', { values: settings });
    expect(saved.json.success, saved.text).toBe(true);
  }
  return { relay, root, anonymous: new ApiClient(relay.origin) };
}

async function userNamed(root: ApiClient, username: string) {
  const found = await root.call('GET', `/api/user/search?keyword=${username}`);
  return (found.json.data.items as any[]).find((u) => u.username === username);
}

async function withInbox(settings: Record<string, unknown> = {}) {
  const inbox = await startSmtpInbox({ account: 'relay@example.com', password: 'smtp-secret' });
  const setup = await relayWith({ smtp_server: '127.0.0.1', smtp_port: inbox.port, smtp_account: 'relay@example.com', smtp_password: 'smtp-secret', ...settings });
  return { ...setup, inbox };
}

describe('POST /api/user/register', () => {
  it('is refused while registration is closed (the default), saying so', async () => {
    const { anonymous } = await relayWith({});
    const answer = await anonymous.call('POST', '/api/user/register', { username: 'alice', password: PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ success: false, message: expect.stringContaining('closed') });
    expect((await anonymous.call('GET', '/api/status')).json.data.features).toMatchObject({ registration: false, registration_policy: 'closed', password_reset: false });
  });

  it('open: the new user signs in with the starting quota, recorded once, in the default group', async () => {
    const { relay, root, anonymous } = await relayWith({ registration_policy: 'open', new_user_quota: 250_000 });
    expect((await anonymous.call('GET', '/api/status')).json.data.features).toMatchObject({ registration: true, registration_policy: 'open' });
    const answer = await anonymous.call('POST', '/api/user/register', { username: 'alice', password: PASSWORD });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ success: true, data: { username: 'alice' } });
    expect(await userNamed(root, 'alice')).toMatchObject({ quota: 250_000, group: 'default', role: 1, status: 1, inviter_id: 0 });
    const alice = new ApiClient(relay.origin);
    const login = await alice.call('POST', '/api/user/login', { username: 'alice', password: PASSWORD });
    expect(login.json).toMatchObject({ success: true, data: { username: 'alice', quota: 250_000 } });
    // Recorded once, as a top-up the wallet lists.
    const history = (await alice.call('GET', '/api/user/topup/self')).json.data;
    expect(history).toMatchObject({ total: 1, items: [{ quota: 250_000, source: 'admin', note: 'starting quota' }] });
    const logs = await root.call('GET', '/api/log/?type=4');
    expect(JSON.stringify(logs.json.data)).toContain('registered');
    const topUps = (await root.call('GET', '/api/log/?type=1')).json.data.items;
    expect(topUps).toEqual([expect.objectContaining({ username: 'alice', quota: 250_000, content: 'starting quota' })]);
  });

  it('refuses a taken username, a short password and a bad email, each saying why', async () => {
    const { anonymous } = await relayWith({ registration_policy: 'open' });
    expect((await anonymous.call('POST', '/api/user/register', { username: 'alice', password: PASSWORD })).status).toBe(200);
    const taken = await anonymous.call('POST', '/api/user/register', { username: 'alice', password: PASSWORD });
    expect([taken.status, taken.json.message]).toEqual([409, expect.stringContaining('taken')]);
    const short = await anonymous.call('POST', '/api/user/register', { username: 'bob', password: 'short' });
    expect([short.status, short.json.message]).toEqual([400, expect.stringContaining('8 to 128')]);
    const email = await anonymous.call('POST', '/api/user/register', { username: 'bob', password: PASSWORD, email: 'nope' });
    expect([email.status, email.json.message]).toEqual([400, expect.stringContaining('not an email address')]);
  });

  it('by invitation: needs a valid code, records the inviter and rewards them', async () => {
    const { root, anonymous } = await relayWith({ registration_policy: 'invite', invitation_reward_quota: 100_000, new_user_quota: 1000 });
    const rootView = await userNamed(root, 'root');
    const without = await anonymous.call('POST', '/api/user/register', { username: 'bob', password: PASSWORD });
    expect([without.status, without.json.message]).toEqual([403, expect.stringContaining('invitation')]);
    const unknown = await anonymous.call('POST', '/api/user/register', { username: 'bob', password: PASSWORD, aff_code: 'XXXXXXXX' });
    expect([unknown.status, unknown.json.message]).toEqual([400, expect.stringContaining('invitation code')]);
    for (const name of ['bob', 'carol']) {
      const answer = await anonymous.call('POST', '/api/user/register', { username: name, password: PASSWORD, aff_code: rootView.aff_code });
      expect(answer.status, answer.text).toBe(200);
    }
    expect(await userNamed(root, 'bob')).toMatchObject({ inviter_id: rootView.id, quota: 1000 });
    expect(await userNamed(root, 'root')).toMatchObject({ aff_count: 2, aff_quota: 200_000, aff_history_quota: 200_000 });
  });
});

describe('email verification and password reset by mail', () => {
  it('without SMTP, asking for a code answers 503 saying mail is not set up', async () => {
    const { anonymous } = await relayWith({ registration_policy: 'open', email_verification: true });
    const answer = await anonymous.call('POST', '/api/user/register/email_code', { email: 'a@example.com' });
    expect([answer.status, answer.json.message]).toEqual([503, expect.stringContaining('SMTP')]);
  });

  it('registration needs the code mailed to the address; a wrong code and a reused one are refused', async () => {
    const { anonymous, inbox, root } = await withInbox({ registration_policy: 'open', email_verification: true });
    expect((await anonymous.call('GET', '/api/status')).json.data.features).toMatchObject({ email_verification: true, password_reset: true });
    const noEmail = await anonymous.call('POST', '/api/user/register', { username: 'dana', password: PASSWORD });
    expect(noEmail.status).toBe(400);
    const sent = await anonymous.call('POST', '/api/user/register/email_code', { email: 'dana@example.com' });
    expect(sent.json, sent.text).toMatchObject({ success: true });
    const mail = await inbox.mailTo('dana@example.com');
    expect(mail.from).toBe('relay@example.com');
    const code = codeIn(mail, /verification code is (\d{6})/);
    const wrong = await anonymous.call('POST', '/api/user/register', { username: 'dana', password: PASSWORD, email: 'dana@example.com', verification_code: code === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.json.message]).toEqual([400, expect.stringContaining('wrong')]);
    const right = await anonymous.call('POST', '/api/user/register', { username: 'dana', password: PASSWORD, email: 'dana@example.com', verification_code: code });
    expect(right.status, right.text).toBe(200);
    expect(await userNamed(root, 'dana')).toMatchObject({ email: 'dana@example.com' });
    const again = await anonymous.call('POST', '/api/user/register', { username: 'dana2', password: PASSWORD, email: 'dana@example.com', verification_code: code });
    expect(again.status).toBe(409); // the address is dana's now
    const sentAgain = await anonymous.call('POST', '/api/user/register/email_code', { email: 'dana@example.com' });
    expect([sentAgain.status, sentAgain.json.message]).toEqual([409, expect.stringContaining('in use')]);
  });

  it('a mailed reset code sets a new password once and ends every session; unknown addresses get the same answer and no mail', async () => {
    const { relay, anonymous, inbox, root } = await withInbox({ registration_policy: 'open' });
    await anonymous.call('POST', '/api/user/register', { username: 'erin', password: PASSWORD, email: 'erin@example.com' });
    const erin = new ApiClient(relay.origin);
    await erin.call('POST', '/api/user/login', { username: 'erin', password: PASSWORD });
    const unknown = await anonymous.call('POST', '/api/user/password_reset/email_code', { email: 'nobody@example.com' });
    const known = await anonymous.call('POST', '/api/user/password_reset/email_code', { email: 'ERIN@example.com' });
    expect(unknown.json).toMatchObject({ success: true });
    expect(known.json.message.replace('ERIN', 'nobody')).toBe(unknown.json.message);
    const code = codeIn(await inbox.mailTo('erin@example.com'), /reset code is ([A-Za-z0-9]{10})/);
    expect(inbox.received.filter((m) => m.to.includes('nobody@example.com'))).toEqual([]);
    const reset = await anonymous.call('POST', '/api/user/password_reset', { email: 'erin@example.com', code, password: 'brand-new-password' });
    expect(reset.json, reset.text).toMatchObject({ success: true });
    expect((await erin.call('GET', '/api/user/self')).status).toBe(401);
    const reused = await anonymous.call('POST', '/api/user/password_reset', { email: 'erin@example.com', code, password: 'another-password' });
    expect([reused.status, reused.json.message]).toEqual([400, expect.stringContaining('ask for a new one')]);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'erin', password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient(relay.origin).call('POST', '/api/user/login', { username: 'erin', password: 'brand-new-password' })).status).toBe(200);
    expect(JSON.stringify((await root.call('GET', '/api/log/?type=4')).json.data)).not.toContain(code);
    expect(relay.logged.join('\n')).not.toContain(code);
  });

  it('a reset code guessed wrong five times stops working', async () => {
    const { anonymous, inbox } = await withInbox({ registration_policy: 'open' });
    await anonymous.call('POST', '/api/user/register', { username: 'finn', password: PASSWORD, email: 'finn@example.com' });
    await anonymous.call('POST', '/api/user/password_reset/email_code', { email: 'finn@example.com' });
    const code = codeIn(await inbox.mailTo('finn@example.com'), /reset code is ([A-Za-z0-9]{10})/);
    for (let i = 0; i < 5; i++) {
      const wrong = await anonymous.call('POST', '/api/user/password_reset', { email: 'finn@example.com', code: 'wrongcode' + i, password: 'brand-new-password' });
      expect(wrong.status).toBe(400);
    }
    const late = await anonymous.call('POST', '/api/user/password_reset', { email: 'finn@example.com', code, password: 'brand-new-password' });
    expect([late.status, late.json.message]).toEqual([400, expect.stringContaining('ask for a new one')]);
  });
});
