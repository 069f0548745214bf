// The API key form, in a dialog: creating a key and editing one use the same fields.
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormDialogFooter } from './FormDialogFooter.js';
import { listModels } from '../api/playground.js';
import { getSelfGroups, type UsableGroup } from '../api/tokens.js';
import { FALLBACK_MODEL } from '../lib/client-snippets.js';
import { validateKeyForm, type KeyFormValues } from '../lib/key-form.js';
import { Alert } from './Alert.js';
import { Dialog } from './Dialog.js';
import { Field } from './Field.js';
import { KeepBodiesField } from './KeepBodiesField.js';
import { LimitsFields, type BudgetLeft } from './LimitsFields.js';
import { limitsErrors } from '../lib/limits-form.js';
import { CheckboxField, SelectField, TextAreaField } from './FormFields.js';
import { ModelAllowList, type UsableModels } from './ModelAllowList.js';

interface KeyFormProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  initial: KeyFormValues;
  /** Editing: checks let values the key already has stand (a past expiry). */
  editing: boolean;
  /** Editing: what is left of the key's spending caps now. */
  budgetsLeft?: readonly BudgetLeft[];
  /** Saves; a thrown error is shown in the dialog. `model` is one the key may call, for examples. */
  onSubmit: (values: KeyFormValues, model: string) => Promise<void>;
  onClose: () => void;
}

export function KeyFormDialog({ title, submitLabel, busyLabel, initial, editing, budgetsLeft = [], onSubmit, onClose }: KeyFormProps) {
  const formId = useId();
  const [values, setValues] = useState<KeyFormValues>(initial);
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [groups, setGroups] = useState<UsableGroup[]>([]);
  const [usable, setUsable] = useState<UsableModels>({ models: null, error: null });
  const { t } = useTranslation('keys');
  const check = () => validateKeyForm(values, editing ? initial : null);
  const errors = attempted ? check() : {};

  useEffect(() => {
    getSelfGroups()
      .then(setGroups)
      .catch(() => setGroups([]));
    listModels()
      .then((models) => setUsable({ models, error: null }))
      .catch((caught: unknown) => setUsable({ models: [], error: caught instanceof Error ? caught.message : t('form.unknownError') }));
  }, [t]);

  function set<K extends keyof KeyFormValues>(key: K, value: KeyFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(check()).length > 0) return;
    setSubmitting(true);
    const model = values.models[0] ?? usable.models?.find((m) => values.group === '' || m.groups.includes(values.group))?.name ?? FALLBACK_MODEL;
    try {
      await onSubmit(values, model);
    } catch (caught) {
      setServerError(caught instanceof Error ? caught.message : t('form.saveFailed'));
      setSubmitting(false);
    }
  }

  // The key's own group stays pickable even when it is no longer one the user may choose.
  const groupOptions = [{ value: '', label: t('yourGroup') }, ...groups.map((g) => ({ value: g.name, label: `${g.name} (×${g.ratio})${g.description ? ` — ${g.description}` : ''}` }))];
  if (initial.group !== '' && !groups.some((g) => g.name === initial.group)) groupOptions.push({ value: initial.group, label: initial.group });

  return (
    <Dialog
      open
      wide
      title={title}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={submitLabel} busyLabel={busyLabel} />}
    >
      {serverError !== null && <Alert tone="error">{serverError}</Alert>}
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('columns.name')} name="name" autoFocus value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} hint={t('form.nameHint')} />
        <div className="form-row">
          <div>
            <Field
              label={editing ? t('form.quotaLeft') : t('form.quotaLabel')}
              name="quota"
              inputMode="decimal"
              value={values.quotaUsd}
              disabled={values.unlimited}
              onChange={(e) => set('quotaUsd', e.currentTarget.value)}
              error={errors.quotaUsd}
              hint={editing ? t('form.quotaLeftHint') : t('form.quotaHint')}
            />
            <CheckboxField label={t('form.unlimited')} checked={values.unlimited} onChange={(on) => set('unlimited', on)} />
          </div>
          <Field label={t('form.expires')} name="expiry" type="date" value={values.expiry} onChange={(e) => set('expiry', e.currentTarget.value)} error={errors.expiry} hint={t('form.expiresHint')} />
        </div>
        <SelectField label={t('columns.group')} name="group" value={values.group} onChange={(e) => set('group', e.currentTarget.value)} options={groupOptions} hint={t('form.groupHint')} />
        <ModelAllowList value={values.models} onChange={(models) => set('models', models)} usable={usable} group={values.group} />
        <TextAreaField
          label={t('form.ips')}
          name="ips"
          rows={2}
          mono
          value={values.ips}
          onChange={(e) => set('ips', e.currentTarget.value)}
          error={errors.ips}
          hint={t('form.ipsHint')}
          spellCheck={false}
        />
        <CheckboxField label={t('form.balance')} checked={values.allowBalance} onChange={(on) => set('allowBalance', on)} hint={t('form.balanceHint')} />
        <KeepBodiesField checked={values.logBodies} onChange={(on) => set('logBodies', on)} />
        <LimitsFields values={values.limits} onChange={(limits) => set('limits', limits)} errors={attempted ? limitsErrors(values.limits) : {}} left={budgetsLeft} />
      </form>
    </Dialog>
  );
}
