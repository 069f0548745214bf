// The model form's prices per unit other than tokens, each shown per an amount people price
// it by (per 1K search units, per image, per minute…) and stored per unit.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field.js';
import { BILLING_UNITS, UNITS, type BillingUnit } from '../../../lib/units.js';
import type { Errors, Values } from './model-form.js';


interface Props {
  values: Values['units'];
  sizes: string;
  errors: Errors;
  onChange: (unit: BillingUnit, value: string) => void;
  onSizes: (value: string) => void;
}

export function UnitPriceFields({ values, sizes, errors, onChange, onSizes }: Props) {
  const hintId = useId();
  const { t } = useTranslation('models');
  return (
    <fieldset className="form-section" aria-describedby={hintId}>
      <legend>{t('units.title')}</legend>
      <p id={hintId} className="field__hint">
        {t('units.lead')}
      </p>
      <div className="form-row">
        {BILLING_UNITS.map((unit) => (
          <Field
            key={unit}
            label={t('units.per', { what: UNITS[unit].perText })}
            inputMode="decimal"
            value={values[unit]}
            onChange={(e) => onChange(unit, e.currentTarget.value)}
            error={errors[unit]}
            hint={t(`units.hint.${unit}`)}
          />
        ))}
      </div>
      <Field
        label={t('units.sizes')}
        value={sizes}
        onChange={(e) => onSizes(e.currentTarget.value)}
        error={errors.sizes}
        hint={t('units.sizesHint')}
      />
    </fieldset>
  );
}
