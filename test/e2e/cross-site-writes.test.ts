// A page on another site (or another port) cannot make the browser change anything with the
// console's cookie: Sec-Fetch-Site is checked when the browser sends it, with or without Origin.
import { describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startGateway } from '../helpers/gateway.js';
import { setupAndLogin, startTestRelay } from '../helpers/relay.js';

describe('management writes with the session cookie', () => {
  it('are refused with 403 in the envelope when the browser says cross-site or same-site, even without Origin', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    for (const site of ['cross-site', 'same-site']) {
      const refused = await admin.call('POST', '/api/token/', { name: `from ${site}` }, { 'sec-fetch-site': site });
      expect(refused.status, site).toBe(403);
      expect(refused.json, site).toEqual({ success: false, message: 'Cross-origin request refused.', data: null });
    }
    expect((await admin.call('GET', '/api/token/')).json.data.total).toBe(0);
  });

  it('are accepted from the console itself (same-origin), or typed by the user (none)', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    for (const site of ['same-origin', 'none']) {
      const accepted = await admin.call('POST', '/api/token/', { name: `from ${site}` }, { 'sec-fetch-site': site, origin: relay.origin });
      expect(accepted.status, site).toBe(200);
    }
    expect((await admin.call('GET', '/api/token/')).json.data.total).toBe(2);
  });

  it('refuse GETs another page makes with the cookie too (some act: a new access token, a paid channel test, sign-out)', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const before = (await admin.call('GET', '/api/user/token')).json.data as string;
    for (const site of ['cross-site', 'same-site']) {
      const refused = await admin.call('GET', '/api/user/token', undefined, { 'sec-fetch-site': site });
      expect(refused.status, site).toBe(403);
      expect((await admin.call('GET', '/api/user/self', undefined, { 'sec-fetch-site': site })).status, site).toBe(403);
    }
    // The token made before still works: the refused calls replaced nothing.
    const self = await fetch(`${relay.origin}/api/user/self`, { headers: { authorization: `Bearer ${before}` } });
    expect(self.status).toBe(200);
    expect((await admin.call('GET', '/api/user/self', undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await admin.call('GET', '/api/user/self', undefined, { 'sec-fetch-site': 'none' })).status).toBe(200);
  });

  it('leave personal access tokens (no cookie) unaffected', async () => {
    const relay = await startTestRelay();
    const admin = await setupAndLogin(relay);
    const accessToken = (await admin.call('GET', '/api/user/token')).json.data as string;
    const script = await fetch(`${relay.origin}/api/token/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ name: 'from a script' }),
    });
    expect(script.status).toBe(200);
  });
});

describe('the playground (POST /pg/chat/completions)', () => {
  it('refuses a cross-site call with 403 in the chat-completions shape, serves the same call same-origin', async () => {
    const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
    try {
      const g = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
      const call = (site: string) =>
        fetch(`${g.relay.origin}/pg/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: g.admin.cookie, origin: g.relay.origin, 'sec-fetch-site': site },
          body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] }),
        });
      const refused = await call('cross-site');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as any).error.message).toMatch(/only the console it belongs to/);
      expect(upstream.requests).toHaveLength(0);
      expect((await call('same-origin')).status).toBe(200);
    } finally {
      await upstream.close();
    }
  });
});
