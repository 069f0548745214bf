import { RelayError } from '../ir/relay-error.js';
import type { QuotaStanding } from '../store/ports.js';

/** What the caller can still reserve: the user's quota, or the key's when it is limited and lower. */
export function quotaLeft(standing: QuotaStanding): number {
  return standing.keyLeft === null ? standing.userLeft : Math.min(standing.userLeft, standing.keyLeft);
}

/** The refusal of a call that what is left cannot pay for, naming the limit that binds. */
export function quotaRefusal(standing: QuotaStanding, needed: number): RelayError {
  const { held, keyLeft } = standing;
  const left = (quota: number) => `${quota} left${held > 0 ? ` (${held} more held by calls in progress)` : ''}, this call needs at least ${needed}`;
  if (keyLeft !== null && keyLeft <= standing.userLeft) {
    return new RelayError(403, 'quota', `This API key's quota is used up: ${left(keyLeft)}.`, 'insufficient_token_quota');
  }
  return new RelayError(403, 'quota', `Your quota is used up: ${left(standing.userLeft)}. Top up, or ask an administrator.`, 'insufficient_user_quota');
}
