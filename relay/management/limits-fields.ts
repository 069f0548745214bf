import { Type } from '@sinclair/typebox';
import { budgetsLeft, type BudgetLeft } from '../billing/period-budgets.js';
import { callSettings } from '../settings.js';
import type { CallerLimits, PeriodBudgets, RateLimits } from '../store/schema.js';
import type { ManagementContext } from './context.js';

// The rate limits and period budgets of keys, users, models and groups as the management API
// takes and shows them (relay/pipeline/rate-limits.ts, relay/billing/period-budgets.ts).

const PerMinute = (what: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12, description: `${what} per minute; 0 or absent: no limit` }));
const Budget = (period: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: `Most quota spent per ${period} (in the budget_time_zone setting's calendar); 0 or absent: no cap` }));

const rateFields = { rpm: PerMinute('Requests'), tpm: PerMinute('Tokens (input and output)') };

/** rpm and tpm (models and groups: for each user calling). */
export const RateLimitsSchema = Type.Object(rateFields, { additionalProperties: false, description: 'Requests and tokens per minute' });

/** rpm, tpm and the day, week and month budgets (keys and users). */
export const CallerLimitsSchema = Type.Object(
  { ...rateFields, day: Budget('day'), week: Budget('week (from Monday)'), month: Budget('month') },
  { additionalProperties: false, description: 'Requests and tokens per minute, and spending caps per day, week and month' },
);

export const BudgetLeftSchema = Type.Object({
  period: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  limit: Type.Integer(),
  spent: Type.Integer({ description: 'Spent in the period so far, calls in progress included' }),
  left: Type.Integer(),
  resets_at: Type.Integer({ description: 'ms: when the period ends and the budget starts again' }),
});

/** The limits given, without the zeros (no limit), as a record keeps them. */
export function givenLimits(value: CallerLimits): CallerLimits;
export function givenLimits(value: RateLimits): RateLimits;
export function givenLimits(value: CallerLimits): CallerLimits {
  const limits: CallerLimits = {};
  for (const [name, amount] of Object.entries(value) as Array<[keyof CallerLimits, number | undefined]>) if (amount !== undefined && amount > 0) limits[name] = amount;
  return limits;
}

/** What is left of each budget of a key (`k:<id>`) or user (`u:<id>`), in the configured time zone. */
export function budgetsLeftNow(context: Pick<ManagementContext, 'store'>, owner: string, budgets: PeriodBudgets | undefined): Promise<BudgetLeft[]> {
  return budgetsLeft(context.store.quota, owner, budgets, callSettings(context.store.catalog).budget_time_zone);
}
