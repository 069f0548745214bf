import { expect } from 'vitest';
import { ApiClient, setupAndLogin, startTestRelay } from './relay.js';

export const PASSWORD = 'user-password-1';

/** Root signed in, an admin and two common users made through the API (each with 1 000 000 quota), the admin signed in. */
export async function relayWithPeople() {
  const relay = await startTestRelay();
  const root = await setupAndLogin(relay, 'root', 'root-password-1');
  const ids: Record<string, number> = {};
  for (const [username, role] of [['admin', 10], ['admin2', 10], ['alice', 1], ['bob', 1]] as const) {
    const made = await root.call('POST', '/api/user/', { username, password: PASSWORD, role, quota: 1_000_000 });
    expect(made.json, made.text).toMatchObject({ success: true, data: { username, role } });
    ids[username] = made.json.data.id;
  }
  ids.root = (await root.call('GET', '/api/user/self')).json.data.id;
  const admin = await signIn(relay.origin, 'admin');
  return { relay, root, admin, ids };
}

export async function signIn(origin: string, username: string, password = PASSWORD) {
  const client = new ApiClient(origin);
  const login = await client.call('POST', '/api/user/login', { username, password });
  expect(login.json.success, login.text).toBe(true);
  return client;
}
