// What can be done to the selected channels at once; Delete asks for confirmation first.
import { Trans, useTranslation } from 'react-i18next';
export type BulkAction = 'enable' | 'disable';

interface Props {
  count: number;
  busy: boolean;
  error: string | null;
  onAction: (action: BulkAction) => void;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkBar({ count, busy, error, onAction, onDelete, onClear }: Props) {
  const { t } = useTranslation('channels');
  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.label')}>
      <span>
        <Trans t={t} i18nKey="bulk.selected" values={{ count }} components={{ strong: <strong /> }} />
      </span>
      <div className="actions">
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onAction('enable')}>
          {t('common:actions.enable')}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onAction('disable')}>
          {t('common:actions.disable')}
        </button>
        <button type="button" className="button button--ghost-danger button--small" disabled={busy} onClick={onDelete}>
          {t('common:actions.delete')}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onClear}>
          {t('bulk.clear')}
        </button>
      </div>
      {error !== null && (
        <div className="alert alert--error bulk-bar__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
