import type { IncomingHttpHeaders } from 'node:http';
import type { CallFamily } from '../ir/call-family.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { ChannelRecord } from '../store/schema.js';

/** What an observer reads of a call; the pipeline's call record (pipeline/call-log.ts), filled in as the call goes. */
export interface ObservedCall {
  readonly family: CallFamily;
  /** The model the client asked for ('' until the body is read). */
  readonly model: string;
  readonly stream: boolean;
}

/** How an upstream attempt ended: the pipeline's AttemptOutcome, as far as an observer reads it. */
export type AttemptEnd = { ok: true; firstByteMs: number; clientGone: boolean } | { ok: false; status: number; error: RelayErrorInfo };

/** How a call ended for its client. */
export interface CallEnd {
  /** The HTTP status the client was answered (200 for a served call, 499 when its client left first). */
  status: number;
  /** What it used (served calls only). */
  usage?: Usage | undefined;
  /** What it was charged, in quota units (500 000 = 1 USD). */
  cost: number;
  /** Why it failed, or why a served stream broke after its answer began. */
  error?: RelayErrorInfo | undefined;
}

/**
 * Watches model calls for metrics and traces. The pipeline calls it at the points of the call
 * lifecycle (relay/pipeline/call-lifecycle.ts); it must never throw nor wait.
 */
export interface CallObserver {
  /** A call began; its record fills in as the pipeline learns the model, stream and channel. `headers`: the client's request's. */
  begin(call: ObservedCall, headers?: IncomingHttpHeaders): CallWatch;
}

export interface CallWatch {
  /** Quota was reserved for the call (held until it ends). */
  reserved(): void;
  /** An attempt is about to be sent to `channel` with its key `keyIndex`, naming `upstreamModel`. */
  attempt(channel: ChannelRecord, keyIndex: number, upstreamModel: string): AttemptWatch;
  /** The call is answered. Once: a later call is ignored. */
  end(result: CallEnd): void;
}

export interface AttemptWatch {
  end(outcome: AttemptEnd): void;
}

const IGNORED_ATTEMPT: AttemptWatch = { end() {} };

/** What an observer with nothing to do answers: one shared object, so an off observer allocates nothing per call. */
export const IGNORED_CALL: CallWatch = { reserved() {}, attempt: () => IGNORED_ATTEMPT, end() {} };

/** Several observers as one (none: the shared ignored watch). */
export function observeAll(observers: readonly CallObserver[]): CallObserver {
  if (observers.length === 0) return { begin: () => IGNORED_CALL };
  if (observers.length === 1) return observers[0]!;
  return {
    begin(call, headers) {
      // Usually one watch does something (tracing off): no array made for the call then.
      let first: CallWatch | undefined;
      let watches: CallWatch[] | undefined;
      for (const observer of observers) {
        const watch = observer.begin(call, headers);
        if (watch === IGNORED_CALL) continue;
        if (!first) first = watch;
        else (watches ??= [first]).push(watch);
      }
      return watches ? allOf(watches) : (first ?? IGNORED_CALL);
    },
  };
}

function allOf(watches: CallWatch[]): CallWatch {
  return {
    reserved: () => watches.forEach((watch) => watch.reserved()),
    attempt(channel, keyIndex, upstreamModel) {
      const attempts = watches.map((watch) => watch.attempt(channel, keyIndex, upstreamModel));
      return { end: (outcome) => attempts.forEach((attempt) => attempt.end(outcome)) };
    },
    end: (result) => watches.forEach((watch) => watch.end(result)),
  };
}
