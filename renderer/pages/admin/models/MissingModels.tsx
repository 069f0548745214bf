// The models channels list that no record describes or prices, each with a Describe button.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.js';

interface Props {
  missing: string[] | null;
  error: string | null;
  onRetry: () => void;
  onDescribe: (name: string) => void;
}

export function MissingModels({ missing, error, onRetry, onDescribe }: Props) {
  const { t } = useTranslation('models');
  return (
    <section className="card" aria-labelledby="missing-models-title">
      <h2 id="missing-models-title" className="section-title">
        {t('missing.title')}
      </h2>
      {error !== null ? (
        <>
          <Alert tone="error">{error}</Alert>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        </>
      ) : missing === null ? (
        <p className="muted">{t('common:app.loadingPage')}</p>
      ) : missing.length === 0 ? (
        <p className="muted">{t('missing.none')}</p>
      ) : (
        <>
          <p className="muted small">{t('missing.lead')}</p>
          <ul className="models missing-models" aria-label={t('missing.label')}>
            {missing.map((name) => (
              <li key={name} className="chip">
                <span className="mono">{name}</span>{' '}
                <button type="button" className="button button--secondary button--small" onClick={() => onDescribe(name)} aria-label={t('missing.describeOne', { name })}>
                  {t('missing.describe')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
