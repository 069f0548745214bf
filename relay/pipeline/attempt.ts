import type { ServerResponse } from 'node:http';
import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ChatResult } from '../ir/chat-result.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { ClientCodec } from '../protocols/types.js';
import type { ProviderAdapter, UpstreamBody, UpstreamRequest } from '../providers/types.js';
import { parseRetryAfter } from '../routing/cooldowns.js';
import { CallAbort } from '../upstream/call-abort.js';
import type { ChannelEndpoint } from '../upstream/channel-endpoint.js';
import { ClientStream } from './client-stream.js';
import { PassthroughPump, TranslatingPump } from './stream-pumps.js';
import type { StreamPump } from './stream-pumps.js';

type Answered = { ok: true; usage: Usage | undefined; outputText: string; firstByteMs: number; clientGone: boolean; streamError?: RelayErrorInfo };
type Failed = { ok: false; error: RelayErrorInfo; retryable: boolean; status: number; /** The upstream's Retry-After. */ retryAfterMs?: number };

/**
 * How one upstream attempt ended; a failure says when the attempt was sent (ms epoch), so
 * that a call already under way when a failure was counted does not count again.
 */
export type AttemptOutcome = Answered | (Failed & { sentAt: number });

export interface AttemptOptions {
  res: ServerResponse;
  codec: ClientCodec;
  adapter: ProviderAdapter;
  request: ChatRequest;
  /** What the codec's decode answered beside the request, for its encoders. */
  codecContext: unknown;
  upstream: UpstreamRequest<UpstreamBody>;
  passthrough: boolean;
  /** The channel reached with this attempt's key: the connection, and the secrets its messages must not show. */
  endpoint: ChannelEndpoint;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveMs: number;
  isRetryableStatus: (status: number) => boolean;
  /** Aborted when the client goes away. */
  clientSignal: CallAbort;
  startedAt: number;
}


/**
 * Sends one attempt and, when it succeeds, answers the client. Nothing is written to the
 * client until the upstream has produced its first output, so every failure before that
 * (connection, status, timeout, an early error event) can still go to another channel.
 * The first-byte limit runs until the answer's headers (for a stream, until the first
 * event of the answer itself, which commits it: `message_start`, `response.created` or a ping does not);
 * after that the idle limit governs the body.
 */
export async function attemptUpstream(options: AttemptOptions): Promise<AttemptOutcome> {
  const sentAt = Date.now();
  const outcome = await sendAttempt(options);
  return outcome.ok ? outcome : { ...outcome, sentAt };
}

async function sendAttempt(options: AttemptOptions): Promise<Answered | Failed> {
  const { upstream, request, adapter } = options;
  const controller = new CallAbort();
  const onClientGone = () => controller.abort(new Error('client disconnected'));
  options.clientSignal.once('abort', onClientGone);
  let firstByteTimer: NodeJS.Timeout | undefined;
  let timedOut = false;
  if (options.firstByteTimeoutMs > 0) {
    firstByteTimer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('first byte timeout'));
    }, options.firstByteTimeoutMs);
  }
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await undiciRequest(upstream.url, {
        method: upstream.method ?? 'POST',
        headers: upstream.headers,
        body: upstream.body,
        dispatcher: options.endpoint.dispatcher,
        signal: controller,
        bodyTimeout: options.idleTimeoutMs,
        headersTimeout: 0,
      });
    } catch (error) {
      return failure(options, timedOut ? timeoutError(options) : connectionError(error), 0, true);
    }
    // A whole answer's first byte has come with its headers; a stream's commits it (ClientStream).
    if (!request.stream) clearTimeout(firstByteTimer);
    if (response.statusCode >= 400) {
      const text = await response.body.text().catch(() => '');
      const info = adapter.parseError(response.statusCode, text);
      return failure(options, info, response.statusCode, options.isRetryableStatus(response.statusCode), parseRetryAfter(response.headers['retry-after']));
    }
    if (!request.stream) return await wholeAnswer(options, response);
    return await streamAnswer(options, response, controller, () => {
      clearTimeout(firstByteTimer);
      return timedOut;
    });
  } finally {
    clearTimeout(firstByteTimer);
    options.clientSignal.off('abort', onClientGone);
  }
}

async function wholeAnswer(options: AttemptOptions, response: Dispatcher.ResponseData): Promise<Answered | Failed> {
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    const idle: RelayErrorInfo = { status: 504, kind: 'timeout', message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s while answering.`, code: 'upstream_idle_timeout' };
    return failure(options, isBodyTimeout(error) ? idle : connectionError(error), 0, true);
  }
  const firstByteMs = performance.now() - options.startedAt;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered something that is not JSON: ${text.slice(0, 200)}` }, 502, true);
  }
  const { res, codec } = options;
  if (options.passthrough) {
    writeJson(res, text);
    const usage = codec.passthrough?.usageOf(json);
    // Without usage the answer's text is needed for a local count.
    const outputText = usage ? '' : answerText(options.adapter.parseChatResponse(json, options.request));
    return { ok: true, usage, outputText, firstByteMs, clientGone: false };
  }
  const result = options.adapter.parseChatResponse(json, options.request);
  writeJson(res, JSON.stringify(codec.encodeResponse(result, options.request, options.codecContext)));
  return { ok: true, usage: result.usage.estimated ? undefined : result.usage, outputText: answerText(result), firstByteMs, clientGone: false };
}

