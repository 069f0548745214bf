// The model form's prices per unit other than tokens, each shown per an amount people price
// it by (per 1K search units, per image, per minute…) and stored per unit.
import { useId } from 'react';
import { Field } from '../../../components/Field.js';
import { BILLING_UNITS, UNITS, type BillingUnit } from '../../../lib/units.js';
import type { Errors, Values } from './model-form.js';

// What each unit counts.
const HINTS: Record<BillingUnit, string> = {
  requests: 'Each call, on top of its tokens.',
  search_units: 'Rerank: a query with up to 100 documents.',
  images: 'Each image made.',
  seconds: 'Audio heard or video made.',
  characters: 'Text read aloud.',
};

interface Props {
  values: Values['units'];
  sizes: string;
  errors: Errors;
  onChange: (unit: BillingUnit, value: string) => void;
  onSizes: (value: string) => void;
}

export function UnitPriceFields({ values, sizes, errors, onChange, onSizes }: Props) {
  const hintId = useId();
  return (
    <fieldset className="form-section" aria-describedby={hintId}>
      <legend>Prices per unit (USD)</legend>
      <p id={hintId} className="field__hint">
        For calls billed by what they do rather than by tokens, added to the token price. Empty: not charged by that unit.
      </p>
      <div className="form-row">
        {BILLING_UNITS.map((unit) => (
          <Field
            key={unit}
            label={`Per ${UNITS[unit].perText}`}
            inputMode="decimal"
            value={values[unit]}
            onChange={(e) => onChange(unit, e.currentTarget.value)}
            error={errors[unit]}
            hint={HINTS[unit]}
          />
        ))}
      </div>
      <Field
        label="Price by output size"
        value={sizes}
        onChange={(e) => onSizes(e.currentTarget.value)}
        error={errors.sizes}
        hint="Multiplies the prices per unit for images or video of that size, e.g. 1792x1024 = 1.67. Other sizes: the prices above."
      />
    </fieldset>
  );
}
