import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizeApiKey, checkModelAllowed, presentedApiKey } from '../auth/api-key.js';
import type { Caller } from '../auth/api-key.js';
import { countTokens, promptText } from '../billing/estimate-tokens.js';
import type { Ledger, Reservation } from '../billing/ledger.js';
import { quotaFor } from '../billing/quota-math.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { ChatRequest } from '../ir/chat-request.js';
import { RelayError, type RelayErrorInfo } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { AppLogger } from '../management/context.js';
import type { ClientCodec, RouteFacts } from '../protocols/types.js';
import { disableKey } from '../routing/channel-health.js';
import { isRetryableStatus, meansKeyUnusable } from '../routing/failure-policy.js';
import { pickKey } from '../routing/pick-key.js';
import { coolingKeys, recordAttempt } from '../routing/cooldowns.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import { pickChannel } from '../routing/select-channel.js';
import { groupRatio, modelPrice, readSettings } from '../settings.js';
import type { ChannelStore } from '../store/channels.js';
import { LogType } from '../store/logs/index.js';
import type { LogStore } from '../store/logs/index.js';
import type { SessionStore } from '../store/sessions.js';
import type { StatsStore } from '../store/stats/index.js';
import type { StateFile } from '../store/state-file.js';
import type { TokenStore } from '../store/tokens.js';
import type { UserStore } from '../store/users.js';
import type { Dispatchers } from '../upstream/dispatchers.js';
import { CallAbort } from '../upstream/call-abort.js';
import { channelEndpoint } from '../upstream/channel-endpoint.js';
import { attemptUpstream } from './attempt.js';
import { channelsForModel } from './model-route.js';
import { buildUpstreamRequest } from './upstream-request.js';
import { appendCallLog, callLogRecord } from './call-log.js';
import type { CallLog } from './call-log.js';
import { authorizeBeforeBody, parseJsonBody, readBody } from './read-body.js';
import { reserveQuota } from './reserve.js';

export interface RelayDeps {
  state: StateFile;
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  logs: LogStore;
  /** Hourly usage aggregates, fed with every call log. */
  stats: StatsStore;
  ledger: Ledger;
  dispatchers: Dispatchers;
  log: AppLogger;
  /** Round-robin cursors of `polling` multi-key channels. */
  keyCursors: Map<number, number>;
  /** Channels and keys cooling down after retryable failures, shared by every call. */
  cooldowns: Cooldowns;
  /** Calls still running (billing and logging included), so that shutdown can wait for them. */
  inFlight: Set<Promise<void>>;
  /** Console sign-ins: the playground calls as the signed-in user. */
  sessions: SessionStore;
}

/** Who is calling and on whose quota: an API key by default, the console session for the playground. */
export type Authorize = (req: IncomingMessage, deps: Pick<RelayDeps, 'tokens' | 'users'>) => Caller;

export const byApiKey: Authorize = (req, deps) => authorizeApiKey(presentedApiKey(req), req.socket.remoteAddress ?? '', deps.tokens, deps.users);

/**
 * One model call, whatever the client protocol: authorise the key, decode into the IR,
 * reserve quota, try channels in routing order until one answers (never one that already
 * failed for this call), settle what was used, and log the call.
 */
export function chatRoute(codec: ClientCodec, deps: RelayDeps, authorize: Authorize = byApiKey): RelayRouteHandler {
  const handle = relayChat(codec, deps, authorize);
  return (req, res, params) => {
    const call = handle(req, res, params);
    deps.inFlight.add(call);
    return call.finally(() => deps.inFlight.delete(call));
  };
}

