import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizeApiKey, checkModelAllowed, presentedApiKey } from '../auth/api-key.js';
import { countTokens, promptText, roughPromptTokens } from '../billing/estimate-tokens.js';
import type { Ledger, Reservation } from '../billing/ledger.js';
import type { ModelPrice } from '../billing/pricing.js';
import { quotaFor } from '../billing/quota-math.js';
import { RelayError } from '../http/errors.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { AppLogger } from '../management/context.js';
import type { ClientCodec, RouteFacts } from '../protocols/types.js';
import { DEFAULT_BASE_URLS, adapterFor } from '../providers/registry.js';
import type { UpstreamRequest } from '../providers/types.js';
import { disableKey } from '../routing/channel-health.js';
import { isRetryableStatus, meansKeyUnusable } from '../routing/failure-policy.js';
import { pickKey } from '../routing/pick-key.js';
import { candidateChannels, mapModel, pickChannel } from '../routing/select-channel.js';
import { groupRatio, modelPrice, readSettings } from '../settings.js';
import type { ChannelStore } from '../store/channels.js';
import { LogType } from '../store/logs/index.js';
import type { LogStore, RetryAttempt } from '../store/logs/index.js';
import type { StatsStore } from '../store/stats/index.js';
import type { ChannelRecord } from '../store/schema.js';
import type { StateFile } from '../store/state-file.js';
import type { TokenStore } from '../store/tokens.js';
import type { UserStore } from '../store/users.js';
import type { Dispatchers } from '../upstream/dispatchers.js';
import { CallAbort } from '../upstream/call-abort.js';
import { attemptUpstream } from './attempt.js';
import { parseJsonBody, readBody } from './read-body.js';

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
  /** Calls still running (billing and logging included), so that shutdown can wait for them. */
  inFlight: Set<Promise<void>>;
}

/**
 * One model call, whatever the client protocol: authorise the key, decode into the IR,
 * reserve quota, try channels in routing order until one answers (never one that already
 * failed for this call), settle what was used, and log the call.
 */
export function chatRoute(codec: ClientCodec, deps: RelayDeps): RelayRouteHandler {
  const handle = relayChat(codec, deps);
  return (req, res, params) => {
    const call = handle(req, res, params);
    deps.inFlight.add(call);
    return call.finally(() => deps.inFlight.delete(call));
  };
}

