import { RelayError } from '../ir/relay-error.js';
import type { EncodedLogRecord, NewLogRecord } from '../store/logs/index.js';
import type { QuotaBook } from '../store/quota-book.js';
import type { TokenRecord, UserRecord } from '../store/schema.js';

export interface Reservation {
  readonly id: number;
  readonly amount: number;
  done: boolean;
}

/**
 * Reserve before the call, settle after it, refund on failure. Every check-and-change
 * happens in one synchronous step, so concurrent calls cannot both pass a check that only
 * one of them fits: the open reservations never add up to more than what is left. The
 * counters and their journal are the store's (relay/store/quota-book.ts).
 */
export class Ledger {
  private readonly waiting = new Set<() => void>();

  constructor(private readonly book: QuotaBook) {}

  /** What the caller can still reserve: the user's quota, or the key's when it is limited and lower. */
  available(user: UserRecord, token: TokenRecord): number {
    return token.unlimited_quota ? user.quota : Math.min(user.quota, token.remain_quota);
  }

  /** How much of the quota that limits this caller calls in progress hold (and may give back). */
  heldByCallsInProgress(user: UserRecord, token: TokenRecord): number {
    const byKey = keyIsTheLimit(user, token);
    let held = 0;
    for (const open of Object.values(this.book.open())) if (byKey ? open.token_id === token.id : open.user_id === user.id) held += open.amount;
    return held;
  }

  /** The refusal of a call that what is left cannot pay for, naming the limit that binds. */
  refusal(user: UserRecord, token: TokenRecord, needed: number): RelayError {
    const held = this.heldByCallsInProgress(user, token);
    const left = (quota: number) => `${quota} left${held > 0 ? ` (${held} more held by calls in progress)` : ''}, this call needs at least ${needed}`;
    if (keyIsTheLimit(user, token)) {
      return new RelayError(403, 'quota', `This API key's quota is used up: ${left(token.remain_quota)}.`, 'insufficient_token_quota');
    }
    return new RelayError(403, 'quota', `Your quota is used up: ${left(user.quota)}. Top up, or ask an administrator.`, 'insufficient_user_quota');
  }

  /** Resolves at the next settlement or refund, after `ms`, or when `stop` aborts; leaves no timer or listener behind. */
  nextRelease(ms: number, stop?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        stop?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
      stop?.addEventListener('abort', done, { once: true });
      if (stop?.aborted) done();
    });
  }

  /** `call` is what the call's log record says about it, kept in case the relay stops before the call ends. */
  reserve(user: UserRecord, token: TokenRecord, amount: number, call: NewLogRecord): Reservation {
    if (amount > this.available(user, token)) throw this.refusal(user, token, amount);
    const id = this.book.reserve(user.id, token.id, amount, !token.unlimited_quota, call);
    return { id, amount, done: false };
  }

  /**
   * Reservation `id` if it is still open: work that outlives its call (a video task) closes it
   * later, after a restart too. Undefined once it was settled or refunded.
   */
  held(id: number): Reservation | undefined {
    const open = this.book.open()[id];
    return open ? { id, amount: open.amount, done: false } : undefined;
  }

  /** Charges the real cost of a call that was served: the difference to the reservation is taken or given back. */
  settle(reservation: Reservation, cost: number, channelId: number, log: EncodedLogRecord): void {
    if (reservation.done) return;
    this.book.settle(reservation.id, cost, channelId, log);
    this.release(reservation);
  }

  /** Gives the whole reservation back: the call failed and nothing was served. */
  refund(reservation: Reservation, log?: EncodedLogRecord): void {
    if (reservation.done) return;
    this.book.refund(reservation.id, log);
    this.release(reservation);
  }

  private release(reservation: Reservation): void {
    reservation.done = true;
    if (this.waiting.size > 0) for (const wake of [...this.waiting]) wake();
  }
}

function keyIsTheLimit(user: UserRecord, token: TokenRecord): boolean {
  return !token.unlimited_quota && token.remain_quota <= user.quota;
}
