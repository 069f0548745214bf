import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from '../../../relay/management/user-agent.js';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const PASSWORD = 'correct horse battery';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:142.0) Gecko/20100101 Firefox/142.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function signIn(origin: string, username: string, password: string, userAgent: string) {
  const client = new ApiClient(origin, { 'user-agent': userAgent });
  const login = await client.call('POST', '/api/user/login', { username, password });
  expect(login.json.success, login.text).toBe(true);
  return client;
}

/** An owner signed in from two browsers, and a plain user signed in once. */
async function relayWithSessions() {
  const first = await startTestRelay();
  await setupAndLogin(first, 'owner', PASSWORD);
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'user' }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const laptop = await signIn(relay.origin, 'owner', PASSWORD, FIREFOX);
  const phone = await signIn(relay.origin, 'owner', PASSWORD, SAFARI);
  const user = await signIn(relay.origin, 'user', 'user-password-1', 'curl/8.5.0');
  return { relay, laptop, phone, user };
}

describe('GET /api/user/self/sessions', () => {
  it("lists the caller's own sessions, marks the current one, and never shows a token or its hash", async () => {
    const { relay, laptop } = await relayWithSessions();
    const answer = await laptop.call('GET', '/api/user/self/sessions');
    expect(answer.status, answer.text).toBe(200);
    const sessions = answer.json.data as { id: string; client: string; current: boolean; ip: string; created_at: number; last_seen_at: number }[];
    // The owner's setup session (started before the restart) is still live, plus the two browsers.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toEqual([expect.objectContaining({ client: 'Firefox 142 on Linux', ip: '127.0.0.1' })]);
    expect(sessions.map((s) => s.client)).toContain('Safari 17 on macOS');
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect(session.created_at).toBeGreaterThan(0);
      expect(session.last_seen_at).toBeGreaterThanOrEqual(session.created_at);
    }
    const cookie = decodeURIComponent(laptop.cookie.split('=')[1]!);
    const state = await readFile(join(relay.dataDir, 'state.json'), 'utf8');
    const hashes = [...state.matchAll(/"id_hash":\s*"([0-9a-f]+)"/g)].map((m) => m[1]!);
    expect(answer.text).not.toContain(cookie);
    for (const hash of hashes) expect(answer.text).not.toContain(hash);
  });

  it('shows a user only their own sessions', async () => {
    const { user } = await relayWithSessions();
    const sessions = (await user.call('GET', '/api/user/self/sessions')).json.data;
    expect(sessions).toEqual([expect.objectContaining({ client: 'curl 8.5.0', current: true })]);
  });

  it('needs a signed-in caller', async () => {
    const { relay } = await relayWithSessions();
    expect((await new ApiClient(relay.origin).call('GET', '/api/user/self/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/user/self/sessions/{id}', () => {
  it('signs that session out at once; the others go on', async () => {
    const { laptop, phone } = await relayWithSessions();
    const sessions = (await laptop.call('GET', '/api/user/self/sessions')).json.data as { id: string; client: string }[];
    const phoneSession = sessions.find((s) => s.client.startsWith('Safari'))!;
    const revoked = await laptop.call('DELETE', `/api/user/self/sessions/${phoneSession.id}`);
    expect(revoked.json, revoked.text).toMatchObject({ success: true, data: null });
    expect((await phone.call('GET', '/api/user/self')).status).toBe(401);
    expect((await laptop.call('GET', '/api/user/self')).status).toBe(200);
    const left = (await laptop.call('GET', '/api/user/self/sessions')).json.data as { id: string }[];
    expect(left.map((s) => s.id)).not.toContain(phoneSession.id);
  });

  it('signs the caller out when it is the current session, clearing the cookie', async () => {
    const { laptop } = await relayWithSessions();
    const current = ((await laptop.call('GET', '/api/user/self/sessions')).json.data as { id: string; current: boolean }[]).find((s) => s.current)!;
    const answer = await laptop.call('DELETE', `/api/user/self/sessions/${current.id}`);
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^relaydesk_session=;/);
    expect((await laptop.call('GET', '/api/user/self')).status).toBe(401);
  });

  it("cannot touch another user's session: it answers 404 and the session lives on", async () => {
    const { laptop, user } = await relayWithSessions();
    const owners = (await laptop.call('GET', '/api/user/self/sessions')).json.data as { id: string }[];
    for (const session of owners) {
      const attempt = await user.call('DELETE', `/api/user/self/sessions/${session.id}`);
      expect(attempt.status).toBe(404);
    }
    expect((await laptop.call('GET', '/api/user/self')).status).toBe(200);
    expect((await laptop.call('GET', '/api/user/self/sessions')).json.data).toHaveLength(owners.length);
  });
});

describe('DELETE /api/user/self/sessions', () => {
  it("signs out every other session of the caller, and no one else's", async () => {
    const { laptop, phone, user } = await relayWithSessions();
    const answer = await laptop.call('DELETE', '/api/user/self/sessions');
    expect(answer.json, answer.text).toMatchObject({ success: true, data: { signed_out: 2 } });
    expect((await phone.call('GET', '/api/user/self')).status).toBe(401);
    expect((await laptop.call('GET', '/api/user/self')).status).toBe(200);
    expect((await user.call('GET', '/api/user/self')).status).toBe(200);
    expect((await laptop.call('GET', '/api/user/self/sessions')).json.data).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('summariseUserAgent', () => {
  it.each([
    [FIREFOX, 'Firefox 142 on Linux'],
    [SAFARI, 'Safari 17 on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131 on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) relaydesk/0.1.0 Chrome/140.0.0.0 Electron/45.4.1 Safari/537.36', 'Relaydesk desktop on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome 140 on Linux'],
    ['curl/8.5.0', 'curl 8.5.0'],
    ['', 'Unknown client'],
  ])('%s → %s', (userAgent, expected) => {
    expect(summariseUserAgent(userAgent)).toBe(expected);
  });
});