function answerText(result: ChatResult): string {
  return result.content.map((p) => (p.type === 'text' || p.type === 'reasoning' ? p.text : p.type === 'tool-call' ? p.arguments : '')).join('');
}

function writeJson(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function streamAnswer(
  options: AttemptOptions,
  response: Dispatcher.ResponseData,
  controller: CallAbort,
  /** Stops the first-byte timer; answers whether it had already fired. */
  stopFirstByteTimer: () => boolean,
): Promise<Answered | Failed> {
  const { res, codec, request, codecContext } = options;
  const client = new ClientStream(res, options.startedAt, options.keepAliveMs, stopFirstByteTimer);
  const abort = () => controller.abort(new Error('upstream error event'));
  const pump: StreamPump =
    options.passthrough && codec.passthrough
      ? new PassthroughPump(client, codec, request, codecContext, abort)
      : new TranslatingPump(client, codec, options.adapter, request, codecContext, abort);

  let streamFailure: unknown;
  try {
    for await (const chunk of response.body) {
      pump.push(chunk as Buffer);
      if (controller.aborted) break;
    }
    if (!controller.aborted) pump.end();
    if (!controller.aborted && !pump.finished && options.passthrough) {
      streamFailure = new Error('The upstream ended the stream before the answer was complete.');
    }
  } catch (error) {
    streamFailure = error;
  } finally {
    client.stopKeepAlive();
    if (!response.body.destroyed) response.body.destroy();
  }

  const clientGone = options.clientSignal.aborted;
  const { usage, outputText, earlyError } = pump;
  if (!client.committed) {
    if (clientGone) return { ok: true, usage, outputText, firstByteMs: 0, clientGone };
    if (earlyError) return failure(options, earlyError, earlyError.status, isRetryableKind(earlyError) || options.isRetryableStatus(earlyError.status));
    if (stopFirstByteTimer()) return failure(options, timeoutError(options), 0, true);
    if (streamFailure) return failure(options, connectionError(streamFailure), 0, true);
    // The upstream ended without any output: answer what there is (an empty, finished stream).
    client.commit();
  }
  let lateError = pump.lateError && redacted(options, pump.lateError);
  let lateErrorSent = pump.lateErrorSent;
  if (streamFailure && !clientGone) {
    lateErrorSent = false;
    lateError = isBodyTimeout(streamFailure)
      ? { status: 504, kind: 'timeout', message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s; the stream was ended.`, code: 'stream_idle_timeout' }
      : { status: 502, kind: 'upstream', message: 'The upstream ended the stream before the answer was complete.', code: 'upstream_stream_incomplete' };
  }
  client.end(lateError && !lateErrorSent && !clientGone ? pump.errorText(lateError) : '');
  return { ok: true, usage, outputText, firstByteMs: client.firstByteMs, clientGone, ...(lateError ? { streamError: lateError } : {}) };
}

function isRetryableKind(error: RelayErrorInfo): boolean {
  return error.kind === 'overloaded' || error.kind === 'rate_limit' || error.kind === 'upstream' || error.kind === 'timeout';
}

function isBodyTimeout(error: unknown): boolean {
  return (error as { code?: string })?.code === 'UND_ERR_BODY_TIMEOUT';
}

function failure(options: AttemptOptions, error: RelayErrorInfo, status: number, retryable: boolean, retryAfterMs?: number): Failed {
  // A client that left makes further attempts pointless.
  return { ok: false, error: redacted(options, error), status, retryable: retryable && !options.clientSignal.aborted, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/** An upstream's message may echo the key or a header override's secret: neither reaches the client or the log. */
function redacted(options: AttemptOptions, error: RelayErrorInfo): RelayErrorInfo {
  const message = options.endpoint.redact(error.message);
  return message === error.message ? error : { ...error, message };
}

function timeoutError(options: AttemptOptions): RelayErrorInfo {
  return { status: 504, kind: 'timeout', message: `The upstream did not answer within ${options.firstByteTimeoutMs / 1000} s.`, code: 'first_byte_timeout' };
}

function connectionError(error: unknown): RelayErrorInfo {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? (error as { code?: string })?.code ?? (error as Error)?.message ?? 'unknown';
  return { status: 502, kind: 'upstream', message: `Could not reach the upstream (${detail}).`, code: 'upstream_connection_error' };
}
