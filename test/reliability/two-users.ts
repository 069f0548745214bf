// Two users with resources of their own (keys, sessions, a passkey, a top-up and its log
// record) and an admin, for the authorisation scenarios: each tries the other's ids.
import { expect } from 'vitest';
import { ApiClient } from '../helpers/relay.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { relayWithUsers, type Signed, type StoreKind } from './stores.js';

export interface Owned {
  tokenId: number;
  tokenName: string;
  tokenKey: string;
  sessionId: string;
  passkeyId: string;
}

/** What `client` owns, as it sees it: compared before and after the others' attempts. */
export async function snapshotOf(client: ApiClient): Promise<string> {
  const parts = [];
  for (const path of ['/api/user/self', '/api/token/?p=1&page_size=100', '/api/user/self/sessions', '/api/user/passkey', '/api/user/topup/self', '/api/log/self?p=1&page_size=100', '/api/user/oauth']) {
    const answer = await client.call('GET', path);
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    // last_used_at moves with the snapshot's own calls (the session touched): not a change by others.
    parts.push(answer.text.replace(/"last_(used|seen)_at":\d+/g, ''));
  }
  return parts.join('\n');
}

async function resourcesOf(signed: Signed, name: string): Promise<Owned> {
  const client = signed.users[name]!;
  const tokenName = `${name}-private-key`;
  const made = await client.call('POST', '/api/token/', { name: tokenName, unlimited_quota: true });
  expect(made.json.success, made.text).toBe(true);
  const listed = (await client.call('GET', '/api/token/?p=1&page_size=10')).json.data;
  const tokenId = (listed.items ?? listed).find((t: { name: string }) => t.name === tokenName).id as number;
  const sessions = (await client.call('GET', '/api/user/self/sessions')).json.data;
  const sessionId = String(sessions[0].id);
  const options = await client.call('POST', '/api/user/passkey/options');
  const { response } = new SoftAuthenticator(signed.relay.origin).create(options.json.data);
  const added = await client.call('POST', '/api/user/passkey', { name: `${name} laptop`, response });
  expect(added.json.success, added.text).toBe(true);
  const code = await signed.root.call('POST', '/api/redemption/', { name: `for ${name}`, quota: 100_000, count: 1, expired_time: 0 });
  expect((await client.call('POST', '/api/user/topup', { key: code.json.data[0] })).json.success).toBe(true);
  return { tokenId, tokenName, tokenKey: made.json.data.key ?? '', sessionId, passkeyId: String(added.json.data.id) };
}

export interface TwoUsers extends Signed {
  ann: ApiClient & { id: number };
  ben: ApiClient & { id: number };
  ada: ApiClient & { id: number };
  owned: { ann: Owned; ben: Owned };
  /** A task of root's (users may not see it). */
  rootTaskId: string;
}

export async function twoUsers(store: StoreKind): Promise<TwoUsers> {
  const signed = await relayWithUsers(store, ['ann', 'ben']);
  const made = await signed.root.call('POST', '/api/user/', { username: 'ada', password: 'ada-password-1', role: 10 });
  expect(made.json.success, made.text).toBe(true);
  const ada = Object.assign(new ApiClient(signed.relay.origin, { origin: signed.relay.origin }), { id: made.json.data.id as number });
  expect((await ada.call('POST', '/api/user/login', { username: 'ada', password: 'ada-password-1' })).json.success).toBe(true);
  const owned = { ann: await resourcesOf(signed, 'ann'), ben: await resourcesOf(signed, 'ben') };
  const task = await signed.root.call('POST', '/api/channel/test_all', {}, { origin: signed.relay.origin });
  expect(task.json.success, task.text).toBe(true);
  return { ...signed, ann: signed.users.ann!, ben: signed.users.ben!, ada, owned, rootTaskId: String(task.json.data.id) };
}
