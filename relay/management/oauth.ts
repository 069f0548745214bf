// OAuth sign-in (GitHub, one OpenID Connect provider): the redirect to the provider, its
// callback (sign in, register, or link), and the profile's links. The two redirects answer
// the browser with a redirect, back to the console with the outcome in the URL's fragment
// (#oauth_error=…, #oauth_2fa=… for the two-step code); the rest answer the envelope.
import { Type } from '@sinclair/typebox';
import type { NextFunction, Request, Response } from 'express';
import { verifyPassword } from '../auth/password.js';
import { equalsConstantTime } from '../auth/secret-token.js';
import { FLOW_COOKIE, FLOW_LIFETIME_MS, type OAuthFlow, openFlow, sealFlow } from '../auth/oauth/flow-cookie.js';
import { isOAuthProvider, OAUTH_PROVIDERS, type OAuthProvider, type OAuthProviderId, oauthProvider } from '../auth/oauth/providers.js';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import { secretNameOfOption, type Settings, storedSettings } from '../settings.js';
import { readCookie } from './authenticate.js';
import type { ManagementContext } from './context.js';
import { linkTo, userForSignIn } from './oauth-accounts.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';
import { signInOrAskCode } from './sign-in.js';
import { derivedKey } from './signed-proof.js';

const CALLBACK = /^\/oauth\/[a-z]+\/callback$/;

/** The configured providers (client id and secret set), in button order. */
export async function configuredProviders(context: ManagementContext, settings: Readonly<Settings>): Promise<OAuthProvider[]> {
  const secrets = Object.fromEntries(await Promise.all(OAUTH_PROVIDERS.map(async (id) => [id, (await context.secrets.get(secretNameOfOption(`${id}_client_secret`))) ?? ''])));
  return OAUTH_PROVIDERS.map((id) => oauthProvider(id, settings, secrets)).filter((p): p is OAuthProvider => p !== undefined);
}

async function providerNamed(context: ManagementContext, settings: Readonly<Settings>, name: string): Promise<OAuthProvider> {
  const provider = isOAuthProvider(name) ? (await configuredProviders(context, settings)).find((p) => p.id === name) : undefined;
  if (!provider) throw new ApiError(404, `Sign-in with "${name}" is not set up on this relay.`);
  return provider;
}

/** The callback URL the provider must send the browser back to (registered with the provider as is). */
export function callbackUrl(settings: Readonly<Settings>, req: Request, provider: OAuthProviderId): string {
  const base = settings.public_url ? settings.public_url.replace(/\/+$/, '') : `${req.protocol}://${req.get('host')}${settings.base_path}`;
  return `${base}/api/oauth/${provider}/callback`;
}

/**
 * The callback never acts on the session cookie: a provider on the same site (another port or
 * subdomain) brings it along, which the cross-site check would refuse. A link names its user
 * in the sealed flow instead.
 */
export function ignoreSessionOnOAuthCallback(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' && CALLBACK.test(req.path)) {
    req.user = undefined;
    req.authScheme = undefined;
    req.sessionIdHash = undefined;
  }
  next();
}

/** openid-client's error and the check under it (which claim did not hold, what the provider answered). */
function whyFailed(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}

const Intent = Type.Union([Type.Literal('signin'), Type.Literal('link')], { description: 'signin (default): sign in, or register when no account is linked; link: add to the signed-in user' });

