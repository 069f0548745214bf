// What every reliability scenario runs on: the embedded store and PostgreSQL + Redis (server
// mode, throwaway servers from the system project's globalSetup), and how it reports figures.
import { expect } from 'vitest';
import type { RelayOptions } from '../../relay/index.js';
import type { StoreName } from './figures.js';
import { PASSWORD } from '../helpers/people.js';
import { ApiClient, setupAndLogin, startTestRelay, type TestRelay } from '../helpers/relay.js';
import { serverModeOptions } from '../helpers/server-db.js';

export interface StoreKind {
  name: StoreName;
  /** Options for startTestRelay (a fresh database and Redis prefix each time for the server). */
  options(): Promise<Partial<RelayOptions>>;
}

export const STORES: StoreKind[] = [
  { name: 'embedded', options: async () => ({}) },
  { name: 'server', options: async () => ({ server: await serverModeOptions() }) },
];

export interface Signed {
  relay: TestRelay;
  root: ApiClient;
  /** Common users made through the admin API, signed in, by name. */
  users: Record<string, ApiClient & { id: number }>;
}

/** A relay on `store` with its owner (root) and the named common users, each signed in. */
export async function relayWithUsers(store: StoreKind, names: string[] = [], extra: Partial<RelayOptions> = {}): Promise<Signed> {
  const relay = await startTestRelay({ ...(await store.options()), ...extra });
  const status = (await (await fetch(`${relay.origin}/api/status`)).json()) as { data: { secret_backend: string } };
  // The server store keeps secrets sealed in PostgreSQL: a relay that fell back to embedded would not.
  expect(status.data.secret_backend).toBe(store.name === 'server' ? 'database' : 'encrypted-file');
  const root = await setupAndLogin(relay, 'root', PASSWORD);
  // Scenarios fire many calls from one address: the per-IP limits would answer 429 instead.
  const lifted = await root.call('PUT', '/api/option', { values: { api_rate_limit: 0, critical_rate_limit: 10_000 } });
  expect(lifted.json.success, lifted.text).toBe(true);
  const users: Signed['users'] = {};
  for (const name of names) {
    const made = await root.call('POST', '/api/user/', { username: name, password: PASSWORD, role: 1 });
    expect(made.json.success, made.text).toBe(true);
    const client = Object.assign(new ApiClient(relay.origin, { origin: relay.origin }), { id: made.json.data.id as number });
    expect((await client.call('POST', '/api/user/login', { username: name, password: PASSWORD })).json.success).toBe(true);
    users[name] = client;
  }
  return { relay, root, users };
}

export { recordFigure, type Figure } from './figures.js';
