// Secrets (issue 18): a workload that uses every kind of secret (channel key, API key,
// passwords, TOTP seed and backup codes, a passkey, session cookies, the access token, the
// Stripe secret key and webhook secret, the SMTP password, OAuth client secrets), then every
// place they could land is searched for each: the data folder (embedded) or every table of the
// database and every Redis key of the prefix (server), what the relay logged, and every answer
// of the run, except the answers that are explicit reveals (the one-time key display, the
// channel key reveal, the 2FA setup and its backup codes).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../fake-upstreams/stripe.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { addChannel } from '../helpers/gateway.js';
import { PASSWORD } from '../helpers/people.js';
import { ApiClient } from '../helpers/relay.js';
import { startSmtpInbox } from '../helpers/smtp-inbox.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { enableTwoFactor, stepCodes } from '../helpers/two-factor.js';
import { recordFigure, relayWithUsers, STORES } from './stores.js';
import { databaseTexts, folderTexts, redisTexts } from './store-texts.js';

const unique = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

/** Every answer of the run, and the ones that are reveals (asked for, checked to hold the secret). */
class Recorder {
  answers: string[] = [];
  reveals: string[] = [];
  wrap(client: ApiClient): ApiClient {
    const call = client.call.bind(client);
    client.call = async (...args: Parameters<ApiClient['call']>) => {
      const answer = await call(...args);
      this.answers.push(`${args[0]} ${args[1]} ${answer.status} ${[...answer.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${answer.text}`);
      return answer;
    };
    return client;
  }
  /** The last answer was a reveal: moved out of the searched answers. */
  revealed(): string {
    const last = this.answers.pop()!;
    this.reveals.push(last);
    return last;
  }
}

