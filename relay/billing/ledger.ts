import { RelayError } from '../http/errors.js';
import type { TokenRecord, UserRecord } from '../store/schema.js';
import type { StateFile } from '../store/state-file.js';

export interface Reservation {
  readonly user: UserRecord;
  readonly token: TokenRecord;
  readonly amount: number;
  done: boolean;
}

/**
 * Reserve before the call, settle after it, refund on failure. Every check-and-change
 * happens in one synchronous step on the in-memory records, so concurrent calls cannot
 * both pass a check that only one of them fits; the state file persists the counters
 * within a second (`touch`), not once per call.
 */
export class Ledger {
  constructor(private readonly state: StateFile) {}

  reserve(user: UserRecord, token: TokenRecord, amount: number): Reservation {
    if (user.quota < amount || user.quota < 0) {
      throw new RelayError(403, 'quota', `Your quota is used up: ${user.quota} left, this call needs up to ${amount}. Top up, or ask an administrator.`, 'insufficient_user_quota');
    }
    if (!token.unlimited_quota && token.remain_quota < amount) {
      throw new RelayError(403, 'quota', `This API key's quota is used up: ${token.remain_quota} left, this call needs up to ${amount}.`, 'insufficient_token_quota');
    }
    this.state.touch(() => {
      user.quota -= amount;
      if (!token.unlimited_quota) token.remain_quota -= amount;
    });
    return { user, token, amount, done: false };
  }

  /** Charges the real cost of a call that was served: the difference to the reservation is taken or given back. */
  settle(reservation: Reservation, cost: number): void {
    this.close(reservation, cost, true);
  }

  /** Gives the whole reservation back: the call failed and nothing was served. */
  refund(reservation: Reservation): void {
    this.close(reservation, 0, false);
  }

  private close(reservation: Reservation, cost: number, served: boolean): void {
    if (reservation.done) return;
    reservation.done = true;
    const { user, token } = reservation;
    const difference = cost - reservation.amount;
    this.state.touch(() => {
      user.quota -= difference;
      if (!token.unlimited_quota) token.remain_quota -= difference;
      if (!served) return;
      user.used_quota += cost;
      user.request_count += 1;
      token.used_quota += cost;
      token.request_count += 1;
      token.accessed_at = Date.now();
    });
  }
}
