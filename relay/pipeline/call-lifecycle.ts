import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelAllowed } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import type { ModelPrice } from '../billing/pricing.js';
import { callBudgets } from '../billing/period-budgets.js';
import { quotaFor } from '../billing/quota-math.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { CallFamily } from '../ir/call-family.js';
import { RelayError, type RelayErrorInfo } from '../ir/relay-error.js';
import type { UnitCounts, Usage } from '../ir/usage.js';
import type { AppLogger } from '../management/context.js';
import type { RouteFacts } from '../protocols/types.js';
import { disableKey } from '../routing/channel-health.js';
import { channelKeyRefused, isRetryableStatus, meansKeyUnusable } from '../routing/failure-policy.js';
import { pickKey } from '../routing/pick-key.js';
import { coolingKeys, recordAttempt } from '../routing/cooldowns.js';
import { stuckTarget } from '../routing/affinity.js';
import { pickChannel } from '../routing/select-channel.js';
import { callSettings } from '../settings.js';
import { groupRatioIn } from '../store/groups.js';
import { modelPriceIn } from '../store/models.js';
import type { QuotaReservation } from '../store/ports.js';
import type { ChannelRecord } from '../store/schema.js';
import { LogType } from '../store/logs/index.js';
import type { NewLogRecord } from '../store/logs/index.js';
import { CallAbort } from '../upstream/call-abort.js';
import { channelEndpoint } from '../upstream/channel-endpoint.js';
import type { ChannelEndpoint } from '../upstream/channel-endpoint.js';
import { captureBodies } from './body-capture.js';
import { appendCallLog, callLogRecord } from './call-log.js';
import type { CallLog } from './call-log.js';
import { channelsForModel } from './model-route.js';
import { authorizeBeforeBody, parseJsonBody, readBody } from './read-body.js';
import { byApiKey } from './relay-deps.js';
import type { Authorize, RelayDeps } from './relay-deps.js';
import { admitRates } from './rate-limits.js';
import type { RateTicket } from './rate-limits.js';
import { reserveQuota } from './reserve.js';
import { recallAffinity, stickAffinity } from './session-affinity.js';
import type { CallBound } from './reserve.js';
import type { Answered, AttemptOutcome } from './send-upstream.js';

/** A call as its family decoded it: what the lifecycle reads, and the family's own value. */
export interface DecodedCall<Call> {
  model: string;
  stream: boolean;
  call: Call;
}

/** What one attempt at one channel knows before it is sent. */
export interface AttemptTarget {
  channel: ChannelRecord;
  /** The channel reached with this attempt's key. */
  endpoint: ChannelEndpoint;
  route: RouteFacts;
  req: IncomingMessage;
  /** Collects what the upstream request could not carry (logged with the call). */
  warnings: string[];
}

/** The limits and signals of one attempt, the same for every family. */
export interface AttemptLimits {
  res: ServerResponse;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveMs: number;
  isRetryableStatus: (status: number) => boolean;
  clientSignal: CallAbort;
  startedAt: number;
}

/** One attempt, built for its channel: the model the upstream is sent, and the sending. */
export interface PreparedAttempt {
  upstreamModel: string;
  send(limits: AttemptLimits): Promise<AttemptOutcome>;
}

/**
 * A served call whose answer starts work that outlives it (a video task): its reservation is
 * handed over open, with what closing it later takes.
 */
export interface HeldCall {
  reservation: QuotaReservation;
  caller: Caller;
  channel: ChannelRecord;
  /** The channel key that served it. */
  keyIndex: number;
  upstreamModel: string;
  price: ModelPrice | undefined;
  groupRatio: number;
  /** Its consume record as the lifecycle would settle it now (usage as metered). */
  log: NewLogRecord;
}

/**
 * The small parts a call family supplies to the one lifecycle: decode from the client's wire,
 * estimate (the reservation's bound), build the upstream request for the channel's provider
 * kind and send it (parsing the answer and encoding it back), meter what was used, and the
 * client's error shape.
 */
