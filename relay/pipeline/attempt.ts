import type { ServerResponse } from 'node:http';
import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import { createSseDecoder } from '../http/sse-decoder.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ChatResult } from '../ir/chat-result.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { StreamPart } from '../ir/stream-part.js';
import type { Usage } from '../ir/usage.js';
import type { ClientCodec, StreamEncoder } from '../protocols/types.js';
import type { ProviderAdapter, UpstreamRequest } from '../providers/types.js';
import { CallAbort } from '../upstream/call-abort.js';
import { SseEventSplitter } from './split-sse-events.js';

/** How one upstream attempt ended. */
export type AttemptOutcome =
  | { ok: true; usage: Usage | undefined; outputText: string; firstByteMs: number; clientGone: boolean; streamError?: RelayErrorInfo }
  | { ok: false; error: RelayErrorInfo; retryable: boolean; status: number };

export interface AttemptOptions {
  res: ServerResponse;
  codec: ClientCodec;
  adapter: ProviderAdapter;
  request: ChatRequest;
  upstream: UpstreamRequest;
  passthrough: boolean;
  dispatcher: Dispatcher;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveMs: number;
  isRetryableStatus: (status: number) => boolean;
  /** Aborted when the client goes away. */
  clientSignal: CallAbort;
  startedAt: number;
}

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };

/**
 * Sends one attempt and, when it succeeds, answers the client. Nothing is written to the
 * client until the upstream has produced its first output, so every failure before that
 * (connection, status, timeout, an early error event) can still go to another channel.
 */
export async function attemptUpstream(options: AttemptOptions): Promise<AttemptOutcome> {
  const { upstream, request, adapter } = options;
  const controller = new CallAbort();
  const onClientGone = () => controller.abort(new Error('client disconnected'));
  options.clientSignal.once('abort', onClientGone);
  let firstByteTimer: NodeJS.Timeout | undefined;
  let timedOut = false;
  // A whole answer arrives in one piece when it is complete, so its limit is the idle one.
  const limit = request.stream ? options.firstByteTimeoutMs : options.idleTimeoutMs;
  if (limit > 0) {
    firstByteTimer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('first byte timeout'));
    }, limit);
  }
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await undiciRequest(upstream.url, {
        method: 'POST',
        headers: upstream.headers,
        body: upstream.body,
        dispatcher: options.dispatcher,
        signal: controller,
        bodyTimeout: options.idleTimeoutMs,
        headersTimeout: 0,
      });
    } catch (error) {
      return failure(options, timedOut ? timeoutError(options) : connectionError(error), 0, true);
    }
    if (response.statusCode >= 400) {
      const text = await response.body.text().catch(() => '');
      const info = adapter.parseError(response.statusCode, text);
      return failure(options, info, response.statusCode, options.isRetryableStatus(response.statusCode));
    }
    if (!request.stream) return await wholeAnswer(options, response, () => timedOut);
    return await streamAnswer(options, response, controller, () => {
      clearTimeout(firstByteTimer);
      return timedOut;
    });
  } finally {
    clearTimeout(firstByteTimer);
    options.clientSignal.off('abort', onClientGone);
  }
}

async function wholeAnswer(options: AttemptOptions, response: Dispatcher.ResponseData, timedOut: () => boolean): Promise<AttemptOutcome> {
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    return failure(options, timedOut() ? timeoutError(options) : connectionError(error), 0, true);
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
  writeJson(res, JSON.stringify(codec.encodeResponse(result, options.request)));
  return { ok: true, usage: result.usage.estimated ? undefined : result.usage, outputText: answerText(result), firstByteMs, clientGone: false };
}

function answerText(result: ChatResult): string {
  return result.content.map((p) => (p.type === 'text' || p.type === 'reasoning' ? p.text : p.type === 'tool-call' ? p.arguments : '')).join('');
}

