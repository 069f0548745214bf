import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../auth/api-key.js';
import type { ModelPrice } from '../billing/pricing.js';
import { quotaLeft, quotaRefusal } from '../billing/quota-refusal.js';
import { planReservation } from '../billing/reservation-plan.js';
import { RelayError } from '../ir/relay-error.js';
import type { UnitCounts } from '../ir/usage.js';
import type { BudgetHold, QuotaLedgerPort, QuotaReservation, QuotaStanding } from '../store/ports.js';
import { callIdentity } from './call-log.js';
import type { CallLog } from './call-log.js';

/** How long a call waits for calls in progress to give quota back before it is refused. */
export const QUOTA_WAIT_MS = 30_000;

/**
 * A waiting call reads what is left again at least this often: a release that comes between
 * its last read and the start of its wait wakes nobody (a lost wake-up), and calls could
 * otherwise sit out the whole QUOTA_WAIT_MS with quota free (seen with 1,000 concurrent calls on PostgreSQL + Redis).
 */
export const QUOTA_RECHECK_MS = 250;

/** The most a call can use, as its family estimates it (relay/billing/token-bounds.ts for chat). */
export interface CallBound {
  promptTokens: number;
  /** Every choice together. */
  outputTokens: number;
  choices: number;
  /** The most of each unit other than tokens the call can use (images asked, documents to rerank…). */
  units?: UnitCounts;
  /** The output size asked, when the model may be priced by size. */
  size?: string;
  /** The call's own output limit per choice, if it gives one. */
  callLimit?: number;
  /**
   * Lowers the output limit the upstream is sent to `tokens` per choice (in the IR and, for a
   * pass-through, in the client's body); absent for a family without output tokens.
   */
  limitOutput?(tokens: number): void;
}

export interface ReserveOptions {
  req: IncomingMessage;
  res: ServerResponse;
  caller: Caller;
  call: CallLog;
  bound: CallBound;
  price: ModelPrice | undefined;
  groupRatio: number;
  /** The period budgets of the key and user (relay/billing/period-budgets.ts). */
  budgets?: readonly BudgetHold[];
}

/**
 * Reserves the most the call can cost (its family's bound), capped at what the key
 * and its user have left. When the cap bites, the output limit sent upstream is lowered to what
 * the reservation pays for (CallBound.limitOutput) and the
 * call's log says so. A call is refused only when what is left cannot pay for its prompt and a
 * minimal answer; while calls in progress hold enough of that quota to pay for it once they
 * give it back, it first waits for them to finish (up to QUOTA_WAIT_MS). A client that leaves
 * meanwhile ends the wait, and its call goes no further.
 *
 * The ledger's reserve is the one atomic check-and-hold: the whole bound is asked first (one
 * step, one round trip to a shared ledger, when it fits); a refusal answers what is left and
 * held, from which the call is planned again.
 */
export async function reserveQuota(quota: QuotaLedgerPort, options: ReserveOptions): Promise<QuotaReservation> {
  const { caller, bound, res } = options;
  const ask = {
    promptTokens: bound.promptTokens,
    outputTokens: bound.outputTokens,
    choices: bound.choices,
    units: bound.units,
    size: bound.size,
    callLimit: bound.callLimit,
    price: options.price,
    groupRatio: options.groupRatio,
    available: Infinity,
  };
  const call = callIdentity(options.req, caller, options.call);
  let plan = planReservation(ask);
  let deadline = 0;
  for (;;) {
    let standing: QuotaStanding;
    if (plan.amount !== undefined) {
      const answer = await quota.reserve({ userId: caller.user.id, tokenId: caller.token.id, amount: plan.amount, call, budgets: options.budgets });
      if ('reservation' in answer) {
        if (plan.outputLimit !== undefined) limitOutput(options, plan.outputLimit, ask.available);
        return answer.reservation;
      }
      standing = answer.refused;
      const refused = plan.amount;
      ask.available = quotaLeft(standing);
      plan = planReservation(ask);
      // No smaller reservation to ask for (a free call on a quota below zero): refused as it is.
      if (plan.amount !== undefined && plan.amount >= refused) throw quotaRefusal(standing, plan.amount);
    } else {
      // After a wait: what calls in progress gave back.
      standing = await quota.standing(caller.user.id, caller.token.id);
      ask.available = quotaLeft(standing);
      plan = planReservation(ask);
    }
    if (plan.amount !== undefined) continue;
    deadline ||= Date.now() + QUOTA_WAIT_MS;
    const wait = deadline - Date.now();
    // Calls in progress give back at most what they hold: when even that does not pay for this one, waiting is in vain.
    if (wait <= 0 || clientLeft(res) || planReservation({ ...ask, available: ask.available + standing.held }).amount === undefined) {
      throw quotaRefusal(standing, plan.needed);
    }
    const left = new AbortController();
    const onClose = () => left.abort();
    res.once('close', onClose);
    await quota.nextRelease(Math.min(wait, QUOTA_RECHECK_MS), left.signal);
    res.off('close', onClose);
    if (clientLeft(res)) throw new RelayError(499, 'quota', 'The client left while the call waited for calls in progress to give quota back.', 'client_closed_request');
  }
}

function clientLeft(res: ServerResponse): boolean {
  return res.socket?.destroyed !== false;
}

function limitOutput(options: ReserveOptions, limit: number, available: number): void {
  options.bound.limitOutput?.(limit);
  options.call.warnings.push(`Output limited to ${limit} tokens: the ${available} quota left pays for no more.`);
}
