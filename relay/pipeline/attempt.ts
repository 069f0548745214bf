import type { ServerResponse } from 'node:http';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ChatResult } from '../ir/chat-result.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { ClientCodec } from '../protocols/types.js';
import type { ProviderAdapter } from '../providers/types.js';
import { isJsonObject } from '../wire/json-access.js';
import { rootObjectMember } from '../wire/json-member.js';
import { ClientStream } from './client-stream.js';
import { connectionError, failure, isBodyTimeout, parseAnswer, readWholeText, redacted, sendUpstream, timeoutError, writeJson } from './send-upstream.js';
import type { Answered, AttemptOutcome, Failed, SendOptions } from './send-upstream.js';
import { PassthroughPump, TranslatingPump } from './stream-pumps.js';
import type { UpstreamExchange } from './upstream-exchange.js';
import type { StreamPump } from './stream-pumps.js';

export type { AttemptOutcome } from './send-upstream.js';

export type AnswerReading = Pick<ProviderAdapter, 'parseChatResponse' | 'createStreamDecoder' | 'parseError'>;

/** One chat attempt: the generic send (send-upstream.ts) and how chat reads and answers. */
export interface AttemptOptions extends Omit<SendOptions, 'parseError'> {
  res: ServerResponse;
  codec: ClientCodec;
  /** How the upstream's answer reads into the IR (a completions endpoint has no more than this). */
  adapter: AnswerReading;
  request: ChatRequest;
  /** What the codec's decode answered beside the request, for its encoders. */
  codecContext: unknown;
  passthrough: boolean;
  keepAliveMs: number;
}

/**
 * Sends one chat attempt and, when it succeeds, answers the client. Nothing is written to the
 * client until the upstream has produced its first output, so every failure before that
 * (connection, status, timeout, an early error event) can still go to another channel.
 * The first-byte limit runs until the answer's headers (for a stream, until the first
 * event of the answer itself, which commits it: `message_start`, `response.created` or a ping does not);
 * after that the idle limit governs the body.
 */
export function attemptUpstream(options: AttemptOptions): Promise<AttemptOutcome> {
  const send: SendOptions = { parseError: (status, body) => options.adapter.parseError(status, body), ...options };
  return sendUpstream(send, {
    streamed: options.request.stream,
    read: (response, stopFirstByteTimer) => (options.request.stream ? streamAnswer(options, response, stopFirstByteTimer) : wholeAnswer(options, response)),
  });
}

async function wholeAnswer(options: AttemptOptions, response: UpstreamExchange): Promise<Answered | Failed> {
  const whole = await readWholeText(options, response);
  if ('ok' in whole) return whole;
  const { text, firstByteMs } = whole;
  const { res, codec } = options;
  const passthrough = options.passthrough ? codec.passthrough : undefined;
  // Passed through as it came: its usage is read out of the text, the rest is never parsed (an
  // answer malformed elsewhere reaches the client as the upstream sent it, as it would directly).
  const member = passthrough && rootObjectMember(text, passthrough.usageMember);
  const usage = member && passthrough.usageOf(member);
  if (usage) {
    writeJson(res, text);
    return { ok: true, usage, outputText: '', firstByteMs, clientGone: false };
  }
  const parsed = parseAnswer(options, text);
  if ('ok' in parsed) return parsed;
  const { json } = parsed;
  if (passthrough) {
    writeJson(res, text);
    const usage = isJsonObject(json) ? passthrough.usageOf(json[passthrough.usageMember]) : undefined;
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

async function streamAnswer(
  options: AttemptOptions,
  response: UpstreamExchange,
  /** Stops the first-byte timer; answers whether it had already fired. */
  stopFirstByteTimer: () => boolean,
): Promise<Answered | Failed> {
  const { res, codec, request, codecContext } = options;
  const client = new ClientStream(res, options.startedAt, options.keepAliveMs, stopFirstByteTimer);
  const abort = () => response.abort(new Error('upstream error event'));
  const pump: StreamPump =
    options.passthrough && codec.passthrough
      ? new PassthroughPump(client, codec, request, codecContext, abort)
      : new TranslatingPump(client, codec, options.adapter, request, codecContext, abort);

  let streamFailure: unknown;
  try {
    await response.pipe((chunk) => pump.push(chunk));
    if (!response.aborted) pump.end();
    if (!response.aborted && !pump.finished && options.passthrough) {
      streamFailure = new Error('The upstream ended the stream before the answer was complete.');
    }
  } catch (error) {
    streamFailure = error;
  } finally {
    client.stopKeepAlive();
    if (!response.finished) response.abort(ANSWER_READ);
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

/** Why an upstream still sending is cut off once its answer has been read (one Error: stack traces cost). */
const ANSWER_READ = new Error('the answer was read');

function isRetryableKind(error: RelayErrorInfo): boolean {
  return error.kind === 'overloaded' || error.kind === 'rate_limit' || error.kind === 'upstream' || error.kind === 'timeout';
}
