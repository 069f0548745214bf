// GitHub sign-in: OAuth 2.0 authorization code with PKCE at github.com, then who signed in
// from the REST API (/user, and /user/emails for a verified address). Both addresses are
// settings (github_oauth_base, github_api_base), so a test double or GitHub Enterprise works.
import * as client from 'openid-client';
import type { Settings } from '../../settings.js';
import { type Credentials, insecureWhereConfigured, newChecks, type OAuthProfile, type OAuthProvider, PROVIDER_TIMEOUT_S } from './protocol.js';

const GITHUB_OAUTH = 'https://github.com';
const GITHUB_API = 'https://api.github.com';

export function githubProvider(settings: Readonly<Settings>, credentials: Credentials): OAuthProvider {
  const oauthBase = (settings.github_oauth_base || GITHUB_OAUTH).replace(/\/+$/, '');
  const apiBase = (settings.github_api_base || GITHUB_API).replace(/\/+$/, '');
  const config = new client.Configuration(
    { issuer: oauthBase, authorization_endpoint: `${oauthBase}/login/oauth/authorize`, token_endpoint: `${oauthBase}/login/oauth/access_token` },
    credentials.clientId,
    credentials.clientSecret,
    client.ClientSecretPost(credentials.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  for (const allow of insecureWhereConfigured(oauthBase)) allow(config);

  return {
    id: 'github',
    label: 'GitHub',
    async authorizationUrl(redirectUri) {
      const { checks, parameters } = await newChecks(false);
      const url = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'read:user user:email', allow_signup: 'true', ...parameters });
      return { url, checks };
    },
    async complete(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: checks.verifier, expectedState: checks.state });
      const user = (await githubApi(apiBase, tokens.access_token, '/user')) as { id?: unknown; login?: unknown };
      if (typeof user.id !== 'number' || typeof user.login !== 'string') throw new Error('GitHub did not say who signed in.');
      const emails = (await githubApi(apiBase, tokens.access_token, '/user/emails').catch(() => [])) as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true && e.verified === true && typeof e.email === 'string') : undefined;
      return { subject: String(user.id), username: user.login, name: user.login, email: (primary?.email as string | undefined) ?? '' } satisfies OAuthProfile;
    },
  };
}

async function githubApi(apiBase: string, accessToken: string, path: string): Promise<unknown> {
  const response = await fetch(apiBase + path, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'Relaydesk', 'x-github-api-version': '2022-11-28' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_S * 1000),
  });
  if (!response.ok) throw new Error(`GitHub's API answered ${response.status} to ${path}.`);
  return response.json();
}
