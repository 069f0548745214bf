// The OAuth sign-in providers the settings configure: GitHub (OAuth 2.0 with PKCE) and one
// OpenID Connect provider (discovery, PKCE, nonce, a validated ID token). openid-client does
// the protocol for both: the authorization URL, the state/nonce/PKCE checks of the answer,
// the code exchange and the ID token's signature, issuer, audience, expiry and nonce.
import type { Settings } from '../../settings.js';
import { githubProvider } from './github.js';
import { oidcProvider } from './oidc.js';
import { OAUTH_PROVIDERS, type OAuthProvider, type OAuthProviderId } from './protocol.js';

export { OAUTH_PROVIDERS, type OAuthProvider, type OAuthProviderId };

export function isOAuthProvider(value: string): value is OAuthProviderId {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** A configured provider, or undefined when its settings (or secret) are missing. */
export function oauthProvider(id: OAuthProviderId, settings: Readonly<Settings>, secrets: Partial<Record<OAuthProviderId, string>>): OAuthProvider | undefined {
  const secret = secrets[id];
  if (!secret) return undefined;
  if (id === 'github') return settings.github_client_id ? githubProvider(settings, { clientId: settings.github_client_id, clientSecret: secret }) : undefined;
  return settings.oidc_client_id && settings.oidc_issuer_url ? oidcProvider(settings, { clientId: settings.oidc_client_id, clientSecret: secret }) : undefined;
}

