import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AudioUsage } from '../ir/audio.js';
import type { AttemptLimits } from './call-lifecycle.js';
import { connectionError, failure, isBodyTimeout, timeoutError } from './send-upstream.js';
import type { Answered, Failed, SendOptions } from './send-upstream.js';
import { SseEventSplitter } from './split-sse-events.js';
import type { UpstreamExchange } from './upstream-exchange.js';

// The audio family's answers go to the client as the upstream gave them: audio bytes as they
// arrive, a transcript whole, each with the upstream's content type.

export type AudioAnswerOptions = SendOptions & AttemptLimits;

/** Reads what an answer's events report (the usage of a speech or transcript stream's last event). */
export type EventUsageReader = (event: unknown) => AudioUsage | undefined;

/** The usage an audio answer reported, beside what the lifecycle's Answered carries. */
export interface AudioAnswered extends Answered {
  audioUsage?: AudioUsage;
}

/** What of the upstream's answer headers describe the bytes the client gets (they pass unchanged). */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding'] as const;

function bodyHeaders(headers: IncomingHttpHeaders, fallbackType: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of BODY_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && value !== '') out[name] = value;
  }
  out['content-type'] ??= fallbackType;
  return out;
}

function isEventStream(headers: IncomingHttpHeaders): boolean {
  return /^text\/event-stream/i.test(String(headers['content-type'] ?? ''));
}

/**
 * The media type of an answer that is a document, not audio or an event stream: JSON, XML or
 * text (an error in a 200, a proxy's HTML page); undefined for anything else, or none named.
 */
export function documentType(headers: IncomingHttpHeaders): string | undefined {
  const type = String(headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return undefined;
  return /^text\/|^application\/(json|xml)$|\+(json|xml)$/.test(type) ? type : undefined;
}

/** A document where audio or events were asked for: nothing reached the client, so another channel may answer. */
async function refuseDocument(options: AudioAnswerOptions, response: UpstreamExchange, type: string): Promise<Failed> {
  const whole = await readWholeText(options, response);
  if ('ok' in whole) return whole;
  const message = `The upstream answered 200 with ${type}, not audio or an event stream: ${whole.text.slice(0, 200)}`;
  return failure(options, { status: 502, kind: 'upstream', message, code: 'upstream_wrong_content_type' }, 502, true);
}

/**
 * Passes the answer's bytes to the client as they arrive, with the upstream's content type
 * (`fallbackType` when it sent none). Nothing is sent before the first byte of the body, so
 * an upstream failing before it can still go to another channel; after it, a failure cuts
 * the connection (a truncated file never looks complete). An answer that is a document (JSON,
 * HTML, text) is not passed on but fails the attempt. An event stream is read on the way for the
 * usage its events report.
 */
export async function pipeAnswer(
  options: AudioAnswerOptions,
  response: UpstreamExchange,
  stopFirstByteTimer: () => boolean,
  fallbackType: string,
  eventUsage: EventUsageReader,
): Promise<AudioAnswered | Failed> {
  const { res } = options;
  const document = documentType(response.headers);
  if (document) return refuseDocument(options, response, document);
  const events = isEventStream(response.headers) ? new SseEventSplitter() : undefined;
  let audioUsage: AudioUsage | undefined;
  const read = (chunk: Buffer) => {
    for (const event of events?.push(chunk) ?? []) audioUsage = usageOfEvent(event.data, eventUsage) ?? audioUsage;
  };
  let firstByteMs = 0;
  let committed = false;
  let timedOut = false;
  const write = (chunk: Buffer) => {
    if (!committed) {
      timedOut = stopFirstByteTimer();
      if (timedOut) return;
      committed = true;
      firstByteMs = performance.now() - options.startedAt;
      res.writeHead(200, bodyHeaders(response.headers, fallbackType));
    }
    read(chunk);
    res.write(chunk);
  };

  let streamFailure: unknown;
  try {
    // An abort (the client left, the first-byte limit) ends the piping quietly.
    await response.pipe(write);
  } catch (error) {
    streamFailure = error;
  } finally {
    if (!response.finished) response.abort(ANSWER_CUT);
  }

  const clientGone = options.clientSignal.aborted;
  if (!committed) {
    if (clientGone) return { ok: true, usage: undefined, outputText: '', firstByteMs: 0, clientGone };
    if (timedOut || stopFirstByteTimer()) return failure(options, timeoutError(options), 0, true);
    if (streamFailure) return failure(options, connectionError(streamFailure), 0, true);
    return failure(options, { status: 502, kind: 'upstream', message: 'The upstream answered 200 with an empty body.', code: 'upstream_empty_answer' }, 502, true);
  }
  for (const event of events?.end() ?? []) audioUsage = usageOfEvent(event.data, eventUsage) ?? audioUsage;
  const answered: AudioAnswered = { ok: true, usage: undefined, outputText: '', firstByteMs, clientGone, ...(audioUsage ? { audioUsage } : {}) };
  if (streamFailure && !clientGone) {
    res.destroy();
    answered.streamError = isBodyTimeout(streamFailure)
      ? { status: 504, kind: 'timeout', message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s; the answer was cut off.`, code: 'stream_idle_timeout' }
      : { status: 502, kind: 'upstream', message: 'The upstream ended the answer before it was complete.', code: 'upstream_stream_incomplete' };
    return answered;
  }
  if (!res.writableEnded) res.end();
  return answered;
}

/** Why an upstream still sending is cut off when its answer is not read to the end (one Error: stack traces cost). */
const ANSWER_CUT = new Error('the answer was not read to the end');

function usageOfEvent(data: string, eventUsage: EventUsageReader): AudioUsage | undefined {
  if (!data.startsWith('{')) return undefined;
  try {
    return eventUsage(JSON.parse(data));
  } catch {
    return undefined;
  }
}

/** A whole answer: its text, and the headers to send it with. */
export async function readWholeText(options: AudioAnswerOptions, response: UpstreamExchange): Promise<{ text: string; firstByteMs: number } | Failed> {
  try {
    const text = await response.text();
    return { text, firstByteMs: performance.now() - options.startedAt };
  } catch (error) {
    const idle = { status: 504, kind: 'timeout' as const, message: `The upstream sent nothing for ${options.idleTimeoutMs / 1000} s while answering.`, code: 'upstream_idle_timeout' };
    return failure(options, isBodyTimeout(error) ? idle : connectionError(error), 0, true);
  }
}

/** Sends a whole answer with the upstream's content type (`fallbackType` when it sent none). */
export function writeWhole(res: ServerResponse, text: string, upstreamHeaders: IncomingHttpHeaders, fallbackType: string): void {
  const type = typeof upstreamHeaders['content-type'] === 'string' && upstreamHeaders['content-type'] ? upstreamHeaders['content-type'] : fallbackType;
  res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
