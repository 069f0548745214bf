// The model form's prices per unit other than tokens, each shown per an amount people price
// it by (per 1K search units, per image, per minute…) and stored per unit.
import { useId } from 'react';
import { Field } from '../../../components/Field.js';
import { BILLING_UNITS, UNITS, type BillingUnit } from '../../../lib/units.js';
import type { Errors, Values } from './model-form.js';

const LABELS: Record<BillingUnit, string> = {
  requests: 'Request price',
  search_units: 'Search unit price',
  images: 'Image price',
  seconds: 'Audio and video price',
  characters: 'Character price',
};

const HINTS: Record<BillingUnit, string> = {
  requests: 'Each call, on top of its tokens.',
  search_units: 'Rerank: a query with up to 100 documents.',
  images: 'Each image generated.',
  seconds: 'Seconds of audio heard or video made.',
  characters: 'Text read aloud.',
};

export function UnitPriceFields({ values, errors, onChange }: { values: Values['units']; errors: Errors; onChange: (unit: BillingUnit, value: string) => void }) {
  const hintId = useId();
  return (
    <fieldset className="form-section" aria-describedby={hintId}>
      <legend>Prices per unit</legend>
      <p id={hintId} className="field__hint">
        For calls billed by what they do rather than by tokens, added to the token price. Empty: not charged by that unit.
      </p>
      <div className="form-row form-row--3">
        {BILLING_UNITS.map((unit) => (
          <Field
            key={unit}
            label={`${LABELS[unit]} (USD per ${UNITS[unit].perText})`}
            inputMode="decimal"
            value={values[unit]}
            onChange={(e) => onChange(unit, e.currentTarget.value)}
            error={errors[unit]}
            hint={HINTS[unit]}
          />
        ))}
      </div>
    </fieldset>
  );
}
