import { useTranslation } from 'react-i18next';

/** A form dialog's footer: Cancel, and the submit button of the form `formId`, both held while it submits. */
export function FormDialogFooter({ formId, submitting, onCancel, submitLabel, busyLabel }: { formId: string; submitting: boolean; onCancel: () => void; submitLabel: string; busyLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={submitting}>
        {t('actions.cancel')}
      </button>
      <button type="submit" form={formId} className="button button--primary" disabled={submitting}>
        {submitting ? (busyLabel ?? t('actions.saving')) : submitLabel}
      </button>
    </>
  );
}
