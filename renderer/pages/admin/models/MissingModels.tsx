// The models channels list that no record describes or prices, each with a Describe button.
import { Alert } from '../../../components/Alert.js';

interface Props {
  missing: string[] | null;
  error: string | null;
  onRetry: () => void;
  onDescribe: (name: string) => void;
}

export function MissingModels({ missing, error, onRetry, onDescribe }: Props) {
  return (
    <section className="card" aria-labelledby="missing-models-title">
      <h2 id="missing-models-title" className="section-title">
        Models without a description
      </h2>
      {error !== null ? (
        <>
          <Alert tone="error">{error}</Alert>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : missing === null ? (
        <p className="muted">Loading…</p>
      ) : missing.length === 0 ? (
        <p className="muted">Every model your channels list is described.</p>
      ) : (
        <>
          <p className="muted small">Channels list these models, but no record describes or prices them.</p>
          <ul className="models missing-models" aria-label="Missing models">
            {missing.map((name) => (
              <li key={name} className="chip">
                <span className="mono">{name}</span>{' '}
                <button type="button" className="button button--secondary button--small" onClick={() => onDescribe(name)} aria-label={`Describe model ${name}`}>
                  Describe
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
