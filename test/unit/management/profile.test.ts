import { describe, expect, it } from 'vitest';
import { relayWithPeople, signIn } from '../../helpers/people.js';
import { codeIn, startSmtpInbox } from '../../helpers/smtp-inbox.js';

describe('self service: PUT /api/user/self and the email change', () => {
  it('changes the display name (blank: the username)', async () => {
    const { relay } = await relayWithPeople();
    const alice = await signIn(relay.origin, 'alice');
    expect((await alice.call('PUT', '/api/user/self', { display_name: '  Alice Liddell ' })).json.success).toBe(true);
    expect((await alice.call('GET', '/api/user/self')).json.data.display_name).toBe('Alice Liddell');
    await alice.call('PUT', '/api/user/self', { display_name: '' });
    expect((await alice.call('GET', '/api/user/self')).json.data.display_name).toBe('alice');
  });

  it('changes the email address only with the code mailed to the new one; an address in use is refused', async () => {
    const inbox = await startSmtpInbox();
    const { relay, root } = await relayWithPeople();
    await root.call('PUT', '/api/option/', { values: { smtp_server: '127.0.0.1', smtp_port: inbox.port, smtp_from: 'relay@example.com' } });
    const alice = await signIn(relay.origin, 'alice');
    expect((await alice.call('POST', '/api/user/self/email/code', { email: 'alice@example.com' })).json.success).toBe(true);
    const code = codeIn(await inbox.mailTo('alice@example.com'), /is (\d{6})/);
    const wrongAddress = await alice.call('PUT', '/api/user/self/email', { email: 'other@example.com', code });
    expect(wrongAddress.status).toBe(400);
    const changed = await alice.call('PUT', '/api/user/self/email', { email: 'alice@example.com', code });
    expect(changed.json, changed.text).toMatchObject({ success: true });
    expect((await alice.call('GET', '/api/user/self')).json.data.email).toBe('alice@example.com');
    const bob = await signIn(relay.origin, 'bob');
    const taken = await bob.call('POST', '/api/user/self/email/code', { email: 'Alice@example.com' });
    expect([taken.status, taken.json.message]).toEqual([409, expect.stringContaining('in use')]);
  });
});
