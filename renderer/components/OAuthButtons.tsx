// "Sign in with GitHub" and the like on the sign-in and registration pages: one link per
// provider the relay has set up (GET /api/status), each a plain navigation to the relay,
// which sends the browser on to the provider.
import { useTranslation } from 'react-i18next';
import type { StatusData } from '../../relay/management/contract.js';
import { oauthStartUrl } from '../api/oauth.js';

interface Props {
  status: StatusData | null;
  /** An invitation code, for an account registered by this sign-in. */
  affCode?: string;
  /** The buttons' first word: on the registration page, Register. */
  verb?: 'Sign in' | 'Register';
}

export function OAuthButtons({ status, affCode, verb = 'Sign in' }: Props) {
  const { t } = useTranslation('auth');
  const providers = status?.features.oauth_providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="oauth-buttons" data-testid="oauth-buttons">
      {providers.map((provider) => (
        <a key={provider.id} className="button button--secondary button--block" href={oauthStartUrl(provider.id, { affCode })}>
          {t(verb === 'Register' ? 'oauth.register' : 'oauth.signIn', { provider: provider.label })}
        </a>
      ))}
    </div>
  );
}