export interface FamilyPipeline<Call> {
  readonly family: CallFamily;
  /** What the path says, as the family's codec reads it (none when absent). */
  routeFacts?(url: string, params: Record<string, string>): RouteFacts;
  /**
   * Reads the request body (the key is checked before); default: a JSON body. A family taking
   * uploads reads its form here (http/multipart.ts readMultipart, under its route's limits).
   */
  readBody?(req: IncomingMessage, res: ServerResponse): Promise<unknown>;
  decode(body: unknown, route: RouteFacts, warnings: string[]): DecodedCall<Call>;
  estimate(call: Call, defaultOutputTokens: number): CallBound;
  /**
   * Why `channel` cannot serve this call as asked (e.g. a completions option a chat upstream
   * has no way to honour). Such channels are left out; when every one is, the first refusal answers.
   */
  refusal?(call: Call, channel: ChannelRecord): RelayError | undefined;
  prepare(call: Call, target: AttemptTarget): PreparedAttempt;
  /** The client's coding-agent session, for prompt-cache affinity (pipeline/session-affinity.ts); none: no affinity. */
  session?(call: Call, req: IncomingMessage): string | undefined;
  /** The usage to bill: the upstream's, or counted locally when it reported none (a promise only when counting). */
  meter(call: Call, answered: Answered): Usage | Promise<Usage>;
  /**
   * Instead of settling a served call now: takes its reservation, still open, and answers the
   * client; the family settles or refunds it when its work ends. A throw refunds it now.
   */
  hold?(call: Call, held: HeldCall, res: ServerResponse): Promise<void>;
  encodeError(error: RelayErrorInfo): unknown;
}

/**
 * One model call of any family: authorise the key (before the body), decode, reserve quota,
 * try the channels serving the model and the family in routing order until one answers
 * (never one that already failed for this call), settle what was used, and log the call.
 */
export function callRoute<Call>(family: FamilyPipeline<Call>, deps: RelayDeps, authorize: Authorize = byApiKey): RelayRouteHandler {
  const handle = lifecycle(family, deps, authorize);
  return (req, res, params) => {
    const call = handle(req, res, params);
    deps.inFlight.add(call);
    return call.finally(() => deps.inFlight.delete(call));
  };
}

