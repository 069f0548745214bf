import { RANGES } from './range.js';
import type { RangeId } from './range.js';

/** 24 h / 7 days / 30 days as toggle buttons. */
export function RangePicker({ value, onChange }: { value: RangeId; onChange: (id: RangeId) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Time range">
      {RANGES.map((r) => (
        <button key={r.id} type="button" aria-pressed={value === r.id} onClick={() => onChange(r.id)}>
          {r.label}
        </button>
      ))}
    </div>
  );
}
