// The rate limits and spending caps of a key or user as a form types them: requests and tokens
// per minute as whole numbers, the day, week and month caps in US dollars ('' for none), sent as
// the relay's `limits` (relay/management/limits-fields.ts; caps in quota units).
import { BUDGET_PERIODS } from '../../relay/billing/budget-periods.js';
import { quotaToUsdInput, usdInputToQuota } from './money.js';

export { BUDGET_PERIODS };

export interface CallerLimits {
  rpm?: number;
  tpm?: number;
  day?: number;
  week?: number;
  month?: number;
}

export interface LimitsValues {
  rpm: string;
  tpm: string;
  /** Dollars, as typed; '' no cap. */
  day: string;
  week: string;
  month: string;
}

export type LimitsErrors = Partial<Record<keyof LimitsValues, 'wholeNumber' | 'dollars'>>;

export const NO_LIMITS: LimitsValues = { rpm: '', tpm: '', day: '', week: '', month: '' };

export function limitsValuesOf(limits: CallerLimits | undefined): LimitsValues {
  const count = (value: number | undefined) => (value ? String(value) : '');
  const usd = (value: number | undefined) => (value ? quotaToUsdInput(value) : '');
  return { rpm: count(limits?.rpm), tpm: count(limits?.tpm), day: usd(limits?.day), week: usd(limits?.week), month: usd(limits?.month) };
}

/** What is wrong with each field (a message key of the `limits` catalogue). */
export function limitsErrors(values: LimitsValues): LimitsErrors {
  const errors: LimitsErrors = {};
  for (const name of ['rpm', 'tpm'] as const) if (values[name].trim() !== '' && !/^\d+$/.test(values[name].trim())) errors[name] = 'wholeNumber';
  for (const name of BUDGET_PERIODS) if (values[name].trim() !== '' && usdInputToQuota(values[name]) === null) errors[name] = 'dollars';
  return errors;
}

/** The limits to send: empty fields and zeros left out (no limit). Check limitsErrors first. */
export function limitsBody(values: LimitsValues): CallerLimits {
  const limits: CallerLimits = {};
  for (const name of ['rpm', 'tpm'] as const) if (Number(values[name].trim()) > 0) limits[name] = Number(values[name].trim());
  for (const name of BUDGET_PERIODS) {
    const quota = values[name].trim() === '' ? null : usdInputToQuota(values[name]);
    if (quota) limits[name] = quota;
  }
  return limits;
}
