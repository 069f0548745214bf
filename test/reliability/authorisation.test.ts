// Authorisation (issue 18): every management route of /api/openapi.json × anonymous / user /
// admin / root, with another user's resource ids in paths and bodies; CSRF on every route a
// session cookie reaches; session fixation. Brute-force limits: authorisation-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/people.js';
import { ApiClient } from '../helpers/relay.js';
import { recordFigure, STORES } from './stores.js';
import { ROUTE_ACCESS, type Access } from './route-access.js';
import { snapshotOf, twoUsers, type TwoUsers } from './two-users.js';

interface Route {
  method: string;
  /** As documented, with {params}. */
  template: string;
  /** The reviewed level (route-access.ts), not what the route declares of itself. */
  access: Access;
  declared: Access;
}

const RANK = { anonymous: 0, user: 1, admin: 2, root: 3 } as const;
const NEEDED = { public: 0, user: 1, admin: 2, root: 3 } as const;

async function routesOf(origin: string): Promise<Route[]> {
  const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as any;
  const routes: Route[] = [];
  for (const [template, operations] of Object.entries(document.paths) as [string, Record<string, any>][]) {
    for (const [method, operation] of Object.entries(operations)) {
      const declared: Access = operation.security.length === 0 ? 'public' : operation['x-access'];
      const reviewed = ROUTE_ACCESS[`${method.toUpperCase()} ${template}`];
      // A route missing from the table is tested as root-only: its calls below root then fail loudly too.
      routes.push({ method: method.toUpperCase(), template, declared, access: reviewed ?? 'root' });
    }
  }
  return routes;
}

/** The path with ann's ids (or root's task, or real names) where the route takes one. */
function pathFor(route: Route, t: TwoUsers): string {
  const ann = t.owned.ann;
  return route.template.replace(/\{([^}]+)\}/g, (_, param: string) => {
    if (param === 'provider') return route.template.includes('/pay') ? 'stripe' : 'github';
    if (param === 'name') return 'default';
    if (route.template.startsWith('/api/token/')) return String(ann.tokenId);
    if (route.template.startsWith('/api/user/self/sessions/')) return ann.sessionId;
    if (route.template.startsWith('/api/user/passkey/')) return ann.passkeyId;
    if (route.template.startsWith('/api/task/')) return t.rootTaskId;
    if (route.template.startsWith('/api/user/')) return String(t.ann.id);
    return '1';
  });
}

/** Bodies naming ann's things, for routes that take ids in the body. */
function bodyFor(route: Route, t: TwoUsers): unknown {
  const ann = t.owned.ann;
  const key = `${route.method} ${route.template}`;
  if (key === 'PUT /api/token') return { id: ann.tokenId, name: 'stolen', unlimited_quota: true, status: 2 };
  if (key === 'POST /api/token/batch') return { ids: [ann.tokenId] };
  if (key === 'PUT /api/user/self') return { id: t.ann.id, display_name: 'stolen' };
  if (key === 'PUT /api/user/passkey/{id}') return { name: 'stolen' };
  return route.method === 'GET' ? undefined : {};
}

/** Reads of one's own things, asked with ann's name and id in the query. */
const OWN_READS = ['/api/token/search?keyword=ann', '/api/log/self?username=ann&user_id=', '/api/log/self/stat?username=ann', '/api/log/self/export?username=ann', '/api/user/topup/self?user_id=', '/api/task/self?user_id=', '/api/data/self?username=ann', '/api/user/self?id=', '/api/user/passkey?user_id=', '/api/user/self/sessions?user_id=', '/api/user/oauth?user_id='];

const skipped = (route: Route) => route.template.includes('logout'); // would end the caller's session

