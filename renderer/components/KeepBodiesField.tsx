// The key form's opt-in to keeping the key's request and response bodies with its calls' log
// records (shown in the log drawer; relay/pipeline/body-capture.ts).
import { useTranslation } from 'react-i18next';
import { CheckboxField } from './FormFields.js';

export function KeepBodiesField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('bodies');
  return <CheckboxField label={t('keyOptIn.label')} checked={checked} onChange={onChange} hint={t('keyOptIn.hint')} />;
}