describe.each(STORES)('secrets stay secret ($name store)', (store) => {
  it('no secret of a workload using every kind is found in the store, the logs, the output or any answer but its reveal', async () => {
    const options = await store.options();
    const { relay, root, users } = await relayWithUsers({ ...store, options: async () => options }, ['ann']);
    const rec = new Recorder();
    rec.wrap(root);
    const ann = rec.wrap(users.ann!);
    const secrets: Record<string, string> = {};

    // Passwords: a user made with one, who changes it.
    secrets.password = unique('Pw');
    secrets.newPassword = unique('Pw2');
    expect((await root.call('POST', '/api/user/', { username: 'sam', password: secrets.password, role: 1 })).json.success).toBe(true);
    const sam = rec.wrap(new ApiClient(relay.origin, { origin: relay.origin }));
    expect((await sam.call('POST', '/api/user/login', { username: 'sam', password: secrets.password })).json.success).toBe(true);
    secrets.session = sam.cookie.split('=')[1]!;
    expect(rec.revealed()).toContain(secrets.session); // its Set-Cookie, to its owner
    const changed = await sam.call('PUT', '/api/user/self/password', { current_password: secrets.password, new_password: secrets.newPassword });
    expect(changed.json.success, changed.text).toBe(true);
    expect((await sam.call('POST', '/api/user/login', { username: 'sam', password: secrets.newPassword })).json.success).toBe(true);

    // A channel key, used by calls with an API key, then revealed once.
    secrets.channelKey = unique('sk-upstream');
    const upstream = await startFakeOpenAIChat({ apiKey: secrets.channelKey });
    const channelId = await addChannel(root, { type: 1, upstream, models: ['gpt-4o-mini'], key: secrets.channelKey });
    const code = await root.call('POST', '/api/redemption/', { name: 'for ann', quota: 50_000_000, count: 1, expired_time: 0 });
    secrets.redemptionCode = code.json.data[0];
    rec.revealed(); // the codes are shown to the admin who makes them
    expect((await ann.call('POST', '/api/user/topup', { key: secrets.redemptionCode })).json.success).toBe(true);
    const made = await ann.call('POST', '/api/token/', { name: 'app', unlimited_quota: true });
    secrets.apiKey = made.json.data.key.replace(/^sk-/, '');
    expect(rec.revealed()).toContain(secrets.apiKey);
    // Every call's bodies kept, the request holding the caller's own key (in a system message: the fake echoes only the user's).
    expect((await root.call('PUT', '/api/option', { key: 'log_bodies_all', value: true })).json.success).toBe(true);
    for (const stream of [false, true]) {
      const call = await fetch(`${relay.origin}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer sk-${secrets.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'system', content: `my key is sk-${secrets.apiKey}` }, { role: 'user', content: 'hi' }] }) });
      rec.answers.push(`${[...call.headers].join('\n')}\n${await call.text()}`);
      expect(call.status, rec.answers.at(-1)).toBe(200);
    }
    await ann.call('GET', '/api/token/?p=1&page_size=10');
    await root.call('GET', `/api/channel/${channelId}`);
    await root.call('GET', '/api/log/?p=1&page_size=50');
    const annLogs = await ann.call('GET', '/api/log/self?p=1&page_size=50');
    for (const record of annLogs.json.data.items.filter((r: { type: number }) => r.type === 2)) {
      await expect.poll(async () => (await ann.call('GET', `/api/log/${record.id}/bodies`)).json?.data?.request ?? '', { timeout: 10_000 }).toContain('[redacted]');
    }
    const reveal = await root.call('POST', `/api/channel/${channelId}/key`, { password: PASSWORD });
    expect(reveal.json?.data?.key, reveal.text).toBe(secrets.channelKey);
    rec.revealed();

    // The access token of the management API.
    const token = await ann.call('GET', '/api/user/token');
    secrets.accessToken = token.json.data;
    rec.revealed();
    const script = rec.wrap(new ApiClient(relay.origin, { authorization: `Bearer ${secrets.accessToken}` }));
    expect((await script.call('GET', '/api/user/self')).status).toBe(200);

    // Two-step verification: the seed and backup codes are shown at setup (reveals), then used.
    const twoFactor = await enableTwoFactor(ann);
    rec.revealed(); // enable: the backup codes
    rec.revealed(); // setup: the seed
    secrets.totp = twoFactor.secret;
    secrets.backupCode = twoFactor.backupCodes[0]!;
    const browser = rec.wrap(new ApiClient(relay.origin, { origin: relay.origin }));
    const pending = (await browser.call('POST', '/api/user/login', { username: 'ann', password: PASSWORD })).json.data.pending_token;
    expect((await browser.call('POST', '/api/user/login/2fa', { pending_token: pending, code: (await stepCodes(secrets.totp)).next })).json.success).toBe(true);
    await browser.call('GET', '/api/user/2fa/status');

    // A passkey: its private key never leaves the authenticator.
    const authenticator = new SoftAuthenticator(relay.origin);
    const options2 = await sam.call('POST', '/api/user/passkey/options');
    const { response, passkey } = authenticator.create(options2.json.data);
    expect((await sam.call('POST', '/api/user/passkey', { name: 'laptop', response })).json.success).toBe(true);
    secrets.passkeyPrivate = passkey.privateKey.export({ format: 'jwk' }).d!;
    await sam.call('GET', '/api/user/passkey');

    // Payment, mail and OAuth secrets (write-only options), used: a paid top-up, a mail sent.
    const stripe = await startFakeStripe();
    secrets.smtpPassword = unique('smtp');
    const smtpInbox = await startSmtpInbox({ account: 'relay@example.com', password: secrets.smtpPassword });
    secrets.githubSecret = unique('gh-secret');
    secrets.oidcSecret = unique('oidc-secret');
    for (const [key, value] of Object.entries({ stripe_secret_key: FAKE_STRIPE_KEY, stripe_webhook_secret: FAKE_WEBHOOK_SECRET, stripe_api_base: stripe.url, payment_unit_price: 1.2, smtp_server: '127.0.0.1', smtp_port: smtpInbox.port, smtp_account: 'relay@example.com', smtp_password: secrets.smtpPassword, github_client_id: 'gh-client', github_client_secret: secrets.githubSecret, oidc_client_secret: secrets.oidcSecret })) {
      const set = await root.call('PUT', '/api/option', { key, value });
      expect(set.json.success, set.text).toBe(true);
    }
    secrets.stripeKey = FAKE_STRIPE_KEY;
    secrets.webhookSecret = FAKE_WEBHOOK_SECRET;
    const pay = await sam.call('POST', '/api/user/stripe/pay', { amount: 5 });
    expect(pay.json.success, pay.text).toBe(true);
    const paid = await stripe.notify(`${relay.origin}/api/stripe/webhook`, [...stripe.sessions.values()][0]!.id);
    rec.answers.push(JSON.stringify(paid.json));
    expect(paid.json.data.credited).toBe(true);
    const mail = await sam.call('POST', '/api/user/self/email/code', { email: 'sam@example.com' });
    expect(mail.json.success, mail.text).toBe(true);
    expect(smtpInbox.received.length).toBe(1);
    await root.call('GET', '/api/option');
    await root.call('GET', '/api/user/topup?p=1&page_size=10');
    await sam.call('GET', '/api/user/topup/self');
    await root.call('GET', '/api/log/?p=1&page_size=100');
    await stripe.close();
    await upstream.close();
    await relay.close();

    const stored = options.server ? [...(await databaseTexts(options.server.databaseUrl, { minTables: 6 })), ...(await redisTexts(options.server.redisUrl, options.server.redisPrefix ?? ''))] : await folderTexts(relay.dataDir);
    // The data folder of a server-mode relay (its lock and any files) is searched too.
    if (options.server) stored.push(...(await folderTexts(relay.dataDir)));
    const places: Record<string, string[]> = { store: stored, logged: relay.logged, answers: rec.answers };
    const found: string[] = [];
    let cases = 0;
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(8); // backup codes are 8 characters
      for (const [place, texts] of Object.entries(places)) {
        cases++;
        if (texts.some((text) => text.includes(secret))) found.push(`${name} in ${place}`);
      }
    }
    // The reveals do hold what they revealed (the search above could find them).
    expect(rec.reveals.join('\n')).toContain(secrets.channelKey);
    expect(rec.reveals.join('\n')).toContain(secrets.totp);
    await recordFigure({ scenario: 'secrets: nothing stored, logged or answered', store: store.name, runs: 1, cases, held: `${Object.keys(secrets).length} secrets × ${Object.keys(places).length} places (${stored.length} stored records or files, ${rec.answers.length} answers): ${found.length} found`, worst: found[0] ?? 'none' });
    expect(found).toEqual([]);
  });
});
