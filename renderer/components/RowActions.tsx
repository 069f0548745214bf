import { useTranslation } from 'react-i18next';

/** The Edit and Delete buttons of a table row; `what` names the row for screen readers ("group default"). */
export function EditDeleteActions({ what, onEdit, onDelete }: { what: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="row-actions">
      <button type="button" className="button button--secondary button--small" onClick={onEdit} aria-label={t('table.editRow', { what })}>
        {t('actions.edit')}
      </button>
      <button type="button" className="button button--ghost-danger button--small" onClick={onDelete} aria-label={t('table.deleteRow', { what })}>
        {t('actions.delete')}
      </button>
    </div>
  );
}
