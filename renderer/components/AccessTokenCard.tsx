import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('profile');

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      const fresh = await generateAccessToken();
      setToken(fresh);
      setHasToken(true);
      setConfirming(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('token.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="token-title">
      <h2 id="token-title">{t('token.title')}</h2>
      <p className="muted">
        <Trans t={t} i18nKey="token.lead" components={{ code: <code /> }} />
        {hasToken && token === null && ` ${t('token.haveOne')}`}
      </p>

      {error !== null && <Alert tone="error">{error}</Alert>}

      {token !== null && (
        <div className="token" data-testid="access-token-panel">
          <label htmlFor="access-token" className="token__label">
            {t('token.yours')}
          </label>
          <div className="copy-row">
            <input id="access-token" className="copy-row__value copy-row__input" readOnly value={token} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={token} label={t('token.copy')} />
          </div>
          <p className="token__warning" role="status">
            {t('token.copyNow')}
          </p>
        </div>
      )}

      {confirming ? (
        <div className="confirm">
          <p>{t('token.replaceWarning')}</p>
          <div className="actions">
            <button type="button" className="button button--danger" onClick={() => void generate()} disabled={busy}>
              {busy ? t('token.generating') : t('token.replace')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('common:actions.cancel')}
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
            {busy ? t('token.generating') : hasToken ? t('token.generateNew') : t('token.generate')}
          </button>
        </div>
      )}
    </section>
  );
}