function relayChat(codec: ClientCodec, deps: RelayDeps, authorize: Authorize): (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void> {
  return async (req, res, params) => {
    const startedAt = performance.now();
    const record: CallLog = { model: '', upstreamModel: '', channel: undefined, chain: [], stream: false, warnings: [] };
    let caller: Caller | undefined;
    let reservation: Reservation | undefined;
    try {
      caller = authorizeBeforeBody(res, () => authorize(req, deps));
      const bodyBytes = await readBody(req, res);
      const raw = parseJsonBody(bodyBytes);
      const route = routeFacts(req, params);
      const { request, context: codecContext } = codec.decodeRequest(raw, route, record.warnings);
      record.model = request.model;
      record.stream = request.stream;
      checkModelAllowed(caller, request.model);

      const settings = readSettings(deps.state);
      const price = modelPrice(deps.state, request.model); // model records first, then the built-in defaults
      if (!price && settings.unpriced_model_policy === 'reject') {
        throw new RelayError(403, 'permission', `The model ${request.model} has no price set; an administrator must price it first.`, 'model_price_unset');
      }
      const ratio = groupRatio(deps.state, caller.group);
      const candidates = channelsForModel(deps.channels.list(), deps.cooldowns, caller.group, request.model, 'chat');
      reservation = await reserveQuota(deps, { req, res, caller, call: record, codec, request, raw, price, groupRatio: ratio, defaultOutputTokens: settings.default_reserved_output_tokens });

      const clientGone = new CallAbort();
      res.on('close', () => {
        if (!res.writableFinished) clientGone.abort();
      });
      const retryStatuses = settings.retry_status_codes;
      const excludedChannels = new Set<number>();
      const failedKeys = new Map<number, Set<number>>();
      let lastError: RelayErrorInfo | undefined;

      for (let attempt = 0; attempt <= settings.retry_times; ) {
        const channel = pickChannel(candidates, excludedChannels);
        if (!channel) break;
        const failed = failedKeys.get(channel.id) ?? new Set<number>();
        const keys = await deps.channels.keys(channel.id);
        const keyIndex = pickKey(channel, new Set([...failed, ...coolingKeys(deps.cooldowns, channel)]), deps.keyCursors);
        if (keyIndex === undefined || keys[keyIndex] === undefined) {
          excludedChannels.add(channel.id);
          continue;
        }
        attempt++;
        const endpoint = await channelEndpoint(channel, keys[keyIndex], deps);
        const { adapter, upstream, passthrough, upstreamModel } = buildUpstreamRequest({ codec, channel, endpoint, request, raw, route, req, warnings: record.warnings });
        record.channel = channel;
        record.upstreamModel = upstreamModel;

        const attemptStarted = performance.now();
        const outcome = await attemptUpstream({
          res,
          codec,
          adapter,
          request,
          codecContext,
          upstream,
          passthrough,
          endpoint,
          firstByteTimeoutMs: settings.first_byte_timeout_seconds * 1000,
          idleTimeoutMs: settings.stream_idle_timeout_seconds * 1000,
          keepAliveMs: settings.stream_keepalive_seconds * 1000,
          isRetryableStatus: (status) => isRetryableStatus(status, retryStatuses),
          clientSignal: clientGone,
          startedAt,
        });
        recordAttempt(deps.cooldowns, channel.id, keyIndex, outcome, settings.channel_cooldown_seconds * 1000);
        if (outcome.ok) {
          // An upstream that reports nothing (or only zeros) is counted locally.
          const usage = outcome.usage && outcome.usage.inputTokens + outcome.usage.outputTokens > 0 ? outcome.usage : await estimateUsage(request, outcome.outputText);
          const cost = price ? quotaFor(usage, price, ratio) : 0;
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
          // Journaled with its log record first: after a crash the counters and the log agree.
          deps.ledger.settle(reservation, cost, channel.id, log);
          appendCallLog(deps, log);
          return;
        }
        lastError = outcome.error;
        record.chain.push({
          channel_id: channel.id,
          channel_name: channel.name,
          key_index: keyIndex,
          status: outcome.status,
          ms: Math.round(performance.now() - attemptStarted),
          error: outcome.error.message.slice(0, 300),
        });
        failed.add(keyIndex);
        failedKeys.set(channel.id, failed);
        const keyProblem = meansKeyUnusable(outcome.status, outcome.error.message);
        if (keyProblem && settings.auto_disable_channel && channel.auto_ban) {
          await disableKey(deps.channels, channel, keyIndex, `${outcome.status}: ${outcome.error.message}`, settings.key_recovery_seconds * 1000);
        }
        // A key-specific failure leaves the channel's other keys to try; anything else skips the channel.
        if (!keyProblem) excludedChannels.add(channel.id);
        if ((!outcome.retryable && !keyProblem) || clientGone.aborted) break;
      }
      throw RelayError.from(lastError ?? { status: 503, kind: 'overloaded', message: `No channel could serve ${request.model} right now.`, code: 'no_available_channel' });
    } catch (thrown) {
      const error = thrown instanceof RelayError ? thrown : internalError(thrown, req, deps.log);
      const log = caller && callLogRecord(req, caller, record, { type: LogType.error, usage: undefined, cost: 0, firstByteMs: 0, totalMs: performance.now() - startedAt, price: undefined, error: error.message });
      if (reservation) deps.ledger.refund(reservation, log);
      if (!res.headersSent) {
        const body = JSON.stringify(codec.encodeError(withRequestId(error, req)));
        res.writeHead(error.status, { ...error.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else if (!res.writableEnded) {
        res.end();
      }
      if (log) appendCallLog(deps, log);
    }
  };
}

/** Pattern routes name the model (`model`) and the action (`action`, e.g. streamGenerateContent). */
function routeFacts(req: IncomingMessage, params: Record<string, string>): RouteFacts {
  const facts: RouteFacts = {};
  if (params.model) facts.model = decodeURIComponent(params.model);
  if (params.action) {
    facts.stream = params.action === 'streamGenerateContent';
    facts.sse = /[?&]alt=sse(&|$)/.test(req.url ?? '');
  }
  return facts;
}

async function estimateUsage(request: ChatRequest, outputText: string): Promise<Usage> {
  return { inputTokens: await countTokens(promptText(request)), outputTokens: await countTokens(outputText), estimated: true };
}

function withRequestId(error: RelayError, req: IncomingMessage): RelayError {
  return error.withMessage(`${error.message} (request id: ${req.requestId})`);
}

function internalError(error: unknown, req: IncomingMessage, log: AppLogger): RelayError {
  log.error(`relay ${req.method} ${req.url} failed (request id ${req.requestId}): ${(error as Error)?.stack ?? error}`);
  return new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
}

