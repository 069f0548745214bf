// Sign-in providers for OAuth tests, on loopback: a real OpenID Connect provider
// (oidc-provider, with an interaction that signs in whoever the test names) and a fake of
// GitHub's OAuth app endpoints and REST API (authorize, access_token with PKCE, /user,
// /user/emails). Plus a browser-like client that follows redirects across both and the relay.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { onTestFinished } from 'vitest';

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

/** An OpenID Connect provider with one confidential client (`relaydesk`) whose redirect URI is the relay's callback; `signInAs` names who the next sign-in is. */
export async function startOidcProvider(relayOrigin: string) {
  const accounts = new Map<string, OidcAccount>();
  let nextAccount = '';
  /** Rewrites the ID token of the next token answer (signed again with the provider's key). */
  let forge: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let provider!: Provider;
  const { origin } = await listen((req, res) => {
    if (req.url?.startsWith('/interaction/')) return void finishInteraction(req, res).catch((error) => res.writeHead(500).end(String(error)));
    if (req.url === '/token' && forge) forgeIdToken(res, forge);
    provider.callback()(req, res);
  });
  const client = { client_id: 'relaydesk', client_secret: 'oidc-client-secret', redirect_uris: [`${relayOrigin}/api/oauth/oidc/callback`], token_endpoint_auth_method: 'client_secret_post' };
  provider = new Provider(origin, {
    clients: [client],
    jwks: { keys: [jwk] },
    findAccount: async (_ctx: unknown, id: string) => (accounts.has(id) ? { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key'] },
    // A session at the provider lasts a second: each sign-in asks again, so a test can sign in as someone else.
    ttl: { Session: 1, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });

  // The login and consent page: whoever the test named signs in and agrees at once.
  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: nextAccount, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { login: { accountId: nextAccount }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
  }

  function forgeIdToken(res: ServerResponse, change: (claims: Record<string, unknown>) => Record<string, unknown>) {
    forge = null;
    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (body: Buffer) => ServerResponse;
    res.write = ((chunk: Buffer | string) => (chunks.push(Buffer.from(chunk)), true)) as typeof res.write;
    res.end = ((chunk?: Buffer | string) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      void new SignJWT(change(decodeJwt(body.id_token)))
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(privateKey)
        .then((idToken) => {
          const text = Buffer.from(JSON.stringify({ ...body, id_token: idToken }));
          res.setHeader('content-length', text.length);
          end(text);
        });
      return res;
    }) as typeof res.end;
  }

  return {
    issuer: origin,
    client,
    /** The settings that point the relay at this provider. */
    settings: { oidc_issuer_url: origin, oidc_client_id: client.client_id, oidc_client_secret: client.client_secret, oidc_name: 'Test SSO' },
    addAccount(id: string, claims: OidcAccount) {
      accounts.set(id, claims);
    },
    signInAs(id: string) {
      nextAccount = id;
    },
    forgeNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>) {
      forge = change;
    },
  };
}

export interface GithubUser {
  id: number;
  login: string;
  /** The primary address, verified unless said otherwise. */
  email?: string;
  verified?: boolean;
}

/** A fake of GitHub's OAuth app endpoints (at its origin) and REST API (at origin + /api/v3). */
export async function startFakeGithub() {
  const clientId = 'gh-client-id';
  const clientSecret = 'gh-client-secret';
  const users = new Map<number, GithubUser>();
  let nextUser = 0;
  const codes = new Map<string, { user: number; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, number>();
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const { origin } = await listen((req, res) => {
    const url = new URL(req.url!, 'http://github.test');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return json(res, 400, { error: 'bad authorize request' });
      const code = randomBytes(10).toString('hex');
      codes.set(code, { user: nextUser, challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifierHolds = grant && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === grant.challenge;
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(res, 401, { error: 'incorrect_client_credentials' });
        if (!grant || !verifierHolds || form.get('redirect_uri') !== grant.redirectUri) return json(res, 400, { error: 'bad_verification_code' });
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const user = users.get(tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '')) ?? -1);
    if (url.pathname.startsWith('/api/v3/') && !user) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user') return json(res, 200, { id: user!.id, login: user!.login, email: null });
    if (url.pathname === '/api/v3/user/emails') return json(res, 200, user!.email ? [{ email: user!.email, primary: true, verified: user!.verified ?? true, visibility: null }] : []);
    json(res, 404, { message: 'Not Found' });
  });

  return {
    origin,
    settings: { github_client_id: clientId, github_client_secret: clientSecret, github_oauth_base: origin, github_api_base: `${origin}/api/v3` },
    addUser(user: GithubUser) {
      users.set(user.id, user);
    },
    signInAs(id: number) {
      nextUser = id;
    },
  };
}

/**
 * A browser, as far as redirects and cookies go: one cookie jar per origin (SameSite and
 * paths aside), redirects followed by hand until `stop` says a URL is where to look.
 */
export class RedirectBrowser {
  readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  cookieHeader(origin: string): string {
    return [...this.cookies(origin)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Follows redirects from `url` and answers the first URL `stop` accepts (not requested), or the last answer's URL. */
  async follow(url: string, stop: (url: URL) => boolean): Promise<URL> {
    let current = new URL(url);
    for (let hops = 0; hops < 20; hops++) {
      const response = await fetch(current, { redirect: 'manual', headers: { cookie: this.cookieHeader(current.origin), 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' } });
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair!.indexOf('=');
        const [name, value] = [pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim()];
        const gone = value === '' || attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
        if (gone) this.cookies(current.origin).delete(name);
        else this.cookies(current.origin).set(name, value);
      }
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (!location || response.status < 300 || response.status >= 400) return current;
      current = new URL(location, current);
      if (stop(current)) return current;
    }
    throw new Error(`too many redirects, at ${current.href}`);
  }

  /** A management API call with this browser's relay cookies, as the console makes it. */
  async api(origin: string, method: string, path: string, body?: unknown) {
    const response = await fetch(origin + path, {
      method,
      headers: { cookie: this.cookieHeader(origin), origin, 'sec-fetch-site': 'same-origin', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as any };
  }
}

/** The console page a flow ended on, and what its fragment says. */
export function outcome(url: URL): { path: string } & Record<string, string> {
  return { path: url.pathname, ...Object.fromEntries(new URLSearchParams(url.hash.slice(1))) };
}
