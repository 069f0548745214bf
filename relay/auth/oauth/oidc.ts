// Sign-in with an OpenID Connect provider: its metadata by discovery from the issuer URL,
// the authorization code flow with PKCE, state and nonce, and the ID token validated by
// openid-client (signature by the provider's JWKS, issuer, audience = our client id, expiry,
// nonce). Profile claims the ID token leaves out are read from the userinfo endpoint.
import * as client from 'openid-client';
import type { Settings } from '../../settings.js';
import { type Credentials, insecureWhereConfigured, newChecks, type OAuthProvider, PROVIDER_TIMEOUT_S } from './protocol.js';

/** Discovered configurations, kept a while: discovery is a network call, and a configuration caches the provider's keys. */
const discovered = new Map<string, { config: Promise<client.Configuration>; until: number }>();
const DISCOVERY_TTL_MS = 10 * 60_000;

function configuration(issuer: string, credentials: Credentials): Promise<client.Configuration> {
  const key = `${issuer}\n${credentials.clientId}\n${credentials.clientSecret}`;
  const kept = discovered.get(key);
  if (kept && kept.until > Date.now()) return kept.config;
  const config = client.discovery(new URL(issuer), credentials.clientId, credentials.clientSecret, client.ClientSecretPost(credentials.clientSecret), {
    execute: insecureWhereConfigured(issuer),
    timeout: PROVIDER_TIMEOUT_S,
  });
  discovered.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
  // A failed discovery is tried again on the next sign-in.
  config.catch(() => discovered.delete(key));
  return config;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function oidcProvider(settings: Readonly<Settings>, credentials: Credentials): OAuthProvider {
  const issuer = settings.oidc_issuer_url;
  return {
    id: 'oidc',
    label: settings.oidc_name,
    async authorizationUrl(redirectUri) {
      const config = await configuration(issuer, credentials);
      const { checks, parameters } = await newChecks(true);
      return { url: client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid email profile', ...parameters }), checks };
    },
    async complete(callbackUrl, checks) {
      const config = await configuration(issuer, credentials);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true });
      let claims: Record<string, unknown> = { ...tokens.claims()! };
      const sub = text(claims.sub);
      if ((!claims.email || !claims.preferred_username) && config.serverMetadata().userinfo_endpoint) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
      }
      const email = claims.email_verified === true ? text(claims.email) : '';
      const username = text(claims.preferred_username) || text(claims.nickname) || email.split('@')[0] || text(claims.name) || 'user';
      return { subject: `${config.serverMetadata().issuer}#${sub}`, username, name: text(claims.email) || username, email };
    },
  };
}
