// "Sign in with a passkey" on the sign-in page: no username, no password; the browser offers
// the passkeys it has for this site.
import { useState } from 'react';
import type { UserView } from '../../relay/management/contract.js';
import { passkeysSupported, signInWithPasskey } from '../api/passkeys.js';

interface Props {
  onSignedIn: (user: UserView) => void;
  /** A refusal to show (null clears it). */
  onError: (message: string | null) => void;
}

export function PasskeySignIn({ onSignedIn, onError }: Props) {
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  async function signIn() {
    onError(null);
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (caught) {
      onError(caught instanceof Error ? caught.message : 'Could not sign in with a passkey.');
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button--secondary button--block" onClick={() => void signIn()} disabled={busy}>
      {busy ? 'Waiting for the passkey…' : 'Sign in with a passkey'}
    </button>
  );
}
