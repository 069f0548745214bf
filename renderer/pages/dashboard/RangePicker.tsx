import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field.js';
import { dateInputValue } from '../../lib/date-input.js';
import { RANGES, customRangeError } from './range.js';
import type { Range } from './range.js';

const DAY_MS = 86_400_000;

/** 24 h / 7 days / 30 days as toggle buttons, and "Custom" for a from–to pair of dates. */
export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const [editing, setEditing] = useState(value.id === 'custom');
  return (
    <div className="range-picker">
      <div className="segmented" role="group" aria-label="Time range">
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
            {r.label}
          </button>
        ))}
        <button type="button" aria-pressed={editing} aria-expanded={editing} onClick={() => setEditing(true)}>
          Custom
        </button>
      </div>
      {editing && <CustomRange value={value} onApply={onChange} />}
    </div>
  );
}

/** From and to dates (both included), checked before the range changes. */
function CustomRange({ value, onApply }: { value: Range; onApply: (range: Range) => void }) {
  const today = dateInputValue(Date.now());
  const [from, setFrom] = useState(value.id === 'custom' ? value.from : dateInputValue(Date.now() - 6 * DAY_MS));
  const [to, setTo] = useState(value.id === 'custom' ? value.to : today);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(from, to);
    setError(problem);
    if (problem === null) onApply({ id: 'custom', from, to });
  };
  return (
    <form className="custom-range" onSubmit={submit} aria-label="Custom time range" noValidate>
      <Field label="From" type="date" value={from} max={today} onChange={(e) => setFrom(e.currentTarget.value)} aria-invalid={error !== null || undefined} />
      <Field label="To" type="date" value={to} max={today} onChange={(e) => setTo(e.currentTarget.value)} aria-invalid={error !== null || undefined} />
      <button type="submit" className="button button--primary button--small">
        Show
      </button>
      {error !== null && (
        <p className="custom-range__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
