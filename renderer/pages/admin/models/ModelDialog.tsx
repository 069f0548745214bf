// Describing and pricing one model: its name, supplier, limits and price per token or per call.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '../../../components/FormDialogFooter.js';
import { createModelMeta, getUnpricedPolicy, updateModelMeta, usdToRatio, type ModelMeta, type SupplierView, type UnpricedPolicy } from '../../../api/admin.js';
import { Alert } from '../../../components/Alert.js';
import { Dialog } from '../../../components/Dialog.js';
import { Field } from '../../../components/Field.js';
import { SelectField, TextAreaField } from '../../../components/FormFields.js';
import { LimitsFields } from '../../../components/LimitsFields.js';
import { messageOf } from '../../../hooks/use-list.js';
import { initialValues, NUMBER, toBody, validate, type Mode, type Values } from './model-form.js';
import { BuiltInPriceNote } from './BuiltInPriceNote.js';
import { UnitPriceFields } from './UnitPriceFields.js';
import { limitsBody, limitsErrors, limitsValuesOf } from '../../../lib/limits-form.js';
import { clean } from '../../../lib/money.js';
import { inheritedPrice, type PricedRecord } from './price.js';

export function ModelDialog({
  model,
  initialName,
  suppliers,
  records,
  onClose,
  onSaved,
}: {
  model: ModelMeta | null;
  initialName: string;
  suppliers: SupplierView[];
  /** Every model record: a model without its own price may take another's (by prefix). */
  records: readonly PricedRecord[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const formId = useId();
  const { t } = useTranslation(['models', 'prices']);
  const [values, setValues] = useState<Values>(() => initialValues(model, initialName));
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = attempted ? validate(values) : {};
  const [limits, setLimits] = useState(() => limitsValuesOf(model?.limits));
  const [policy, setPolicy] = useState<UnpricedPolicy | null>(null);

  // What a model without a price costs, to say so before it is saved without one.
  useEffect(() => {
    let current = true;
    getUnpricedPolicy().then(
      (value) => current && setPolicy(value),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(values)).length > 0 || Object.keys(limitsErrors(limits)).length > 0) return;
    setSubmitting(true);
    try {
      const body = { ...toBody(values), limits: limitsBody(limits) };
      if (model === null) await createModelMeta(body);
      else await updateModelMeta({ ...body, id: model.id });
      // onSaved closes the dialog: nothing is set after it.
      onSaved(t('dialog.saved', { name: body.name }));
    } catch (caught) {
      setServerError(messageOf(caught, t('dialog.saveFailed')));
      setSubmitting(false);
    }
  }

  const supplierOptions = [{ value: '0', label: t('dialog.noSupplier') }, ...suppliers.map((s) => ({ value: String(s.id), label: s.status === 1 ? s.name : t('dialog.disabledSupplier', { name: s.name }) }))];
  if (model !== null && model.supplier_id !== 0 && !suppliers.some((s) => s.id === model.supplier_id)) {
    supplierOptions.push({ value: String(model.supplier_id), label: model.supplier_name || t('dialog.supplierN', { id: model.supplier_id }) });
  }
  const inputNumber = Number(values.input);
  // Saved without a price, the record prices nothing: the price comes from another record or the built-in table.
  const inherited = values.mode === 'default' ? inheritedPrice(values.name, records.filter((r) => r.id !== model?.id)) : undefined;
  const unpriced = values.mode === 'default' && inherited === undefined;
  const ratioHint = values.input.trim() !== '' && NUMBER.test(values.input.trim()) ? t('dialog.ratio', { ratio: clean(usdToRatio(inputNumber)) }) : t('dialog.ratioEmpty');

  return (
    <Dialog
      open
      wide
      title={model === null ? (initialName !== '' ? t('dialog.describeOne', { name: initialName }) : t('page.describe')) : t('dialog.editTitle', { name: model.name })}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={unpriced ? t('dialog.saveUnpriced') : t('dialog.save')} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <div className="form-row">
          <Field label={t('dialog.name')} className="mono" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={initialName === '' && model === null} />
          <SelectField label={t('page.columns.supplier')} value={values.supplier} onChange={(e) => set('supplier', e.currentTarget.value)} options={supplierOptions} />
        </div>
        <TextAreaField label={t('dialog.description')} rows={2} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        <Field label={t('dialog.tags')} value={values.tags} onChange={(e) => set('tags', e.currentTarget.value)} error={errors.tags} hint={t('dialog.tagsHint')} />
        <div className="form-row">
          <Field label={t('dialog.context')} inputMode="numeric" value={values.context} onChange={(e) => set('context', e.currentTarget.value)} error={errors.context} hint={t('dialog.tokensHint')} />
          <Field label={t('dialog.maxOutput')} inputMode="numeric" value={values.maxOutput} onChange={(e) => set('maxOutput', e.currentTarget.value)} error={errors.maxOutput} hint={t('dialog.tokensHint')} />
        </div>
        <SelectField
          label={t('dialog.pricing')}
          value={values.mode}
          onChange={(e) => set('mode', e.currentTarget.value as Mode)}
          options={[
            { value: 'token', label: t('dialog.modeToken') },
            { value: 'call', label: t('dialog.modeCall') },
            { value: 'default', label: t('dialog.modeDefault') },
          ]}
        />
        {values.mode === 'token' && (
          <>
            <div className="form-row">
              <Field label={t('dialog.input')} inputMode="decimal" value={values.input} onChange={(e) => set('input', e.currentTarget.value)} error={errors.input} hint={ratioHint} />
              <Field label={t('dialog.output')} inputMode="decimal" value={values.output} onChange={(e) => set('output', e.currentTarget.value)} error={errors.output} hint={t('dialog.emptyInput')} />
            </div>
            <div className="form-row">
              <Field label={t('dialog.cached')} inputMode="decimal" value={values.cacheRead} onChange={(e) => set('cacheRead', e.currentTarget.value)} error={errors.cacheRead} hint={t('dialog.emptyInput')} />
              <Field label={t('dialog.cacheWrite')} inputMode="decimal" value={values.cacheWrite} onChange={(e) => set('cacheWrite', e.currentTarget.value)} error={errors.cacheWrite} hint={t('prices:cacheWriteHint')} />
            </div>
            <UnitPriceFields
              values={values.units}
              sizes={values.sizes}
              errors={errors}
              onChange={(unit, value) => setValues((current) => ({ ...current, units: { ...current.units, [unit]: value } }))}
              onSizes={(value) => set('sizes', value)}
            />
          </>
        )}
        {values.mode === 'call' && (
          <Field label={t('dialog.perCall')} inputMode="decimal" value={values.perCall} onChange={(e) => set('perCall', e.currentTarget.value)} error={errors.perCall} hint={t('dialog.perCallHint')} />
        )}
        {values.mode === 'default' && <BuiltInPriceNote name={values.name} price={inherited} policy={policy} />}
        <LimitsFields values={limits} onChange={setLimits} errors={attempted ? limitsErrors(limits) : {}} each="model" />
      </form>
    </Dialog>
  );
}
