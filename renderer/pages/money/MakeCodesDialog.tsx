import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createRedemptions } from '../../api/money.js';
import { Alert } from '../../components/Alert.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Dialog } from '../../components/Dialog.js';
import { Field } from '../../components/Field.js';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { messageOf } from '../../hooks/use-list.js';
import { dateInputValue } from '../../lib/date-input.js';
import { expirySeconds } from '../../lib/key-form.js';
import { usdInputToQuota } from '../../lib/money.js';

const MAX_COUNT = 100;

interface Values {
  name: string;
  usd: string;
  count: string;
  expiry: string;
}

function check(values: Values, t: TFunction<'money'>) {
  const quota = usdInputToQuota(values.usd);
  const count = Number(values.count);
  const expires = expirySeconds(values.expiry);
  return {
    name: values.name.trim() === '' ? t('make.nameIt') : values.name.trim().length > 64 ? t('make.nameTooLong') : null,
    usd: quota === null || quota < 1 ? t('make.dollars') : null,
    count: !Number.isInteger(count) || count < 1 || count > MAX_COUNT ? t('make.count', { max: MAX_COUNT }) : null,
    expiry: values.expiry === '' ? null : Number.isNaN(expires) ? t('make.pickDate') : expires * 1000 <= Date.now() ? t('make.future') : null,
    body: { name: values.name.trim(), quota: quota ?? 0, count, expired_time: Math.max(0, expires) },
  };
}

/** Makes a batch of codes; `onMade` gets them, to show once. */
export function MakeCodesDialog({ onClose, onMade }: { onClose: () => void; onMade: (codes: string[], name: string) => void }) {
  const formId = useId();
  const [values, setValues] = useState<Values>({ name: '', usd: '5', count: '1', expiry: '' });
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { t } = useTranslation('money');
  const checked = check(values, t);
  const shown = attempted ? checked : null;

  const set = (key: keyof Values) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (checked.name || checked.usd || checked.count || checked.expiry) return;
    setSubmitting(true);
    try {
      onMade(await createRedemptions(checked.body), checked.body.name);
    } catch (caught) {
      setServerError(messageOf(caught, t('make.failed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open title={t('make.title')} onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={t('codes.make')} busyLabel={t('make.making')} />}>
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label={t('codes.columns.name')} value={values.name} onChange={set('name')} error={shown?.name} hint={t('make.nameHint')} autoFocus />
        <div className="form-row">
          <Field label={t('make.eachAdds')} inputMode="decimal" value={values.usd} onChange={set('usd')} error={shown?.usd} />
          <Field label={t('make.howMany')} inputMode="numeric" value={values.count} onChange={set('count')} error={shown?.count} hint={t('make.upTo', { max: MAX_COUNT })} />
        </div>
        <Field label={t('make.expires')} type="date" min={dateInputValue(Date.now())} value={values.expiry} onChange={set('expiry')} error={shown?.expiry} hint={t('make.expiresHint')} />
      </form>
    </Dialog>
  );
}

/** The one time the new codes are shown: copy them all now. */
export function NewCodesDialog({ codes, name, onClose }: { codes: string[]; name: string; onClose: () => void }) {
  const id = useId();
  const text = codes.join('\n');
  const { t } = useTranslation('money');
  return (
    <Dialog
      open
      title={t('make.newCodes', { count: codes.length })}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('make.done')}
        </button>
      }
    >
      <div className="token" data-testid="new-codes-panel">
        <label htmlFor={id} className="token__label">
          {name}
        </label>
        <textarea id={id} className="mono" readOnly rows={Math.min(codes.length, 10)} value={text} spellCheck={false} data-testid="new-codes" onFocus={(e) => e.currentTarget.select()} />
        <div>
          <CopyButton text={text} label={codes.length === 1 ? t('make.copyOne') : t('make.copyAll')} />
        </div>
        <p className="token__warning" role="status">
          {t('make.copyNow')}
        </p>
      </div>
    </Dialog>
  );
}
