import { useState } from 'react';
import type { PageProps } from './registry.js';
import type { SecretBackendName } from '../../relay/management/contract.js';
import { generateAccessToken } from '../api/user.js';
import { Alert } from '../components/Alert.js';
import { CopyButton } from '../components/CopyButton.js';
import { Link } from '../lib/router.js';

const SECRET_BACKENDS: Record<SecretBackendName, { label: string; explain: string }> = {
  keychain: {
    label: 'OS keychain',
    explain: "Channel keys are kept in your operating system's keychain, outside Relaydesk's data folder.",
  },
  'encrypted-file': {
    label: 'Encrypted file',
    explain: 'Channel keys are encrypted in a file in the data folder; keep that folder private.',
  },
  memory: {
    label: 'Memory',
    explain: 'Secrets are held in memory only and are lost when Relaydesk stops.',
  },
};


/** The landing page: where to point clients, how secrets are kept, the version, a personal access token. */
export default function OverviewPage({ user, status }: PageProps) {
  const relayBaseUrl = `${window.location.origin}/v1`;
  const backend = SECRET_BACKENDS[status.secret_backend] ?? { label: status.secret_backend, explain: '' };

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <div>
          <h1>Your relay is running</h1>
          <p className="lead">Point any OpenAI-compatible client at the base URL below.</p>
        </div>
      </div>

      <section className="card" aria-labelledby="relay-url-title">
        <h2 id="relay-url-title">Relay base URL</h2>
        <div className="copy-row">
          <code className="copy-row__value" data-testid="relay-base-url">
            {relayBaseUrl}
          </code>
          <CopyButton text={relayBaseUrl} label="Copy URL" />
        </div>
        {status.lan && <p className="muted">This relay is reachable from other devices on your network.</p>}
      </section>

      <div className="grid">
        <section className="card" aria-labelledby="secrets-title">
          <h2 id="secrets-title">Secret storage</h2>
          <p className="stat" data-testid="secret-backend">
            {backend.label}
          </p>
          <p className="muted">{backend.explain}</p>
        </section>
        <section className="card" aria-labelledby="version-title">
          <h2 id="version-title">Version</h2>
          <p className="stat" data-testid="version">
            {status.version}
          </p>
          <p className="muted">Relaydesk relay and console.</p>
        </section>
      </div>

      <AccessTokenCard hasToken={user.has_access_token} />

      <p className="note">
        Create keys for your clients under <Link to="/keys">API keys</Link>.
      </p>
    </div>
  );
}

function AccessTokenCard({ hasToken: initiallyHasToken }: { hasToken: boolean }) {
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
