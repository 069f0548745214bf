import { BILLING_UNITS } from '../ir/usage.js';
import type { UnitCounts } from '../ir/usage.js';

/** The known unit kinds with a finite count, read from a stored value; nothing else. */
export function readUnitCounts(value: unknown): UnitCounts {
  const counts: UnitCounts = {};
  if (typeof value !== 'object' || value === null) return counts;
  for (const unit of BILLING_UNITS) {
    const count = (value as Record<string, unknown>)[unit];
    if (typeof count === 'number' && Number.isFinite(count)) counts[unit] = count;
  }
  return counts;
}
