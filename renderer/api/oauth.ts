// Sign-in with GitHub or an OpenID Connect provider: the start addresses (plain navigations:
// the relay redirects to the provider and back), the profile's links, and what the relay
// said in the fragment of the console address it sent the browser back to.
import { api } from './client.js';
import type { ApiData } from './client.js';

export type OAuthLinkView = ApiData<'/api/user/oauth', 'get'>[number];

/** Where a sign-in (or, with `link`, linking to the signed-in user) with `provider` starts. */
export function oauthStartUrl(provider: string, options: { link?: boolean; affCode?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.link) query.set('intent', 'link');
  if (options.affCode) query.set('aff_code', options.affCode);
  const text = query.toString();
  return `/api/oauth/${encodeURIComponent(provider)}${text === '' ? '' : `?${text}`}`;
}

export function listOAuthLinks(): Promise<OAuthLinkView[]> {
  return api.get('/api/user/oauth');
}

/** Unlinks; `password` is needed when the provider is the last way in besides it. */
export async function unlinkOAuth(provider: string, password?: string): Promise<void> {
  await api.post('/api/user/oauth/{provider}/unlink', password === undefined ? {} : { password }, { params: { provider } });
}

/** What the relay said on the way back from a provider (`#oauth_error=…` and the like). */
export interface OAuthReturn {
  error?: string;
  /** Two-step verification is on: the pending sign-in for POST /api/user/login/2fa. */
  pendingToken?: string;
  username?: string;
  linked?: string;
}

/** Reads the outcome from the address's fragment and takes it out of the address (and so out of the history). */
export function takeOAuthReturn(): OAuthReturn | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (![...fragment.keys()].some((key) => key.startsWith('oauth_'))) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const value = (key: string) => fragment.get(key) ?? undefined;
  return { error: value('oauth_error'), pendingToken: value('oauth_2fa'), username: value('username'), linked: value('oauth_linked') };
}
