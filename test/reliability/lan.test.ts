// LAN exposure (issue 18): listening beyond loopback needs an owner (setup from another machine
// takes the printed setup code) and warns while the owner's password is all that guards it;
// security headers on the console, the API and the model routes; CORS on the model routes
// only, never with credentials, never on /api or the cookie-authenticated playground.
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/people.js';
import { ApiClient, setupAndLogin, startTestRelay } from '../helpers/relay.js';
import { enableTwoFactor } from '../helpers/two-factor.js';
import { recordFigure, STORES } from './stores.js';

/** An address of this machine other than loopback: calls to it come from a LAN address. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const warned = (logged: string[]) => logged.some((line) => /LAN: the owner "root" signs in with a password alone/.test(line));

describe.each(STORES)('LAN exposure ($name store)', (store) => {
  it.skipIf(!lanAddress)('on 0.0.0.0: setup from the LAN needs the setup code; a password-only owner is warned about until two-step verification is on', async () => {
    const options = { ...(await store.options()), host: '0.0.0.0' };
    const first = await startTestRelay(options);
    const port = new URL(first.origin).port;
    const fromLan = new ApiClient(`http://${lanAddress}:${port}`);
    const status = (await fromLan.call('GET', '/api/status')).json.data;
    expect(status).toMatchObject({ lan: true, setup_code_required: true });
    const without = await fromLan.call('POST', '/api/setup', { username: 'root', password: PASSWORD });
    expect(without.status).toBe(403);
    const wrongCode = await fromLan.call('POST', '/api/setup', { username: 'root', password: PASSWORD, setup_code: '00000000' === first.setupCode ? '11111111' : '00000000' });
    expect(wrongCode.status).toBe(403);
    expect(first.setupCode).toMatch(/^\d{8}$/);
    const made = await fromLan.call('POST', '/api/setup', { username: 'root', password: PASSWORD, setup_code: first.setupCode });
    expect(made.json.success, made.text).toBe(true);
    expect(warned(first.logged)).toBe(false); // no owner when it started
    await first.close();

    const second = await startTestRelay({ ...options, dataDir: first.dataDir });
    expect(warned(second.logged)).toBe(true);
    const owner = new ApiClient(`http://${lanAddress}:${new URL(second.origin).port}`);
    expect((await owner.call('POST', '/api/user/login', { username: 'root', password: PASSWORD })).json.success).toBe(true);
    await enableTwoFactor(owner);
    await second.close();

    const third = await startTestRelay({ ...options, dataDir: first.dataDir });
    expect(warned(third.logged)).toBe(false);
    // On loopback there is nothing to warn about.
    await third.close();
    const local = await startTestRelay({ ...options, host: '127.0.0.1', dataDir: first.dataDir });
    expect(local.logged.some((line) => line.includes('LAN:'))).toBe(false);
    await recordFigure({ scenario: 'LAN exposure: setup code and owner warning', store: store.name, runs: 1, cases: 7, held: 'setup from the LAN refused without the code (and with a wrong one); warned while the owner had a password alone, not after 2FA', worst: 'none' });
  });

  it('security headers everywhere; CORS on /v1 only, any origin, never with credentials', async () => {
    const relay = await startTestRelay(await store.options());
    const root = await setupAndLogin(relay, 'root', PASSWORD);
    const key = (await root.call('POST', '/api/token/', { name: 'web app', unlimited_quota: true })).json.data.key as string;
    const foreign = { origin: 'https://app.example' };
    const wrong: string[] = [];
    const answers: [string, Response][] = [];
    const ask = async (label: string, path: string, init: RequestInit = {}) => {
      const response = await fetch(relay.origin + path, { ...init, headers: { ...foreign, ...(init.headers as Record<string, string>) } });
      await response.arrayBuffer();
      answers.push([label, response]);
      return response;
    };
    const console = await ask('console', '/');
    const consolePage = await ask('console route', '/dashboard');
    const api = await ask('api', '/api/status');
    const apiSelf = await ask('api with cookie', '/api/user/self', { headers: { cookie: root.cookie } });
    const apiPreflight = await ask('api preflight', '/api/user/self', { method: 'OPTIONS', headers: { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    const playground = await ask('playground preflight', '/pg/chat/completions', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    const models = await ask('models with key', '/v1/models', { headers: { authorization: `Bearer ${key}` } });
    const keyless = await ask('model call without key', '/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"x","messages":[]}' });
    const preflight = await ask('model preflight', '/v1/chat/completions', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, anthropic-version' } });
    const gemini = await ask('gemini preflight', '/v1beta/models/gemini-2.0-flash:generateContent', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-goog-api-key' } });

    for (const [label, response] of answers) {
      if (response.headers.get('x-content-type-options') !== 'nosniff') wrong.push(`${label}: no nosniff`);
      if (response.headers.get('referrer-policy') !== 'no-referrer') wrong.push(`${label}: referrer policy ${response.headers.get('referrer-policy')}`);
      if (response.headers.get('x-frame-options') !== 'DENY') wrong.push(`${label}: X-Frame-Options ${response.headers.get('x-frame-options')}`);
      if (response.headers.has('access-control-allow-credentials')) wrong.push(`${label}: allows credentials`);
      const cors = response.headers.get('access-control-allow-origin');
      if (label.startsWith('api') || label.startsWith('console') || label.startsWith('playground')) {
        if (cors !== null) wrong.push(`${label}: CORS ${cors}`);
      } else if (cors !== '*') wrong.push(`${label}: no CORS for clients`);
    }
    for (const [label, response] of [['console', console], ['console route', consolePage], ['api', api], ['api with cookie', apiSelf]] as const) {
      if (!/frame-ancestors 'none'/.test(response.headers.get('content-security-policy') ?? '')) wrong.push(`${label}: CSP ${response.headers.get('content-security-policy')}`);
    }
    expect(console.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(apiSelf.status).toBe(200);
    expect(apiPreflight.status).not.toBe(204);
    expect(playground.status).not.toBe(204);
    expect(models.status).toBe(200);
    expect(keyless.status).toBe(401); // any origin may call, but only with a key
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type, anthropic-version');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(gemini.status).toBe(204);
    await recordFigure({ scenario: 'LAN exposure: security headers and CORS', store: store.name, runs: 1, cases: answers.length, held: `${answers.length - new Set(wrong.map((w) => w.split(':')[0])).size} of ${answers.length} answers as they should be`, worst: wrong[0] ?? 'none' });
    expect(wrong).toEqual([]);
  });

  it('bound to loopback: host names other than loopback ones are refused (DNS rebinding)', async () => {
    const relay = await startTestRelay(await store.options());
    // fetch sends its own Host header: node:http sends the one given.
    const statusWithHost = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        request(relay.origin + path, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    for (const path of ['/api/status', '/v1/models', '/']) {
      expect(await statusWithHost(path, 'rebind.example'), path).toBe(403);
      expect(await statusWithHost(path, `localhost:${new URL(relay.origin).port}`), path).not.toBe(403);
    }
  });
});
