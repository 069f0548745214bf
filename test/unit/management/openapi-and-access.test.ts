import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ApiClient, seedUsers, setupAndLogin, startTestRelay } from '../../helpers/relay.js';

const TAGS = [
  'system',
  'user login and registration',
  'OAuth',
  'user management',
  'top-up',
  'two-step verification',
  'security verification',
  'channel management',
  'token management',
  'redemption codes',
  'logs',
  'data statistics',
  'groups',
  'tasks',
  'suppliers',
  'model management',
  'system settings',
];

async function documentOf(origin: string) {
  return (await (await fetch(`${origin}/api/openapi.json`)).json()) as any;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.0.1 document with the tags of interface.md and both security schemes', async () => {
    const relay = await startTestRelay();
    const document = await documentOf(relay.origin);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.0.1');
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '{base_url}' })]);
    expect(document.tags.map((t: { name: string }) => t.name)).toEqual(TAGS);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'session']);
    expect(document.paths['/api/channel/{id}'].get.security).toEqual([{ session: [] }, { accessToken: [] }]);
    expect(document.paths['/api/status'].get.security).toEqual([]);
    expect(document.paths['/api/user/self/sessions'].get['x-access']).toBe('user');
    expect(document.paths['/api/user/self/sessions'].delete['x-access']).toBe('user');
    expect(document.paths['/api/user/self/sessions/{id}'].delete['x-access']).toBe('user');
    // Registration and users (issue 17): each under its tag, with its access level.
    const operations: [string, string, string, string][] = [
      ['/api/user/register', 'post', 'user login and registration', 'public'],
      ['/api/user/register/email_code', 'post', 'user login and registration', 'public'],
      ['/api/user/password_reset/email_code', 'post', 'user login and registration', 'public'],
      ['/api/user/password_reset', 'post', 'user login and registration', 'public'],
      ['/api/user/', 'get', 'user management', 'admin'],
      ['/api/user/', 'post', 'user management', 'admin'],
      ['/api/user/search', 'get', 'user management', 'admin'],
      ['/api/user/{id}', 'get', 'user management', 'admin'],
      ['/api/user/{id}', 'put', 'user management', 'admin'],
      ['/api/user/{id}', 'delete', 'user management', 'admin'],
      ['/api/user/{id}/reset_password', 'post', 'user management', 'admin'],
      ['/api/user/{id}/reset_2fa', 'post', 'user management', 'admin'],
      ['/api/user/manage', 'post', 'user management', 'admin'],
      ['/api/user/self', 'put', 'user management', 'user'],
      ['/api/user/self/email/code', 'post', 'user management', 'user'],
      ['/api/user/self/email', 'put', 'user management', 'user'],
    ];
    for (const [path, method, tag, access] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual([tag]);
      if (access === 'public') expect(operation.security).toEqual([]);
      else expect(operation['x-access'], `${method} ${path}`).toBe(access);
    }
  });
});

/** A relay with one user of each role, signed in. */
async function relayWithRoles() {
  const first = await startTestRelay();
  await setupAndLogin(first, 'root', 'root-password-1');
  await first.close();
  await seedUsers(first.dataDir, [{ username: 'admin', role: 10 }, { username: 'user', role: 1 }]);
  const relay = await startTestRelay({ dataDir: first.dataDir });
  const clients: Record<string, ApiClient> = { anonymous: new ApiClient(relay.origin) };
  for (const name of ['root', 'admin', 'user']) {
    const client = new ApiClient(relay.origin);
    const login = await client.call('POST', '/api/user/login', { username: name, password: `${name}-password-1` });
    expect(login.json.success, login.text).toBe(true);
    clients[name] = client;
  }
  // The walk makes a few calls per route and caller: more than the per-IP API limit allows.
  expect((await clients.root!.call('PUT', '/api/option', { values: { api_rate_limit: 0 } })).json.success).toBe(true);
  return { relay, clients };
}

const RANK = { anonymous: 0, user: 1, admin: 2, root: 3 } as const;
const NEEDED: Record<string, number> = { public: 0, user: 1, admin: 2, root: 3 };

describe('who may call what (every management route)', () => {
  it('refuses each route to callers below its access level, and lets the others through', async () => {
    const { relay, clients } = await relayWithRoles();
    const document = await documentOf(relay.origin);
    const routes: { method: string; path: string; access: string }[] = [];
    for (const [path, operations] of Object.entries(document.paths) as [string, Record<string, any>][]) {
      for (const [method, operation] of Object.entries(operations)) {
        const access = operation.security.length === 0 ? 'public' : operation['x-access'];
        routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1'), access });
      }
    }
    expect(routes.length).toBeGreaterThan(8);
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.path.includes('logout')) continue; // would end the session the rest of the test uses
      for (const caller of ['anonymous', 'user', 'admin', 'root'] as const) {
        const response = await clients[caller]!.call(route.method, route.path, route.method === 'GET' ? undefined : {});
        const refused = response.status === 401 || response.status === 403;
        const shouldRefuse = RANK[caller] < NEEDED[route.access]!;
        // A route may refuse for its own reasons (a wrong password is 401, setup once is 409);
        // what must never happen is a caller below the level getting through.
        if (shouldRefuse && !refused) wrong.push(`${route.method} ${route.path} (${route.access}) answered ${response.status} to ${caller}`);
        if (shouldRefuse && refused && caller === 'anonymous' && route.access !== 'public' && response.status !== 401) wrong.push(`${route.method} ${route.path}: anonymous got ${response.status}, not 401`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
