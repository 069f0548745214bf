import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../auth/api-key.js';
import type { Reservation } from '../billing/ledger.js';
import type { ModelPrice } from '../billing/pricing.js';
import { planReservation } from '../billing/reservation-plan.js';
import { choices, limitOutputTokens, outputTokenBound, promptTokenBound } from '../billing/token-bounds.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ClientCodec } from '../protocols/types.js';
import { callIdentity } from './call-log.js';
import type { CallLog } from './call-log.js';
import type { RelayDeps } from './relay-chat.js';

/** How long a call waits for calls in progress to give quota back before it is refused. */
export const QUOTA_WAIT_MS = 30_000;

export interface ReserveOptions {
  req: IncomingMessage;
  res: ServerResponse;
  caller: Caller;
  call: CallLog;
  codec: ClientCodec;
  request: ChatRequest;
  /** The client's body, sent as it is on a pass-through. */
  raw: unknown;
  price: ModelPrice | undefined;
  groupRatio: number;
  defaultOutputTokens: number;
}

/**
 * Reserves the most the call can cost (relay/billing/token-bounds.ts), capped at what the key
 * and its user have left. When the cap bites, the output limit sent upstream is lowered to what
 * the reservation pays for (in the IR and, for a pass-through, in the client's body) and the
 * call's log says so. A call is refused only when what is left cannot pay for its prompt and a
 * minimal answer; while calls in progress hold part of that quota, it first waits for them
 * to finish (up to QUOTA_WAIT_MS, or until its client leaves).
 */
export async function reserveQuota(deps: Pick<RelayDeps, 'ledger'>, options: ReserveOptions): Promise<Reservation> {
  const { caller, request } = options;
  const promptTokens = promptTokenBound(request);
  const outputTokens = outputTokenBound(request, options.defaultOutputTokens);
  const deadline = Date.now() + QUOTA_WAIT_MS;
  for (;;) {
    // From here to the reservation nothing awaits: the check and the change are one step.
    const available = deps.ledger.available(caller.user, caller.token);
    const plan = planReservation({ promptTokens, outputTokens, choices: choices(request), callLimit: request.maxOutputTokens, price: options.price, groupRatio: options.groupRatio, available });
    if (plan.amount !== undefined) {
      if (plan.outputLimit !== undefined) limitOutput(options, plan.outputLimit, available);
      return deps.ledger.reserve(caller.user, caller.token, plan.amount, callIdentity(options.req, caller, options.call));
    }
    const wait = deadline - Date.now();
    const clientGone = options.res.socket?.destroyed !== false;
    if (wait <= 0 || clientGone || deps.ledger.heldByCallsInProgress(caller.user, caller.token) === 0) throw deps.ledger.refusal(caller.user, caller.token, plan.needed);
    await deps.ledger.nextRelease(wait);
  }
}

function limitOutput(options: ReserveOptions, limit: number, available: number): void {
  limitOutputTokens(options.request, limit);
  options.codec.passthrough?.limitOutput(options.raw, limit);
  options.call.warnings.push(`Output limited to ${limit} tokens: the ${available} quota left pays for no more.`);
}