function lifecycle<Call>(family: FamilyPipeline<Call>, deps: RelayDeps, authorize: Authorize): (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void> {
  const catalog = deps.store.catalog;
  const quota = deps.store.quota;
  const endpointDeps = { channels: catalog, dispatchers: deps.dispatchers };
  return async (req, res, params) => {
    const startedAt = performance.now();
    const record: CallLog = { family: family.family, model: '', upstreamModel: '', channel: undefined, chain: [], stream: false, warnings: [] };
    const watch = deps.observer.begin(record, req.headers); // metrics and traces (relay/observability/)
    let caller: Caller | undefined;
    let reservation: QuotaReservation | undefined;
    let rates: RateTicket | undefined;
    try {
      caller = authorizeBeforeBody(res, () => authorize(req, deps));
      const body = family.readBody ? undefined : await readBody(req, res);
      // Opted in (the key or the relay): the bodies are kept once the answer ends, off the call's path.
      const bodies = captureBodies(deps, req, res, caller, callSettings(catalog), body);
      const raw = body === undefined ? await family.readBody!(req, res) : parseJsonBody(body);
      const route = family.routeFacts?.(req.url ?? '', params) ?? {};
      const decoded = family.decode(raw, route, record.warnings);
      record.model = decoded.model;
      record.stream = decoded.stream;
      checkModelAllowed(caller, decoded.model);

      const settings = callSettings(catalog);
      const price = modelPriceIn(catalog.models(), decoded.model); // model records first, then the built-in defaults
      if (!price && settings.unpriced_model_policy === 'reject') {
        throw new RelayError(403, 'permission', `The model ${decoded.model} has no price set; an administrator must price it first.`, 'model_price_unset');
      }
      const ratio = groupRatioIn(catalog.groups(), caller.group);
      const candidates = servable(family, decoded.call, channelsForModel(catalog.channels(), deps.cooldowns, caller.group, decoded.model, family.family));
      const bound = withOneRequest(family.estimate(decoded.call, settings.default_reserved_output_tokens));
      const admitting = admitRates(deps.store.counters, catalog, caller, decoded.model, bound.promptTokens + bound.outputTokens, (failed) => void internalError(failed, req, deps.log));
      if (admitting) rates = await admitting;
      reservation = await reserveQuota(quota, { req, res, caller, call: record, bound, price, groupRatio: ratio, budgets: callBudgets(caller, settings.budget_time_zone) });
      watch.reserved();

      const clientGone = new CallAbort();
      res.on('close', () => {
        if (!res.writableFinished) clientGone.abort();
      });
      const retryStatuses = settings.retry_status_codes;
      const limits: AttemptLimits = {
        res,
        firstByteTimeoutMs: settings.first_byte_timeout_seconds * 1000,
        idleTimeoutMs: settings.stream_idle_timeout_seconds * 1000,
        keepAliveMs: settings.stream_keepalive_seconds * 1000,
        isRetryableStatus: (status) => isRetryableStatus(status, retryStatuses),
        clientSignal: clientGone,
        startedAt,
      };
      const excludedChannels = new Set<number>();
      const failedKeys = new Map<number, Set<number>>();
      const unusableKeys = (channel: ChannelRecord) => {
        const unusable = coolingKeys(deps.cooldowns, channel);
        for (const keyIndex of failedKeys.get(channel.id) ?? []) unusable.add(keyIndex);
        return unusable;
      };
      const affinityError = (error: unknown) => deps.log.error(`prompt-cache affinity: ${(error as Error)?.message ?? error}`);
      const session = family.session?.(decoded.call, req);
      const recalling = recallAffinity(deps.store.affinities, settings.cache_affinity_seconds, { tokenId: caller.token.id, userId: caller.user.id, model: decoded.model, session }, affinityError);
      const affinity = recalling && (await recalling);
      let lastError: RelayErrorInfo | undefined;

      for (let attempt = 0; attempt <= settings.retry_times; ) {
        // A session's remembered channel and key first, while it may serve (routing/affinity.ts).
        const stuck = affinity && stuckTarget(affinity.target, candidates, excludedChannels, unusableKeys);
        const channel = stuck ? stuck.channel : pickChannel(candidates, excludedChannels);
        if (!channel) break;
        const keysRead = catalog.channelKeys(channel.id);
        const keys = keysRead instanceof Promise ? await keysRead : keysRead; // cached: no await, no turn of the microtask queue
        const keyIndex = stuck ? stuck.keyIndex : pickKey(channel, unusableKeys(channel), deps.keyCursors);
        if (keyIndex === undefined || keys[keyIndex] === undefined) {
          excludedChannels.add(channel.id);
          continue;
        }
        attempt++;
        bodies?.secret(keys[keyIndex]);
        const reached = channelEndpoint(channel, keys[keyIndex], endpointDeps);
        const endpoint = reached instanceof Promise ? await reached : reached;
        const prepared = family.prepare(decoded.call, { channel, endpoint, route, req, warnings: record.warnings });
        record.channel = channel;
        record.upstreamModel = prepared.upstreamModel;

        const attemptWatch = watch.attempt(channel, keyIndex, prepared.upstreamModel);
        const attemptStarted = performance.now();
        const outcome = await prepared.send(limits);
        attemptWatch.end(outcome);
        recordAttempt(deps.cooldowns, channel.id, keyIndex, outcome, settings.channel_cooldown_seconds * 1000);
        if (outcome.ok) {
          if (affinity) record.affinity = { outcome: await stickAffinity(deps.store.affinities, affinity, { channelId: channel.id, keyIndex }, affinityError), keyIndex };
          const metered = family.meter(decoded.call, outcome);
          const usage = withOneRequest(metered instanceof Promise ? await metered : metered);
          const cost = price ? quotaFor(usage, price, ratio) : 0;
          rates?.settle(usage.inputTokens + usage.outputTokens);
          const log = callLogRecord(req, caller, record, {
            type: LogType.consume,
            usage,
            cost,
            firstByteMs: outcome.firstByteMs,
            totalMs: performance.now() - startedAt,
            price,
            groupRatio: ratio,
            error: outcome.streamError?.message ?? (outcome.clientGone ? 'client disconnected' : ''),
          });
          watch.end({ status: outcome.clientGone ? 499 : 200, usage, cost, error: outcome.streamError });
          if (family.hold) return await family.hold(decoded.call, { reservation, caller, channel, keyIndex, upstreamModel: prepared.upstreamModel, price, groupRatio: ratio, log }, res);
          // The ledger logs the call as it charges it (embedded: journaled with its record first, so after a crash the counters and the log agree).
          return await quota.settle(reservation.id, cost, channel.id, deps.store.logs.encode(log));
        }
        const keyProblem = meansKeyUnusable(outcome.status, outcome.error.message);
        lastError = keyProblem ? channelKeyRefused(outcome.error) : outcome.error;
        record.chain.push({
          channel_id: channel.id,
          channel_name: channel.name,
          key_index: keyIndex,
          status: outcome.status,
          ms: Math.round(performance.now() - attemptStarted),
          error: outcome.error.message.slice(0, 300),
        });
        const failed = failedKeys.get(channel.id) ?? new Set<number>();
        failed.add(keyIndex);
        failedKeys.set(channel.id, failed);
        if (keyProblem && settings.auto_disable_channel && channel.auto_ban) {
          await disableKey(deps.store.channels, channel, keyIndex, `${outcome.status}: ${outcome.error.message}`, settings.key_recovery_seconds * 1000);
        }
        // A key-specific failure leaves the channel's other keys to try; anything else skips the channel.
        if (!keyProblem) excludedChannels.add(channel.id);
        if ((!outcome.retryable && !keyProblem) || clientGone.aborted) break;
      }
      throw RelayError.from(lastError ?? { status: 503, kind: 'overloaded', message: `No channel could serve ${decoded.model} right now.`, code: 'no_available_channel' });
    } catch (thrown) {
      const error = thrown instanceof RelayError ? thrown : internalError(thrown, req, deps.log);
      rates?.release();
      watch.end({ status: error.status, cost: 0, error });
      const log = caller && deps.store.logs.encode(callLogRecord(req, caller, record, { type: LogType.error, usage: undefined, cost: 0, firstByteMs: 0, totalMs: performance.now() - startedAt, price: undefined, error: error.message }));
      // Refunded with the failed call's record (the ledger logs it); without a reservation the record is logged here.
      const closed = reservation ? quota.refund(reservation.id, log).catch((failed: unknown) => void internalError(failed, req, deps.log)) : log && appendCallLog(deps.store, log);
      if (!res.headersSent) {
        const body = JSON.stringify(family.encodeError(withRequestId(error, req)));
        res.writeHead(error.status, { ...error.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else if (!res.writableEnded) {
        res.end();
      }
      await closed;
    }
  };
}

/** The channels able to serve `call` as asked, or the first one's refusal when none is. */
function servable<Call>(family: FamilyPipeline<Call>, call: Call, channels: ChannelRecord[]): ChannelRecord[] {
  if (!family.refusal) return channels;
  const refusals = channels.map((channel) => family.refusal!(call, channel));
  const able = channels.filter((_, index) => refusals[index] === undefined);
  if (able.length === 0 && refusals[0]) throw refusals[0];
  return able;
}

/** Every call is one request (a model may be priced per request besides its tokens); the family meters its other units. */
function withOneRequest<T extends { units?: UnitCounts }>(measure: T): T {
  // Literals first, spreads after: V8 builds `{ ...a, b }` several times slower, on every call.
  const units: UnitCounts = { requests: 1, ...measure.units };
  units.requests = 1;
  const copy = { units, ...measure };
  copy.units = units;
  return copy;
}

function withRequestId(error: RelayError, req: IncomingMessage): RelayError {
  return error.withMessage(`${error.message} (request id: ${req.requestId})`);
}

function internalError(error: unknown, req: IncomingMessage, log: AppLogger): RelayError {
  log.error(`relay ${req.method} ${req.url} failed (request id ${req.requestId}): ${(error as Error)?.stack ?? error}`);
  return new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
}
