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
  const { t } = useTranslation('prices');
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
      onSaved(`Saved the model “${body.name}”.`);
    } catch (caught) {
      setServerError(messageOf(caught, 'Could not save the model.'));
      setSubmitting(false);
    }
  }

  const supplierOptions = [{ value: '0', label: 'None' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.status === 1 ? s.name : `${s.name} (disabled)` }))];
  if (model !== null && model.supplier_id !== 0 && !suppliers.some((s) => s.id === model.supplier_id)) {
    supplierOptions.push({ value: String(model.supplier_id), label: model.supplier_name || `Supplier ${model.supplier_id}` });
  }
  const inputNumber = Number(values.input);
  // Saved without a price, the record prices nothing: the price comes from another record or the built-in table.
  const inherited = values.mode === 'default' ? inheritedPrice(values.name, records.filter((r) => r.id !== model?.id)) : undefined;
  const unpriced = values.mode === 'default' && inherited === undefined;
  const ratioHint = values.input.trim() !== '' && NUMBER.test(values.input.trim()) ? `Model ratio ${clean(usdToRatio(inputNumber))} (ratio 1 = $2 per 1M input tokens).` : 'Ratio 1 = $2 per 1M input tokens. Empty with a price per unit: tokens are free.';

  return (
    <Dialog
      open
      wide
      title={model === null ? (initialName !== '' ? `Describe ${initialName}` : 'Describe a model') : `Edit model ${model.name}`}
      onClose={onClose}
      footer={<FormDialogFooter formId={formId} submitting={submitting} onCancel={onClose} submitLabel={unpriced ? 'Save without a price' : 'Save model'} />}
    >
      <form id={formId} className="form form--dialog" onSubmit={(event) => void submit(event)} noValidate>
        {serverError !== null && <Alert tone="error">{serverError}</Alert>}
        <div className="form-row">
          <Field label="Model name" className="mono" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoFocus={initialName === '' && model === null} />
          <SelectField label="Supplier" value={values.supplier} onChange={(e) => set('supplier', e.currentTarget.value)} options={supplierOptions} />
        </div>
        <TextAreaField label="Description" rows={2} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
        <Field label="Tags" value={values.tags} onChange={(e) => set('tags', e.currentTarget.value)} error={errors.tags} hint="Separated by commas, e.g. vision, tools." />
        <div className="form-row">
          <Field label="Context length" inputMode="numeric" value={values.context} onChange={(e) => set('context', e.currentTarget.value)} error={errors.context} hint="Tokens; empty if unknown." />
          <Field label="Max output tokens" inputMode="numeric" value={values.maxOutput} onChange={(e) => set('maxOutput', e.currentTarget.value)} error={errors.maxOutput} hint="Tokens; empty if unknown." />
        </div>
        <SelectField
          label="Pricing"
          value={values.mode}
          onChange={(e) => set('mode', e.currentTarget.value as Mode)}
          options={[
            { value: 'token', label: 'Per token and per unit (USD)' },
            { value: 'call', label: 'Per call (USD)' },
            { value: 'default', label: 'Built-in price, if any' },
          ]}
        />
        {values.mode === 'token' && (
          <>
            <div className="form-row">
              <Field label="Input price (USD per 1M tokens)" inputMode="decimal" value={values.input} onChange={(e) => set('input', e.currentTarget.value)} error={errors.input} hint={ratioHint} />
              <Field label="Output price (USD per 1M tokens)" inputMode="decimal" value={values.output} onChange={(e) => set('output', e.currentTarget.value)} error={errors.output} hint="Empty: the input price." />
            </div>
            <div className="form-row">
              <Field label="Cached input price (USD per 1M tokens)" inputMode="decimal" value={values.cacheRead} onChange={(e) => set('cacheRead', e.currentTarget.value)} error={errors.cacheRead} hint="Empty: the input price." />
              <Field label="Cache write price (USD per 1M tokens)" inputMode="decimal" value={values.cacheWrite} onChange={(e) => set('cacheWrite', e.currentTarget.value)} error={errors.cacheWrite} hint={t('cacheWriteHint')} />
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
          <Field label="Price per call (USD)" inputMode="decimal" value={values.perCall} onChange={(e) => set('perCall', e.currentTarget.value)} error={errors.perCall} hint="Charged for each call, whatever its length." />
        )}
        {values.mode === 'default' && <BuiltInPriceNote name={values.name} price={inherited} policy={policy} />}
        <LimitsFields values={limits} onChange={setLimits} errors={attempted ? limitsErrors(limits) : {}} each="model" />
      </form>
    </Dialog>
  );
}
