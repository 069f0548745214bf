import { useId, useState, type FormEvent } from 'react';
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

function check(values: Values) {
  const quota = usdInputToQuota(values.usd);
  const count = Number(values.count);
  const expires = expirySeconds(values.expiry);
  return {
    name: values.name.trim() === '' ? 'Name the batch.' : values.name.trim().length > 64 ? 'At most 64 characters.' : null,
    usd: quota === null || quota < 1 ? 'A dollar amount above 0, like 5.' : null,
    count: !Number.isInteger(count) || count < 1 || count > MAX_COUNT ? `A whole number from 1 to ${MAX_COUNT}.` : null,
    expiry: values.expiry === '' ? null : Number.isNaN(expires) ? 'Pick a date.' : expires * 1000 <= Date.now() ? 'Pick a date in the future, or leave it empty for never.' : null,
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
  const checked = check(values);
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
      setServerError(messageOf(caught, 'Could not make the codes.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Dialog open title="Make redemption codes" onClose={onClose} footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel="Make codes" busyLabel="Making…" />}>
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <Field label="Name" value={values.name} onChange={set('name')} error={shown?.name} hint="Shown in the list and in the redeemer's log." autoFocus />
        <div className="form-row">
          <Field label="Each adds (USD)" inputMode="decimal" value={values.usd} onChange={set('usd')} error={shown?.usd} />
          <Field label="How many" inputMode="numeric" value={values.count} onChange={set('count')} error={shown?.count} hint={`Up to ${MAX_COUNT} at a time.`} />
        </div>
        <Field label="Expires after" type="date" min={dateInputValue(Date.now())} value={values.expiry} onChange={set('expiry')} error={shown?.expiry} hint="Empty: never expires." />
      </form>
    </Dialog>
  );
}

/** The one time the new codes are shown: copy them all now. */
export function NewCodesDialog({ codes, name, onClose }: { codes: string[]; name: string; onClose: () => void }) {
  const id = useId();
  const text = codes.join('\n');
  return (
    <Dialog
      open
      title={codes.length === 1 ? 'Your new code' : `Your ${codes.length} new codes`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="token" data-testid="new-codes-panel">
        <label htmlFor={id} className="token__label">
          {name}
        </label>
        <textarea id={id} className="mono" readOnly rows={Math.min(codes.length, 10)} value={text} spellCheck={false} data-testid="new-codes" onFocus={(e) => e.currentTarget.select()} />
        <div>
          <CopyButton text={text} label={codes.length === 1 ? 'Copy code' : 'Copy all'} />
        </div>
        <p className="token__warning" role="status">
          Copy them now: they won't be shown again.
        </p>
      </div>
    </Dialog>
  );
}