function writeJson(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Output that commits the answer: from here on the client has bytes and no failover is possible. */
function isOutput(part: StreamPart): boolean {
  return part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-call-start' || part.type === 'finish' || part.type === 'reasoning-signature';
}

async function streamAnswer(
  options: AttemptOptions,
  response: Dispatcher.ResponseData,
  controller: CallAbort,
  /** Stops the first-byte timer; answers whether it had already fired. */
  stopFirstByteTimer: () => boolean,
): Promise<AttemptOutcome> {
  const { res, codec, request, adapter } = options;
  let committed = false;
  let pending = '';
  let firstByteMs = 0;
  let lastWrite = Date.now();
  let keepAlive: NodeJS.Timeout | undefined;
  let usage: Usage | undefined;
  let outputText = '';
  let earlyError: RelayErrorInfo | undefined;
  let lateError: RelayErrorInfo | undefined;
  /** Whether the client already has the late error (forwarded or encoded in order). */
  let lateErrorSent = false;
  let contentType = SSE_HEADERS['content-type'];
  /** The translating encoder, which knows how far its framing got (pass-through has none). */
  let streamEncoder: StreamEncoder | undefined;

  // Writes made in one tick leave in one syscall (writev) instead of one each.
  let corked = false;
  const uncork = () => {
    corked = false;
    res.uncork();
  };
  const cork = () => {
    if (corked) return;
    corked = true;
    res.cork();
    process.nextTick(uncork);
  };
  const write = (text: string) => {
    if (!text) return;
    if (!committed) {
      pending += text;
      return;
    }
    lastWrite = Date.now();
    cork();
    res.write(text);
  };
  const commit = () => {
    if (committed || stopFirstByteTimer()) return; // timed out just now: the abort is on its way
    committed = true;
    firstByteMs = performance.now() - options.startedAt;
    cork();
    res.writeHead(200, { ...SSE_HEADERS, 'content-type': contentType });
    res.write(pending);
    pending = '';
    lastWrite = Date.now();
    if (options.keepAliveMs > 0) {
      keepAlive = setInterval(() => {
        if (Date.now() - lastWrite >= options.keepAliveMs) write(streamEncoder?.keepAlive ?? ': PING\n\n');
      }, Math.min(options.keepAliveMs, 1000));
    }
  };

  // Two ways through: the client's own bytes (pass-through), or decode → IR → encode.
  let onChunk: (chunk: Buffer) => void;
  let onEnd: () => void;
  /** Whether the upstream finished its answer properly (not cut short). */
  let finished: () => boolean;
  let collect: () => void = () => {};
  if (options.passthrough && codec.passthrough) {
    const tap = codec.passthrough.createStreamTap(request);
    const splitter = new SseEventSplitter();
    // One write per upstream chunk, not per event: a write is a syscall.
    const handle = (events: { raw: string; data: string }[]) => {
      let out = '';
      for (const event of events) {
        out += tap.forward(event.raw, event.data);
        if (tap.error && !committed) {
          earlyError = tap.error;
          return controller.abort(new Error('upstream error event'));
        }
        if (tap.answering) commit();
      }
      write(out);
    };
    onChunk = (chunk) => handle(splitter.push(chunk));
    onEnd = () => handle(splitter.end());
    finished = () => tap.finished;
    collect = () => {
      usage = tap.usage;
      outputText = tap.outputText;
      if (tap.error && committed) {
        lateError = tap.error;
        lateErrorSent = true; // forwarded as the upstream sent it
      }
    };
  } else {
    const decoder = adapter.createStreamDecoder(request);
    const encoder = codec.createStreamEncoder(request);
    streamEncoder = encoder;
    if (encoder.contentType) contentType = encoder.contentType;
    let upstreamFinished = false;
    const handleParts = (parts: StreamPart[]) => {
      let out = '';
      for (const part of parts) {
        if (part.type === 'error') {
          if (!committed) {
            earlyError = part.error;
            return controller.abort(new Error('upstream error event'));
          }
          lateError = part.error;
          lateErrorSent = true; // the encoder writes it with this part
        }
        if (part.type === 'finish' && part.usage) usage = part.usage;
        if (part.type === 'usage') usage = part.usage;
        if (part.type === 'text-delta' || part.type === 'reasoning-delta') outputText += part.text;
        if (part.type === 'tool-call-delta') outputText += part.argumentsDelta;
        if (isOutput(part)) commit();
        out += encoder.encode(part);
      }
      write(out);
    };
    let batch: StreamPart[] = [];
    const sse = createSseDecoder((event) => {
      const parts = decoder.push(event);
      if (parts.some((p) => p.type === 'finish' || p.type === 'error')) upstreamFinished = true;
      batch.push(...parts);
    });
    // The parts of one upstream chunk are encoded and written together.
    onChunk = (chunk) => {
      sse.push(chunk);
      const parts = batch;
      batch = [];
      handleParts(parts);
    };
    onEnd = () => {
      sse.end();
      handleParts(batch);
      batch = [];
      if (!upstreamFinished) {
        // The upstream stopped without finishing its answer: say so, do not fake a clean end.
        if (committed) lateError = { status: 502, kind: 'upstream', message: 'The upstream ended the stream before the answer was complete.', code: 'upstream_stream_incomplete' };
        else earlyError = { status: 502, kind: 'upstream', message: 'The upstream ended the stream without an answer.', code: 'upstream_stream_incomplete' };
      }
      if (!lateError) handleParts(decoder.end());
    };
    finished = () => upstreamFinished;
  }

  let streamFailure: unknown;
  try {
    for await (const chunk of response.body) {
      onChunk(chunk as Buffer);
      if (controller.aborted) break;
    }
    if (!controller.aborted) onEnd();
  } catch (error) {
    streamFailure = error;
  } finally {
    clearInterval(keepAlive);
    if (!response.body.destroyed) response.body.destroy();
    collect();
  }
  if (!streamFailure && !controller.aborted && !finished() && options.passthrough) {
    streamFailure = new Error('The upstream ended the stream before the answer was complete.');
  }

  const clientGone = options.clientSignal.aborted;
  if (!committed) {
    if (clientGone) return { ok: true, usage, outputText, firstByteMs, clientGone };
    if (earlyError) return failure(options, earlyError, earlyError.status, isRetryableKind(earlyError) || options.isRetryableStatus(earlyError.status));
    if (stopFirstByteTimer()) return failure(options, timeoutError(options), 0, true);
    if (streamFailure) return failure(options, connectionError(streamFailure), 0, true);
    // The upstream ended without any output: answer what there is (an empty, finished stream).
    commit();
  }
  if (streamFailure && !clientGone) {
    lateErrorSent = false;
    lateError = isBodyTimeout(streamFailure)
      ? { status: 504, kind: 'timeout', message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s; the stream was ended.`, code: 'stream_idle_timeout' }
      : { status: 502, kind: 'upstream', message: 'The upstream ended the stream before the answer was complete.', code: 'upstream_stream_incomplete' };
  }
  if (lateError && !lateErrorSent && !clientGone && !res.writableEnded) res.write((streamEncoder ?? codec.createStreamEncoder(request)).error(lateError));
  if (!res.writableEnded) res.end();
  return { ok: true, usage, outputText, firstByteMs, clientGone, ...(lateError ? { streamError: lateError } : {}) };
}

function isRetryableKind(error: RelayErrorInfo): boolean {
  return error.kind === 'overloaded' || error.kind === 'rate_limit' || error.kind === 'upstream' || error.kind === 'timeout';
}

function isBodyTimeout(error: unknown): boolean {
  return (error as { code?: string })?.code === 'UND_ERR_BODY_TIMEOUT';
}

function failure(options: AttemptOptions, error: RelayErrorInfo, status: number, retryable: boolean): AttemptOutcome {
  // A client that left makes further attempts pointless.
  return { ok: false, error, status, retryable: retryable && !options.clientSignal.aborted };
}

function timeoutError(options: AttemptOptions): RelayErrorInfo {
  return { status: 504, kind: 'timeout', message: `The upstream did not answer within ${options.firstByteTimeoutMs / 1000} s.`, code: 'first_byte_timeout' };
}

function connectionError(error: unknown): RelayErrorInfo {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? (error as { code?: string })?.code ?? (error as Error)?.message ?? 'unknown';
  return { status: 502, kind: 'upstream', message: `Could not reach the upstream (${detail}).`, code: 'upstream_connection_error' };
}
