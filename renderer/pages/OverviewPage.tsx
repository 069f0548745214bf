import type { PageProps } from './registry.js';
import type { SecretBackendName } from '../../relay/management/contract.js';
import { AccessTokenCard } from '../components/AccessTokenCard.js';
import { CopyButton } from '../components/CopyButton.js';
import { DesktopCard } from '../components/DesktopCard.js';
import { Link } from '../lib/router.js';
import { StartOrHealth } from './overview/StartOrHealth.js';
import './overview/overview.css';

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
  database: {
    label: 'Database, encrypted',
    explain: 'Channel keys are encrypted in the database under the secret key every instance is started with; the database alone cannot unlock them.',
  },
};

/** The landing page: a getting-started checklist, then the relay's health; where to point clients, how secrets are kept, the version, a personal access token. */
export default function OverviewPage({ user, status }: PageProps) {
  const relayBaseUrl = `${window.location.origin}/v1`;
  const backend = SECRET_BACKENDS[status.secret_backend] ?? { label: status.secret_backend, explain: '' };
  const keyProtection =
    status.secret_key_protection === 'os-sealed'
      ? "The file's key is sealed by your operating system (the desktop app's safeStorage), so the folder alone cannot unlock it."
      : status.secret_key_protection === 'key-file'
        ? "The file's key is kept in secrets.key beside it: anyone who can read the whole folder can read the keys."
        : null;

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <div>
          <h1>Your relay is running</h1>
          <p className="lead">Point Claude Code, Codex CLI, Gemini CLI or any OpenAI, Anthropic or Google SDK at the base URL below, with one of your API keys.</p>
        </div>
      </div>

      <StartOrHealth user={user} />

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
          {keyProtection && <p className="muted" data-testid="secret-key-protection">{keyProtection}</p>}
        </section>
        <section className="card" aria-labelledby="version-title">
          <h2 id="version-title">Version</h2>
          <p className="stat" data-testid="version">
            {status.version}
          </p>
          <p className="muted">Relaydesk relay and console.</p>
        </section>
      </div>

      <DesktopCard />

      <AccessTokenCard hasToken={user.has_access_token} />

      <p className="note">
        Create keys for your clients under <Link to="/keys">API keys</Link>. Your password and account are under <Link to="/profile">Profile</Link>.
      </p>
    </div>
  );
}
