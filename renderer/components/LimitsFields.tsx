// Rate limits (requests and tokens per minute) and spending caps (per day, week, month) of a key
// or a user, as form fields; and what is left of each cap now (relay/billing/period-budgets.ts).
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format.js';
import type { ApiData } from '../api/client.js';
import { BUDGET_PERIODS, type CallerLimits, type LimitsErrors, type LimitsValues } from '../lib/limits-form.js';
import { formatNumber, formatUsd } from '../lib/money.js';
import { Field } from './Field.js';
import './limits.css';

interface LimitsFieldsProps {
  values: LimitsValues;
  onChange: (values: LimitsValues) => void;
  errors: LimitsErrors;
  /** A model's or group's limits: rate limits only, counted for each user calling. */
  each?: 'model' | 'group';
  /** What is left of the caps as saved (editing a key or user). */
  left?: readonly BudgetLeft[];
}

export function LimitsFields({ values, onChange, errors, each, left = [] }: LimitsFieldsProps) {
  const { t } = useTranslation('limits');
  const field = (name: keyof LimitsValues, label: string, inputMode: 'numeric' | 'decimal') => (
    <Field
      label={label}
      name={`limits-${name}`}
      inputMode={inputMode}
      value={values[name]}
      onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })}
      error={errors[name] ? t(`error.${errors[name]}`) : undefined}
    />
  );
  return (
    <>
      <fieldset className="form-section" data-testid="rate-limits">
        <legend>{t('rateTitle')}</legend>
        <div className="form-row">
          {field('rpm', t('rpm'), 'numeric')}
          {field('tpm', t('tpm'), 'numeric')}
        </div>
        <p className="field__hint">{each ? `${t(`each.${each}`)} ${t('rateHint')}` : t('rateHint')}</p>
      </fieldset>
      {each === undefined && (
        <fieldset className="form-section" data-testid="spending-caps">
          <legend>{t('budgetTitle')}</legend>
          <div className="form-row form-row--3">{BUDGET_PERIODS.map((period) => field(period, t(`budget.${period}`), 'decimal'))}</div>
          <p className="field__hint">{t('budgetHint')}</p>
          <BudgetsLeft budgets={left} />
        </fieldset>
      )}
    </>
  );
}

/** One cap's period now, as the relay answers it (a key's `budgets_left`, GET /api/user/:id/budgets). */
export type BudgetLeft = ApiData<'/api/user/{id}/budgets', 'get'>[number];

/** What is left of each cap: "Today: $0.40 of $1.00 left, starts again Nov 25, 00:00". */
export function BudgetsLeft({ budgets }: { budgets: readonly BudgetLeft[] }) {
  const { t } = useTranslation('limits');
  if (budgets.length === 0) return null;
  return (
    <ul className="budgets-left" data-testid="budgets-left">
      {budgets.map((budget) => (
        <li key={budget.period} data-period={budget.period}>
          <strong>{t(`left.${budget.period}`)}</strong> {t('leftOf', { left: formatUsd(budget.left), limit: formatUsd(budget.limit) })}
          <span className="muted"> · {t('resets', { when: formatDateTime(budget.resets_at) })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The limits in a few words, for a list: "60 req/min · $5.00/day"; "No limits". */
export function LimitsSummary({ limits }: { limits: CallerLimits | undefined }) {
  const { t } = useTranslation('limits');
  const parts: string[] = [];
  if (limits?.rpm) parts.push(t('summary.rpm', { n: formatNumber(limits.rpm) }));
  if (limits?.tpm) parts.push(t('summary.tpm', { n: formatNumber(limits.tpm) }));
  for (const period of BUDGET_PERIODS) if (limits?.[period]) parts.push(t(`summary.${period}`, { amount: formatUsd(limits[period]!) }));
  return <span className={parts.length ? undefined : 'muted'}>{parts.length ? parts.join(' · ') : t('summary.none')}</span>;
}
