import { useState } from 'react';
import { generateAccessToken } from '../api/user.js';
import { Alert } from './Alert.js';
import { CopyButton } from './CopyButton.js';

/** The personal access token for scripts: generated (or replaced) here, shown once. */
export function AccessTokenCard({ hasToken: initiallyHasToken }: { hasToken: boolean }) {
  const [hasToken, setHasToken] = useState(initiallyHasToken);
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      const fresh = await generateAccessToken();
      setToken(fresh);
      setHasToken(true);
      setConfirming(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not generate a token.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="token-title">
      <h2 id="token-title">Personal access token</h2>
      <p className="muted">
        Lets your scripts call the management API: send it as <code>Authorization: Bearer &lt;token&gt;</code>.
        {hasToken && token === null && ' You already have one; generating a new token replaces it.'}
      </p>

      {error !== null && <Alert tone="error">{error}</Alert>}

      {token !== null && (
        <div className="token" data-testid="access-token-panel">
          <label htmlFor="access-token" className="token__label">
            Your new token
          </label>
          <div className="copy-row">
            <input id="access-token" className="copy-row__value copy-row__input" readOnly value={token} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={token} label="Copy token" />
          </div>
          <p className="token__warning" role="status">
            Copy it now: it won't be shown again. Generating a new token replaces this one.
          </p>
        </div>
      )}

      {confirming ? (
        <div className="confirm">
          <p>The current token stops working as soon as the new one is made.</p>
          <div className="actions">
            <button type="button" className="button button--danger" onClick={() => void generate()} disabled={busy}>
              {busy ? 'Generating…' : 'Replace token'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => (hasToken ? setConfirming(true) : void generate())}
            disabled={busy}
          >
            {busy ? 'Generating…' : hasToken ? 'Generate new token' : 'Generate token'}
          </button>
        </div>
      )}
    </section>
  );
}
