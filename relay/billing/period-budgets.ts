import type { Caller } from '../auth/api-key.js';
import type { BudgetHold, QuotaLedgerPort } from '../store/ports.js';
import type { PeriodBudgets } from '../store/schema.js';
import { BUDGET_PERIODS, periodAt, type BudgetPeriod } from './budget-periods.js';

// Spending caps per day, week and month of a key or a user (besides their lifetime quota).
// A reservation counts into each period's spending as it is made, and its settlement replaces
// the amount held by the call's cost (relay/store/quota-book.ts, redis/quota-scripts.ts), so a
// call counts in the period it started in. A counter of an ended period counts as 0: the
// budget starts again at the zone's midnight (Monday's for a week, the 1st's for a month).

/** The budgets of one key or user as holds for a reservation at `now`. */
export function budgetHoldsOf(owner: string, budgets: PeriodBudgets | undefined, timeZone: string, now: number): BudgetHold[] {
  const holds: BudgetHold[] = [];
  for (const kind of BUDGET_PERIODS) {
    const limit = budgets?.[kind] ?? 0;
    if (!(limit > 0)) continue;
    const span = periodAt(kind, now, timeZone);
    holds.push({ key: `${owner}:${kind}`, period: span.key, limit, endsAt: span.endsAt });
  }
  return holds;
}

/** What a call must fit: its key's budgets (none for the playground's key 0) and its user's. */
export function callBudgets(caller: Caller, timeZone: string, now = Date.now()): BudgetHold[] {
  const key = caller.token.id === 0 ? [] : budgetHoldsOf(`k:${caller.token.id}`, caller.token.limits, timeZone, now);
  return [...key, ...budgetHoldsOf(`u:${caller.user.id}`, caller.user.limits, timeZone, now)];
}

export interface BudgetLeft {
  period: BudgetPeriod;
  limit: number;
  /** Spent in the period so far, calls in progress included. */
  spent: number;
  left: number;
  /** When the period ends and the budget starts again (ms). */
  resets_at: number;
}

/** What is left of each budget of a key (`k:<id>`) or user (`u:<id>`) now. */
export async function budgetsLeft(quota: Pick<QuotaLedgerPort, 'periodSpent'>, owner: string, budgets: PeriodBudgets | undefined, timeZone: string, now = Date.now()): Promise<BudgetLeft[]> {
  const holds = budgetHoldsOf(owner, budgets, timeZone, now);
  const spent = await quota.periodSpent(holds);
  return holds.map((hold, i) => ({
    period: hold.key.slice(hold.key.lastIndexOf(':') + 1) as BudgetPeriod,
    limit: hold.limit,
    spent: spent[i]!,
    left: Math.max(0, hold.limit - spent[i]!),
    resets_at: hold.endsAt,
  }));
}

const PERIOD_WORDS: Record<BudgetPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** `This API key's daily budget` for `k:5:day`. */
export function budgetName(key: string): string {
  const [owner, , kind] = key.split(':') as [string, string, BudgetPeriod];
  return `${owner === 'k' ? "This API key's" : 'Your'} ${PERIOD_WORDS[kind] ?? kind} budget`;
}