function relayChat(codec: ClientCodec, deps: RelayDeps): (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void> {
  return async (req, res, params) => {
    const startedAt = performance.now();
    const clientIp = req.socket.remoteAddress ?? '';
    const record: CallLog = { model: '', upstreamModel: '', channel: undefined, chain: [], stream: false, warnings: [] };
    let caller: ReturnType<typeof authorizeApiKey> | undefined;
    let reservation: Reservation | undefined;
    try {
      const bodyBytes = await readBody(req);
      caller = authorizeApiKey(presentedApiKey(req), clientIp, deps.tokens, deps.users);
      const raw = parseJsonBody(bodyBytes);
      const route = routeFacts(req, params);
      const request = codec.decodeRequest(raw, route, record.warnings);
      record.model = request.model;
      record.stream = request.stream;
      checkModelAllowed(caller, request.model);

      const settings = readSettings(deps.state);
      const price = modelPrice(deps.state, request.model); // model records first, then the built-in defaults
      if (!price && settings.unpriced_model_policy === 'reject') {
        throw new RelayError(403, 'permission', `The model ${request.model} has no price set; an administrator must price it first.`, 'model_price_unset');
      }
      const ratio = groupRatio(deps.state, caller.group);
      const candidates = candidateChannels(deps.channels.list(), caller.group, request.model);
      if (candidates.length === 0) {
        throw new RelayError(503, 'not_found', `No available channel serves the model ${request.model} for the group ${caller.group}.`, 'model_not_found');
      }
      const estimate: Usage = {
        inputTokens: roughPromptTokens(request),
        outputTokens: request.maxOutputTokens ?? settings.default_reserved_output_tokens,
      };
      reservation = deps.ledger.reserve(caller.user, caller.token, price ? quotaFor(estimate, price, ratio) : 0);

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
        const keyIndex = pickKey(channel, failed, deps.keyCursors);
        if (keyIndex === undefined || keys[keyIndex] === undefined) {
          excludedChannels.add(channel.id);
          continue;
        }
        attempt++;
        const upstreamModel = mapModel(channel, request.model);
        // An advanced custom channel (type 58) picks its route by the client's protocol and the model.
        const adapter = adapterFor(channel, { protocol: codec.protocol, models: [upstreamModel, request.model] });
        const target = { baseUrl: channel.base_url || DEFAULT_BASE_URLS[channel.type] || '', apiKey: keys[keyIndex], model: upstreamModel, settings: channel.settings };
        const passthrough =
          adapter.protocol === codec.protocol && adapter.buildPassthroughRequest !== undefined && (codec.passthrough?.accepts?.(route) ?? codec.passthrough !== undefined);
        let upstream: UpstreamRequest;
        if (passthrough) {
          upstream = adapter.buildPassthroughRequest!(raw as Record<string, unknown>, target, request.stream);
          forwardClientHeaders(upstream, req, codec.passthrough?.forwardHeaders ?? []);
        } else {
          const built = adapter.buildChatRequest(request, target);
          upstream = built.request;
          record.warnings.push(...built.warnings);
        }
        applyHeaderOverride(upstream, channel, keys[keyIndex]);
        record.channel = channel;
        record.upstreamModel = upstreamModel;

        const outcome = await attemptUpstream({
          res,
          codec,
          adapter,
          request,
          upstream,
          passthrough,
          dispatcher: deps.dispatchers.for(await deps.channels.proxyUrl(channel)),
          firstByteTimeoutMs: settings.first_byte_timeout_seconds * 1000,
          idleTimeoutMs: settings.stream_idle_timeout_seconds * 1000,
          keepAliveMs: settings.stream_keepalive_seconds * 1000,
          isRetryableStatus: (status) => isRetryableStatus(status, retryStatuses),
          clientSignal: clientGone,
          startedAt,
        });
        if (outcome.ok) {
          // An upstream that reports nothing (or only zeros) is counted locally.
          const usage = outcome.usage && outcome.usage.inputTokens + outcome.usage.outputTokens > 0 ? outcome.usage : await estimateUsage(request, outcome.outputText);
          const cost = price ? quotaFor(usage, price, ratio) : 0;
          deps.ledger.settle(reservation, cost);
          deps.channels.touch(channel, (c) => {
            c.used_quota += cost;
          });
          writeLog(deps, req, caller, record, {
            type: LogType.consume,
            usage,
            cost,
            firstByteMs: outcome.firstByteMs,
            totalMs: performance.now() - startedAt,
            price,
            error: outcome.streamError?.message ?? (outcome.clientGone ? 'client disconnected' : ''),
          });
          return;
        }
        lastError = outcome.error;
        record.chain.push({ channel_id: channel.id, key_index: keyIndex, status: outcome.status, error: outcome.error.message.slice(0, 300) });
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
      if (reservation) deps.ledger.refund(reservation);
      const error = thrown instanceof RelayError ? thrown : internalError(thrown, req, deps.log);
      if (!res.headersSent) {
        const body = JSON.stringify(codec.encodeError(withRequestId(error, req)));
        res.writeHead(error.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else if (!res.writableEnded) {
        res.end();
      }
      if (caller) {
        writeLog(deps, req, caller, record, { type: LogType.error, usage: undefined, cost: 0, firstByteMs: 0, totalMs: performance.now() - startedAt, price: undefined, error: error.message });
      }
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

interface CallLog {
  model: string;
  upstreamModel: string;
  channel: ChannelRecord | undefined;
  chain: RetryAttempt[];
  stream: boolean;
  warnings: string[];
}

/** Adds the client's values of `names` to the upstream request, merging comma lists without duplicates. */
function forwardClientHeaders(upstream: UpstreamRequest, req: IncomingMessage, names: readonly string[]): void {
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value !== 'string' || value === '') continue;
    const merged = new Set([...(upstream.headers[name] ?? '').split(','), ...value.split(',')].map((v) => v.trim()).filter(Boolean));
    upstream.headers[name] = [...merged].join(',');
  }
}

/** Header overrides replace or add upstream headers; `{api_key}` becomes this attempt's key. */
function applyHeaderOverride(upstream: UpstreamRequest, channel: ChannelRecord, key: string): void {
  for (const [name, value] of Object.entries(channel.header_override)) {
    upstream.headers[name.toLowerCase()] = String(value).replaceAll('{api_key}', key);
  }
}

async function estimateUsage(request: ChatRequest, outputText: string): Promise<Usage> {
  return { inputTokens: await countTokens(promptText(request)), outputTokens: await countTokens(outputText), estimated: true };
}

function withRequestId(error: RelayError, req: IncomingMessage): RelayError {
  return new RelayError(error.status, error.kind, `${error.message} (request id: ${req.requestId})`, error.code, error.param);
}

function internalError(error: unknown, req: IncomingMessage, log: AppLogger): RelayError {
  log.error(`relay ${req.method} ${req.url} failed (request id ${req.requestId}): ${(error as Error)?.stack ?? error}`);
  return new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
}

function writeLog(
  deps: RelayDeps,
  req: IncomingMessage,
  caller: ReturnType<typeof authorizeApiKey>,
  call: CallLog,
  outcome: { type: number; usage: Usage | undefined; cost: number; firstByteMs: number; totalMs: number; price: ModelPrice | undefined; error: string },
): void {
  const other: Record<string, unknown> = {};
  if (call.warnings.length > 0) other.warnings = call.warnings;
  if (outcome.usage?.estimated) other.usage_estimated = true;
  if (outcome.type === LogType.consume && !outcome.price) other.unpriced = true;
  const logged = deps.logs.append({
    type: outcome.type,
    user_id: caller.user.id,
    username: caller.user.username,
    token_id: caller.token.id,
    token_name: caller.token.name,
    model: call.model,
    upstream_model: call.upstreamModel,
    channel_id: call.channel?.id ?? 0,
    channel_name: call.channel?.name ?? '',
    group: caller.group,
    prompt_tokens: outcome.usage?.inputTokens ?? 0,
    completion_tokens: outcome.usage?.outputTokens ?? 0,
    cached_tokens: outcome.usage?.cachedInputTokens ?? 0,
    reasoning_tokens: outcome.usage?.reasoningTokens ?? 0,
    quota: outcome.cost,
    first_byte_ms: Math.round(outcome.firstByteMs),
    total_ms: Math.round(outcome.totalMs),
    is_stream: call.stream,
    ip: req.socket.remoteAddress ?? '',
    request_id: req.requestId,
    retry_chain: call.chain,
    error: outcome.error,
    other,
  });
  deps.stats.record(logged);
}

export type { ServerResponse };
