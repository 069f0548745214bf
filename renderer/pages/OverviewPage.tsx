import { Trans, useTranslation } from 'react-i18next';
import type { PageProps } from './registry.js';
import type { SecretBackendName } from '../../relay/management/contract.js';
import { AccessTokenCard } from '../components/AccessTokenCard.js';
import { CopyButton } from '../components/CopyButton.js';
import { DesktopCard } from '../components/DesktopCard.js';
import { Link } from '../lib/router.js';
import { StartOrHealth } from './overview/StartOrHealth.js';
import './overview/overview.css';

/** The secret stores with a name and an explanation (`operators:home.backends.<name>`). */
const SECRET_BACKENDS: readonly SecretBackendName[] = ['keychain', 'encrypted-file', 'memory', 'database'];

/** The landing page: a getting-started checklist, then the relay's health; where to point clients, how secrets are kept, the version, a personal access token. */
export default function OverviewPage({ user, status }: PageProps) {
  const relayBaseUrl = `${window.location.origin}/v1`;
  const { t } = useTranslation('operators');
  const known = SECRET_BACKENDS.includes(status.secret_backend);
  const backend = known ? { label: t(`home.backends.${status.secret_backend}.label`), explain: t(`home.backends.${status.secret_backend}.explain`) } : { label: status.secret_backend, explain: '' };
  const keyProtection =
    status.secret_key_protection === 'os-sealed'
      ? t('home.osSealed')
      : status.secret_key_protection === 'key-file'
        ? t('home.keyFile')
        : null;

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <div>
          <h1>{t('home.title')}</h1>
          <p className="lead">{t('home.lead')}</p>
        </div>
      </div>

      <StartOrHealth user={user} />

      <section className="card" aria-labelledby="relay-url-title">
        <h2 id="relay-url-title">{t('home.baseUrl')}</h2>
        <div className="copy-row">
          <code className="copy-row__value" data-testid="relay-base-url">
            {relayBaseUrl}
          </code>
          <CopyButton text={relayBaseUrl} label={t('home.copyUrl')} />
        </div>
        {status.lan && <p className="muted">{t('home.lan')}</p>}
      </section>

      <div className="grid">
        <section className="card" aria-labelledby="secrets-title">
          <h2 id="secrets-title">{t('home.secrets')}</h2>
          <p className="stat" data-testid="secret-backend">
            {backend.label}
          </p>
          <p className="muted">{backend.explain}</p>
          {keyProtection && <p className="muted" data-testid="secret-key-protection">{keyProtection}</p>}
        </section>
        <section className="card" aria-labelledby="version-title">
          <h2 id="version-title">{t('home.version')}</h2>
          <p className="stat" data-testid="version">
            {status.version}
          </p>
          <p className="muted">{t('home.versionLead')}</p>
        </section>
      </div>

      <DesktopCard />

      <AccessTokenCard hasToken={user.has_access_token} />

      <p className="note">
        <Trans t={t} i18nKey="home.note" components={{ keys: <Link to="/keys" />, profile: <Link to="/profile" /> }} />
      </p>
    </div>
  );
}
