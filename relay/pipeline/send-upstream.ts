import type { ServerResponse } from 'node:http';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { Usage } from '../ir/usage.js';
import type { UpstreamBody, UpstreamRequest } from '../providers/types.js';
import { parseRetryAfter } from '../routing/cooldowns.js';
import type { CallAbort } from '../upstream/call-abort.js';
import type { ChannelEndpoint } from '../upstream/channel-endpoint.js';
import { UpstreamExchange, dispatchTarget } from './upstream-exchange.js';

export type Answered = { ok: true; usage: Usage | undefined; outputText: string; firstByteMs: number; clientGone: boolean; streamError?: RelayErrorInfo };
export type Failed = { ok: false; error: RelayErrorInfo; retryable: boolean; status: number; /** The upstream's Retry-After. */ retryAfterMs?: number };

/**
 * How one upstream attempt ended; a failure says when the attempt was sent (ms epoch), so
 * that a call already under way when a failure was counted does not count again.
 */
export type AttemptOutcome = Answered | (Failed & { sentAt: number });

/** What every attempt needs, whatever the family: the request, the connection, the limits. */
export interface SendOptions {
  upstream: UpstreamRequest<UpstreamBody>;
  /** The channel reached with this attempt's key: the connection, and the secrets its messages must not show. */
  endpoint: ChannelEndpoint;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  isRetryableStatus: (status: number) => boolean;
  /** Aborted when the client goes away. */
  clientSignal: CallAbort;
  startedAt: number;
  /** The upstream's own error body → message, kind and code. */
  parseError(status: number, body: string): RelayErrorInfo;
}

/** How a family reads a successful answer (status < 400) and answers the client. */
export interface AnswerReader {
  /** A stream's first byte is its first event of output (the reader stops the timer); a whole answer's is its headers. */
  streamed: boolean;
  read(response: UpstreamExchange, stopFirstByteTimer: () => boolean): Promise<Answered | Failed>;
}

/**
 * Sends one attempt: connection, first-byte limit, error statuses; a successful answer goes
 * to the family's reader. Nothing is written to the client before the reader decides, so
 * every failure before that can still go to another channel.
 */
export async function sendUpstream(options: SendOptions, reader: AnswerReader): Promise<AttemptOutcome> {
  const sentAt = Date.now();
  const outcome = await send(options, reader);
  return outcome.ok ? outcome : { sentAt, ...outcome };
}

async function send(options: SendOptions, reader: AnswerReader): Promise<Answered | Failed> {
  const { upstream } = options;
  const exchange = new UpstreamExchange();
  const onClientGone = () => exchange.abort(new Error('client disconnected'));
  options.clientSignal.onAbort(onClientGone);
  let firstByteTimer: NodeJS.Timeout | undefined;
  let timedOut = false;
  if (options.firstByteTimeoutMs > 0) {
    firstByteTimer = setTimeout(() => {
      timedOut = true;
      exchange.abort(new Error('first byte timeout'));
    }, options.firstByteTimeoutMs);
  }
  try {
    const { origin, path } = dispatchTarget(upstream.url);
    try {
      await exchange.start(options.endpoint.dispatcher, {
        origin,
        path,
        method: upstream.method ?? 'POST',
        headers: upstream.headers,
        body: upstream.body,
        bodyTimeout: options.idleTimeoutMs,
        headersTimeout: 0,
      });
    } catch (error) {
      return failure(options, timedOut ? timeoutError(options) : connectionError(error), 0, true);
    }
    // A whole answer's first byte has come with its headers; a stream's commits it (ClientStream).
    if (!reader.streamed) clearTimeout(firstByteTimer);
    if (exchange.status >= 400) {
      const text = await exchange.text().catch(() => '');
      const info = options.parseError(exchange.status, text);
      return failure(options, info, exchange.status, options.isRetryableStatus(exchange.status), parseRetryAfter(exchange.headers['retry-after']));
    }
    return await reader.read(exchange, () => {
      clearTimeout(firstByteTimer);
      return timedOut;
    });
  } finally {
    clearTimeout(firstByteTimer);
    options.clientSignal.offAbort(onClientGone);
  }
}

type ReadOptions = Pick<SendOptions, 'idleTimeoutMs' | 'startedAt' | 'clientSignal' | 'endpoint'>;

/**
 * A whole answer's text (the idle limit applies while it arrives), with the time of its
 * first byte; or the failure to hand back.
 */
export async function readWholeText(options: ReadOptions, response: UpstreamExchange): Promise<{ text: string; firstByteMs: number } | Failed> {
  try {
    const text = await response.text();
    return { text, firstByteMs: performance.now() - options.startedAt };
  } catch (error) {
    const idle: RelayErrorInfo = { status: 504, kind: 'timeout', message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s while answering.`, code: 'upstream_idle_timeout' };
    return failure(options, isBodyTimeout(error) ? idle : connectionError(error), 0, true);
  }
}

/** An answer's text as JSON, or the failure to hand back (another channel may do better). */
export function parseAnswer(options: ReadOptions, text: string): { json: unknown } | Failed {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered something that is not JSON: ${text.slice(0, 200)}` }, 502, true);
  }
}

/** A whole answer's text parsed as JSON, with the time of its first byte; or the failure to hand back. */
export async function readWholeJson(options: ReadOptions, response: UpstreamExchange): Promise<{ text: string; json: unknown; firstByteMs: number } | Failed> {
  const whole = await readWholeText(options, response);
  if ('ok' in whole) return whole;
  const parsed = parseAnswer(options, whole.text);
  return 'ok' in parsed ? parsed : { ...whole, json: parsed.json };
}

/** A whole JSON answer: headers and body in one write. */
export function writeJson(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function isBodyTimeout(error: unknown): boolean {
  return (error as { code?: string })?.code === 'UND_ERR_BODY_TIMEOUT';
}

export function failure(options: Pick<SendOptions, 'clientSignal' | 'endpoint'>, error: RelayErrorInfo, status: number, retryable: boolean, retryAfterMs?: number): Failed {
  // A client that left makes further attempts pointless.
  return { ok: false, error: redacted(options, error), status, retryable: retryable && !options.clientSignal.aborted, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}

/** An upstream's message may echo the key or a header override's secret: neither reaches the client or the log. */
export function redacted(options: Pick<SendOptions, 'endpoint'>, error: RelayErrorInfo): RelayErrorInfo {
  const message = options.endpoint.redact(error.message);
  return message === error.message ? error : { ...error, message };
}

export function timeoutError(options: Pick<SendOptions, 'firstByteTimeoutMs'>): RelayErrorInfo {
  return { status: 504, kind: 'timeout', message: `The upstream did not answer within ${options.firstByteTimeoutMs / 1000} s.`, code: 'first_byte_timeout' };
}

export function connectionError(error: unknown): RelayErrorInfo {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? (error as { code?: string })?.code ?? (error as Error)?.message ?? 'unknown';
  return { status: 502, kind: 'upstream', message: `Could not reach the upstream (${detail}).`, code: 'upstream_connection_error' };
}