describe.each(STORES)('authorisation ($name store)', (store) => {
  it("every route × anonymous / user / admin / root with another user's ids: refused below its level, and nobody sees or changes ann's things", async () => {
    const t = await twoUsers(store);
    const routes = await routesOf(t.relay.origin);
    expect(routes.length).toBeGreaterThan(100);
    // The relay's own declarations against the reviewed table, both ways.
    const differing = routes.filter((r) => ROUTE_ACCESS[`${r.method} ${r.template}`] !== r.declared).map((r) => `${r.method} ${r.template}: declares ${r.declared}, reviewed ${ROUTE_ACCESS[`${r.method} ${r.template}`] ?? '(not listed)'}`);
    const served = new Set(routes.map((r) => `${r.method} ${r.template}`));
    expect(differing).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((route) => !served.has(route))).toEqual([]);
    const before = await snapshotOf(t.ann);
    const callers = { anonymous: new ApiClient(t.relay.origin), user: t.ben, admin: t.ada, root: t.root } as const;
    const origin = { origin: t.relay.origin };
    const wrong: string[] = [];
    let cases = 0;
    for (const route of routes.filter((r) => !skipped(r))) {
      const path = pathFor(route, t);
      const body = bodyFor(route, t);
      for (const [caller, client] of Object.entries(callers) as [keyof typeof RANK, ApiClient][]) {
        const below = RANK[caller] < NEEDED[route.access];
        // At or above the level, only users' own things are tried: admins manage keys and tasks by design.
        const anothers = route.access === 'user' && /\{|^(PUT|POST) \/api\/(token|user\/self)$|batch/.test(`${route.method} ${route.template}`);
        const selfOnly = /sessions|passkey/.test(route.template);
        if (!below && !(anothers && (caller === 'user' || selfOnly))) continue;
        cases++;
        const answer = await client.call(route.method, path, body, origin);
        const refused = answer.status === 401 || answer.status === 403;
        if (below && !refused) wrong.push(`${route.method} ${path} (${route.access}) answered ${answer.status} to ${caller}`);
        if (below && caller === 'anonymous' && answer.status !== 401) wrong.push(`${route.method} ${path}: anonymous got ${answer.status}`);
        if (!below && route.template.includes('{') && answer.status < 400) wrong.push(`${route.method} ${path}: ${caller} reached ann's resource (${answer.status} ${answer.text.slice(0, 120)})`);
        if (answer.status >= 500) wrong.push(`${route.method} ${path}: ${answer.status} to ${caller}`);
      }
    }
    for (const read of OWN_READS) {
      // Admins manage every user's keys by design: the key search is theirs to read whole.
      for (const client of read.startsWith('/api/token/') ? [t.ben] : [t.ben, t.ada]) {
        cases++;
        const answer = await client.call('GET', read.endsWith('=') ? `${read}${t.ann.id}` : read);
        const leaked = [t.owned.ann.tokenName, t.owned.ann.sessionId, 'ann laptop', 'for ann', '"username":"ann"'].filter((s) => answer.text.includes(s));
        if (leaked.length > 0 || answer.status >= 500) wrong.push(`GET ${read} as ${client === t.ben ? 'ben' : 'ada'}: ${answer.status}, shows ${leaked.join(', ')}`);
      }
    }
    const after = await snapshotOf(t.ann);
    await recordFigure({ scenario: 'authorisation: routes × callers × another user’s ids', store: store.name, runs: 1, cases, held: `${routes.length} routes, ${wrong.length} wrong answers, ann's keys/sessions/passkeys/top-ups/logs ${after === before ? 'unchanged' : 'CHANGED'}`, worst: wrong[0] ?? 'none' });
    expect(wrong).toEqual([]);
    expect(after).toBe(before);
  });

  it('CSRF: every route reached with the session cookie refuses another site (Origin, Sec-Fetch-Site cross-site and same-site)', async () => {
    const t = await twoUsers(store);
    const routes = (await routesOf(t.relay.origin)).filter((r) => !skipped(r) && r.access !== 'public');
    const before = await snapshotOf(t.ann);
    const attempts: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site', origin: `http://sub.localhost:${new URL(t.relay.origin).port}` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    const wrong: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const write = route.method !== 'GET';
      // Writes: also an Origin of another site alone (older browsers send no Sec-Fetch-Site).
      for (const headers of write ? [...attempts, { origin: 'https://evil.example' }, { origin: 'null' }] : attempts) {
        cases++;
        const answer = await t.root.call(route.method, pathFor(route, t), bodyFor(route, t), headers);
        if (answer.status !== 403 || !/cross-origin/i.test(answer.json?.message ?? '')) wrong.push(`${route.method} ${route.template} with ${JSON.stringify(headers)}: ${answer.status}`);
      }
    }
    // Writes without a session (sign-in, registration, setup, passkey sign-in, the webhook):
    // another page must not sign the browser into an account of its choosing (login CSRF).
    const anonymous = new ApiClient(t.relay.origin);
    const publicWrites = (await routesOf(t.relay.origin)).filter((r) => r.access === 'public' && r.method !== 'GET');
    for (const route of publicWrites) {
      // (On Sec-Fetch-Site: behind a proxy a sign-in's Origin is public_url's, not the Host's.)
      for (const headers of attempts) {
        cases++;
        const body = route.template === '/api/user/login' ? { username: 'ann', password: PASSWORD } : {};
        const answer = await anonymous.call(route.method, pathFor(route, t), body, headers);
        if (answer.status !== 403 || answer.setCookie) wrong.push(`${route.method} ${route.template} without a session, with ${JSON.stringify(headers)}: ${answer.status}`);
      }
    }
    expect(anonymous.cookie).toBe('');
    // The session still works from the console's own origin: nothing above signed root out.
    expect((await t.root.call('GET', '/api/user/self', undefined, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const after = await snapshotOf(t.ann);
    await recordFigure({ scenario: 'authorisation: CSRF on cookie calls', store: store.name, runs: 1, cases, held: `${routes.length} routes with the cookie and ${publicWrites.length} public writes, ${cases - wrong.length} of ${cases} refused with 403`, worst: wrong[0] ?? 'none' });
    expect(wrong).toEqual([]);
    expect(after).toBe(before);
  });

  it('session fixation: a cookie set before sign-in is not the session after it; each sign-in issues a new one', async () => {
    const t = await twoUsers(store);
    const browser = new ApiClient(t.relay.origin);
    browser.cookie = 'relaydesk_session=attacker-chosen-value-0123456789abcdef';
    expect((await browser.call('GET', '/api/user/self')).status).toBe(401);
    const wrongPassword = await browser.call('POST', '/api/user/login', { username: 'ben', password: 'not-the-password-1' });
    expect(wrongPassword.setCookie ?? '').not.toContain('relaydesk_session=');
    const signIn = async (client: ApiClient) => {
      const login = await client.call('POST', '/api/user/login', { username: 'ben', password: PASSWORD });
      expect(login.json.success, login.text).toBe(true);
      return client.cookie;
    };
    const one = await signIn(browser);
    expect(one).not.toContain('attacker-chosen');
    const two = await signIn(browser);
    expect(two).not.toBe(one);
    // The fixed value still opens nothing; the newest session works.
    const fixed = new ApiClient(t.relay.origin);
    fixed.cookie = 'relaydesk_session=attacker-chosen-value-0123456789abcdef';
    expect((await fixed.call('GET', '/api/user/self')).status).toBe(401);
    expect((await browser.call('GET', '/api/user/self')).json.data.username).toBe('ben');
    await recordFigure({ scenario: 'authorisation: session fixation', store: store.name, runs: 1, cases: 4, held: 'a planted cookie never became a session; each sign-in issued a new one', worst: 'none' });
  });
});