export function oauthRoutes(context: ManagementContext) {
  const flowKey = () => derivedKey(context, 'oauth flow cookie');
  const cookieOptions = (settings: Readonly<Settings>, req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: `${settings.base_path}/api/oauth` });

  /** Back to the console's page, the outcome in the fragment (never sent to a server or in a Referer). */
  function back(res: Response, settings: Readonly<Settings>, page: '/' | '/profile', outcome: Record<string, string>): null {
    const fragment = new URLSearchParams(outcome).toString();
    res.redirect(302, `${settings.base_path}${page}${fragment ? `#${fragment}` : ''}`);
    return null;
  }
  function failed(res: Response, settings: Readonly<Settings>, page: '/' | '/profile', error: unknown, provider: string): null {
    if (error instanceof ApiError) return back(res, settings, page, { oauth_error: error.message });
    const message = `Sign-in with ${provider} failed: ${whyFailed(error)}`;
    context.log.warn(`OAuth ${message}`);
    return back(res, settings, page, { oauth_error: message });
  }

  return [
    route({
      method: 'get',
      path: '/oauth/:provider',
      tag: 'OAuth',
      access: 'public',
      raw: true,
      produces: 'text/plain',
      summary:
        'Start signing in with a provider (github, oidc): redirects to it, the flow (state, nonce, PKCE verifier) sealed in a 10-minute HttpOnly cookie. intent=link (signed in, from the profile) links it to you instead; aff_code: an invitation code for an account made by this sign-in',
      query: Type.Object({ intent: Type.Optional(Intent), aff_code: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: Nothing,
      handler: async ({ params, query, req, res }) => {
        const settings = await storedSettings(context.store);
        const intent = query.intent ?? 'signin';
        const page = intent === 'link' ? '/profile' : '/';
        try {
          const provider = await providerNamed(context, settings, params.provider!);
          if (intent === 'link' && (req.authScheme !== 'session' || !req.sessionIdHash)) throw new ApiError(401, `Sign in first, then link ${provider.label} on your profile.`);
          const { url, checks } = await provider.authorizationUrl(callbackUrl(settings, req, provider.id));
          const flow: OAuthFlow = {
            ...checks,
            provider: provider.id,
            intent,
            ...(intent === 'link' ? { user_id: req.user!.id, session: req.sessionIdHash } : {}),
            ...(query.aff_code ? { aff_code: query.aff_code } : {}),
            expires_at: Date.now() + FLOW_LIFETIME_MS,
          };
          res.cookie(FLOW_COOKIE, sealFlow(flow, await flowKey()), { ...cookieOptions(settings, req), maxAge: FLOW_LIFETIME_MS });
          res.redirect(302, url.href);
          return null;
        } catch (error) {
          return failed(res, settings, page, error, params.provider!);
        }
      },
    }),
    route({
      method: 'get',
      path: '/oauth/:provider/callback',
      tag: 'OAuth',
      access: 'public',
      critical: true,
      raw: true,
      produces: 'text/plain',
      summary:
        "Where the provider sends the browser back: checks state (against the flow's cookie), PKCE and, for OpenID Connect, the ID token (signature, issuer, audience, nonce); then signs in the linked user (or asks the two-step code), registers a new one when the registration policy permits, or links to the user who started the link. Redirects to the console",
      query: Type.Object({ state: Type.Optional(Type.String()), code: Type.Optional(Type.String()), error: Type.Optional(Type.String()), error_description: Type.Optional(Type.String()) }, { additionalProperties: true }),
      response: Nothing,
      handler: async ({ params, query, req, res }) => {
        const settings = await storedSettings(context.store);
        const flow = openFlow(readCookie(req.headers.cookie, FLOW_COOKIE), await flowKey());
        res.clearCookie(FLOW_COOKIE, cookieOptions(settings, req));
        const page = flow?.intent === 'link' ? '/profile' : '/';
        try {
          const provider = await providerNamed(context, settings, params.provider!);
          if (!flow || flow.provider !== provider.id) throw new ApiError(400, `This sign-in with ${provider.label} expired or was started in another browser: start it again.`);
          if (query.error) throw new ApiError(403, `${provider.label} did not sign you in: ${query.error_description || query.error}.`);
          if (!equalsConstantTime(query.state ?? '', flow.state)) throw new ApiError(400, `This answer from ${provider.label} is not for the sign-in this browser started (state mismatch): start it again.`);
          const url = new URL(callbackUrl(settings, req, provider.id));
          url.search = new URL(req.originalUrl, 'http://relay').search;
          const profile = await provider.complete(url, flow);
          if (flow.intent === 'link') {
            await linkTo(context, provider.label, profile, flow, req);
            return back(res, settings, '/profile', { oauth_linked: provider.id });
          }
          const user = await userForSignIn(context, provider.label, profile, flow, req);
          const signedIn = await signInOrAskCode(context, user, req, res, `signed in with ${provider.label}`);
          if ('pending' in signedIn) return back(res, settings, '/', { oauth_2fa: signedIn.pending.pending_token, username: user.username });
          return back(res, settings, '/', {});
        } catch (error) {
          return failed(res, settings, page, error, (await configuredProviders(context, settings)).find((p) => p.id === params.provider)?.label ?? params.provider!);
        }
      },
    }),
    route({
      method: 'get',
      path: '/user/oauth',
      tag: 'OAuth',
      access: 'user',
      summary: 'The sign-in providers set up on this relay, and which of them are linked to you',
      response: Type.Array(
        Type.Object({
          provider: Type.String(),
          label: Type.String(),
          linked: Type.Union([Type.Object({ name: Type.String({ description: 'The login or email at the provider' }), linked_at: Type.Integer() }), Type.Null()]),
        }),
      ),
      handler: async ({ user }) => {
        const providers = await configuredProviders(context, await storedSettings(context.store));
        return providers.map((p) => {
          const link = user.oauth.find((l) => l.provider === p.id);
          return { provider: p.id, label: p.label, linked: link ? { name: link.name, linked_at: link.linked_at } : null };
        });
      },
    }),
    route({
      method: 'post',
      path: '/user/oauth/:provider/unlink',
      tag: 'OAuth',
      access: 'user',
      critical: true,
      audit: false,
      summary:
        "Unlink a provider from you. When it is your last provider and you have no passkey, your password is needed: it proves you can still sign in (an account made through OAuth has a random password: reset it by mail first)",
      body: Type.Object({ password: Type.Optional(Type.String({ maxLength: 1024 })) }),
      response: Nothing,
      handler: async ({ params, body, user, req }) => {
        const link = user.oauth.find((l) => l.provider === params.provider);
        if (!link) throw new ApiError(404, `Your account is not linked to "${params.provider}".`);
        const lastWay = user.oauth.length === 1 && user.passkeys.length === 0;
        if (lastWay && !(body.password && (await verifyPassword(body.password, user.password_hash)))) {
          throw new ApiError(403, body.password ? 'Wrong password.' : 'This is your last way to sign in besides your password: enter your password to unlink it.');
        }
        await context.store.users.update(user.id, { oauth: user.oauth.filter((l) => l !== link) });
        context.store.logs.append({ type: LogType.system, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `unlinked ${link.provider} (${link.name})` });
        return new Answer(null, 'Unlinked.');
      },
    }),
  ];
}
