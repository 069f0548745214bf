import { RelayError } from '../ir/relay-error.js';
import type { QuotaStanding } from '../store/ports.js';
import { budgetName } from './period-budgets.js';

/** What the caller can still reserve: the user's quota, or the key's when it is limited and lower (or a period budget's that refused). */
export function quotaLeft(standing: QuotaStanding): number {
  const quota = standing.keyLeft === null ? standing.userLeft : Math.min(standing.userLeft, standing.keyLeft);
  return standing.budget ? Math.min(quota, standing.budget.left) : quota;
}

/** The refusal of a call that what is left cannot pay for, naming the limit that binds. */
export function quotaRefusal(standing: QuotaStanding, needed: number): RelayError {
  const { held, keyLeft } = standing;
  const left = (quota: number) => `${quota} left${held > 0 ? ` (${held} more held by calls in progress)` : ''}, this call needs at least ${needed}`;
  const { budget } = standing;
  if (budget && budget.left <= Math.min(standing.userLeft, keyLeft ?? Infinity)) {
    return new RelayError(403, 'quota', `${budgetName(budget.key)} is used up: ${Math.max(0, budget.left)} left, this call needs at least ${needed}. It starts again with the next period.`, 'budget_exceeded');
  }
  if (keyLeft !== null && keyLeft <= standing.userLeft) {
    return new RelayError(403, 'quota', `This API key's quota is used up: ${left(keyLeft)}.`, 'insufficient_token_quota');
  }
  return new RelayError(403, 'quota', `Your quota is used up: ${left(standing.userLeft)}. Top up, or ask an administrator.`, 'insufficient_user_quota');
}
