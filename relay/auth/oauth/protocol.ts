// What both OAuth providers share: who signed in, the checks a flow keeps, and making them.
import * as client from 'openid-client';

export const OAUTH_PROVIDERS = ['github', 'oidc'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

/** Who the provider says signed in. */
export interface OAuthProfile {
  /** Stable and unique at this relay for the provider (the OpenID subject is qualified by its issuer). */
  subject: string;
  /** A username to offer a new account (made valid and unique by the caller). */
  username: string;
  /** What the profile page shows: the login, or the email. */
  name: string;
  /** An address the provider says is verified; '' when it gave none. */
  email: string;
}

/** What a flow keeps between the redirect and the callback (sealed in a cookie). */
export interface FlowChecks {
  state: string;
  nonce?: string;
  verifier: string;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  /** The label of its sign-in button. */
  label: string;
  /** The provider's page to send the browser to, and the checks the callback needs. */
  authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: FlowChecks }>;
  /** Checks the answer the browser brought back (`callbackUrl`: the redirect URI with its query), exchanges the code, and says who signed in. */
  complete(callbackUrl: URL, checks: FlowChecks): Promise<OAuthProfile>;
}

/** A provider's client id and secret: both set, or it is not configured. */
export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Fresh state, PKCE verifier (S256 challenge) and, for OpenID Connect, nonce, with the authorization request's parameters. */
export async function newChecks(withNonce: boolean): Promise<{ checks: FlowChecks; parameters: Record<string, string> }> {
  const checks: FlowChecks = { state: client.randomState(), verifier: client.randomPKCECodeVerifier(), ...(withNonce ? { nonce: client.randomNonce() } : {}) };
  const parameters: Record<string, string> = {
    state: checks.state,
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
    ...(checks.nonce ? { nonce: checks.nonce } : {}),
  };
  return { checks, parameters };
}

/** Plain http is allowed only where the admin configured it (a provider on this machine or a test double). */
export function insecureWhereConfigured(url: string): Array<(config: client.Configuration) => void> {
  return url.startsWith('http:') ? [client.allowInsecureRequests] : [];
}

/** Network waits for the provider, in seconds. */
export const PROVIDER_TIMEOUT_S = 15;
