import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field.js';
import { dateInputValue } from '../../lib/date-input.js';
import { RANGES, customRangeError, rangeLabel } from './range.js';
import type { Range } from './range.js';

const DAY_MS = 86_400_000;

/**
 * 24 h / 7 days / 30 days and Custom as toggle buttons, one pressed; pressing Custom reveals a
 * from–to pair of dates (the button controls it) and moves focus to its first date.
 */
export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation('operators');
  const [editing, setEditing] = useState(value.id === 'custom');
  // Counts presses of Custom: each one focuses the From date (opening the page does not).
  const [customPresses, setCustomPresses] = useState(0);
  const formId = useId();
  return (
    <div className="range-picker">
      <div className="segmented" role="group" aria-label={t('range.label')}>
        {RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            aria-pressed={!editing && value.id === r.id}
            onClick={() => {
              setEditing(false);
              onChange({ id: r.id });
            }}
          >
            {rangeLabel(r.id)}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={editing}
          aria-controls={editing ? formId : undefined}
          onClick={() => {
            setEditing(true);
            setCustomPresses((n) => n + 1);
          }}
        >
          {t('range.custom')}
        </button>
      </div>
      {editing && <CustomRange id={formId} focusOn={customPresses} value={value} onApply={onChange} />}
    </div>
  );
}

/** From and to dates (both included), checked before the range changes; `focusOn` above 0 and changed: From takes focus. */
function CustomRange({ id, focusOn, value, onApply }: { id: string; focusOn: number; value: Range; onApply: (range: Range) => void }) {
  const fromRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOn > 0) fromRef.current?.focus();
  }, [focusOn]);
  const today = dateInputValue(Date.now());
  const [from, setFrom] = useState(value.id === 'custom' ? value.from : dateInputValue(Date.now() - 6 * DAY_MS));
  const [to, setTo] = useState(value.id === 'custom' ? value.to : today);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('operators');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(from, to);
    setError(problem);
    if (problem === null) onApply({ id: 'custom', from, to });
  };
  return (
    <form id={id} className="custom-range" onSubmit={submit} aria-label={t('range.customLabel')} noValidate>
      <Field ref={fromRef} label={t('range.from')} type="date" value={from} max={today} onChange={(e) => setFrom(e.currentTarget.value)} aria-invalid={error !== null || undefined} />
      <Field label={t('range.to')} type="date" value={to} max={today} onChange={(e) => setTo(e.currentTarget.value)} aria-invalid={error !== null || undefined} />
      <button type="submit" className="button button--primary button--small">
        {t('range.show')}
      </button>
      {error !== null && (
        <p className="custom-range__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
