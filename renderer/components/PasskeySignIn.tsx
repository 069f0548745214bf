// "Sign in with a passkey" on the sign-in page: no username, no password; the browser offers
// the passkeys it has for this site.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../relay/management/contract.js';
import { passkeysSupported, signInWithPasskey } from '../api/passkeys.js';

interface Props {
  onSignedIn: (user: UserView) => void;
  /** A refusal to show (null clears it). */
  onError: (message: string | null) => void;
}

export function PasskeySignIn({ onSignedIn, onError }: Props) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('auth');
  if (!passkeysSupported()) return null;

  async function signIn() {
    onError(null);
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (caught) {
      onError(caught instanceof Error ? caught.message : t('passkey.failed'));
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button--secondary button--block" onClick={() => void signIn()} disabled={busy}>
      {busy ? t('passkey.waiting') : t('passkey.signIn')}
    </button>
  );
}
