import { countTokens } from '../billing/estimate-tokens.js';
import { readMultipart } from '../http/multipart.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { isTextTranscript } from '../ir/audio.js';
import type { AudioTask, AudioUsage, TranscriptionRequest } from '../ir/audio.js';
import { formFiles } from '../ir/multipart-form.js';
import type { MultipartForm } from '../ir/multipart-form.js';
import type { Usage } from '../ir/usage.js';
import { audioLength } from '../media/audio-length.js';
import type { AudioLength } from '../media/audio-length.js';
import type { TranscriptionCodec } from '../protocols/types.js';
import type { AudioAdapter } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import { callSettings, uploadMaxBytes } from '../settings.js';
import { pipeAnswer, readWholeText, writeWhole } from './audio-answer.js';
import type { AudioAnswered, AudioAnswerOptions } from './audio-answer.js';
import { audioAdapterOf, audioRefusal } from './audio-channels.js';
import { callRoute } from './call-lifecycle.js';
import type { FamilyPipeline } from './call-lifecycle.js';
import type { RelayDeps } from './relay-deps.js';
import { failure, sendUpstream } from './send-upstream.js';
import type { Failed } from './send-upstream.js';
import type { UpstreamExchange } from './upstream-exchange.js';

/** A transcription or translation call: the IR request, and how long its audio plays. */
export interface TranscriptionCall {
  request: TranscriptionRequest;
  length: AudioLength;
}

/** The form as read, with the length of its audio measured (undefined without a file: decode refuses it). */
interface ReadForm {
  form: MultipartForm;
  length: AudioLength | undefined;
}

/**
 * Audio tokens per second of input, for an upstream billing tokens that reported none (a
 * `text` answer of gpt-4o-transcribe): OpenAI counts one audio token per 100 ms. Output text
 * is counted from the transcript.
 */
const AUDIO_TOKENS_PER_SECOND = 10;
/** The most text tokens a second of speech makes (fast speech is ~4 words a second), for the reservation. */
const TRANSCRIPT_TOKENS_PER_SECOND = 8;

export function transcriptionRoute(codec: TranscriptionCodec, task: AudioTask, deps: RelayDeps): RelayRouteHandler {
  return callRoute(transcriptionFamily(codec, task, deps), deps);
}

/**
 * Transcription and translation of an uploaded audio file (multipart, up to the
 * audio_upload_max_mb setting). The file goes upstream with its filename, content type and
 * bytes; the transcript comes back as the upstream wrote it: plain text with its content type
 * for text, srt and vtt, JSON for the JSON formats, events as they come for a stream. Billed by
 * the seconds of input audio (the upstream's figure, else measured from the file) and by the
 * tokens the upstream reports (else estimated from the seconds and the transcript).
 */
export function transcriptionFamily(codec: TranscriptionCodec, task: AudioTask, deps: Pick<RelayDeps, 'store'>): FamilyPipeline<TranscriptionCall> {
  return {
    family: 'audio',
    async readBody(req, res): Promise<ReadForm> {
      const limits = { ...uploadMaxBytes(callSettings(deps.store.catalog), 'audio'), files: 1, fileFields: [codec.fileField] };
      const form = await readMultipart(req, res, limits);
      const [file] = formFiles(form, codec.fileField);
      return { form, length: file ? await audioLength(file) : undefined };
    },
    decode(raw, _route, warnings) {
      const { form, length } = raw as ReadForm;
      const request = codec.decode(form, task);
      const measured = length ?? { seconds: 0, source: 'size' as const };
      if (measured.source === 'size') warnings.push(`The audio's length could not be read from ${request.file.filename}; it is estimated from its size as ${measured.seconds.toFixed(1)} s.`);
      return { model: request.model, stream: request.stream, call: { request, length: measured } };
    },
    estimate({ request, length }) {
      const seconds = Math.ceil(length.seconds);
      const promptTokens = seconds * AUDIO_TOKENS_PER_SECOND + Buffer.byteLength(request.prompt ?? '');
      return { promptTokens, outputTokens: seconds * TRANSCRIPT_TOKENS_PER_SECOND, choices: 1, units: { seconds } };
    },
    refusal: (_call, channel) => audioRefusal(channel),
    prepare({ request }, target) {
      const { channel, endpoint } = target;
      const adapter = audioAdapterOf(channel);
      const upstreamModel = mapModel(channel, request.model);
      const upstream = adapter.buildTranscriptionRequest(request, endpoint.target(upstreamModel, channel.settings));
      upstream.headers = endpoint.headers(upstream.headers);
      return {
        upstreamModel,
        send(limits) {
          const options: AudioAnswerOptions = { upstream, endpoint, parseError: adapter.parseError, ...limits };
          return sendUpstream(options, {
            streamed: request.stream,
            read: (response, stopFirstByteTimer) =>
              request.stream
                ? pipeAnswer(options, response, stopFirstByteTimer, 'text/event-stream', adapter.parseTranscriptionUsage)
                : wholeTranscript(options, response, request, adapter),
          });
        },
      };
    },
    meter: (call, answered) => meterTranscription(call, answered as AudioAnswered),
    encodeError: (error) => codec.encodeError(error),
  };
}

/** A transcript read whole and sent as it came; a JSON one is read for its usage and text. */
async function wholeTranscript(options: AudioAnswerOptions, response: UpstreamExchange, request: TranscriptionRequest, adapter: AudioAdapter): Promise<AudioAnswered | Failed> {
  const whole = await readWholeText(options, response);
  if ('ok' in whole) return whole;
  const { text, firstByteMs } = whole;
  if (isTextTranscript(request.responseFormat)) {
    writeWhole(options.res, text, response.headers, 'text/plain; charset=utf-8');
    return { ok: true, usage: undefined, outputText: text, firstByteMs, clientGone: false };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure(options, { status: 502, kind: 'upstream', message: `The upstream answered a ${request.responseFormat} transcript that is not JSON: ${text.slice(0, 200)}` }, 502, true);
  }
  writeWhole(options.res, text, response.headers, 'application/json');
  const audioUsage = adapter.parseTranscriptionUsage(json);
  const transcript = typeof (json as { text?: unknown }).text === 'string' ? (json as { text: string }).text : '';
  return { ok: true, usage: undefined, outputText: transcript, firstByteMs, clientGone: false, ...(audioUsage ? { audioUsage } : {}) };
}

async function meterTranscription({ request, length }: TranscriptionCall, answered: AudioAnswered): Promise<Usage> {
  const reported: AudioUsage = answered.audioUsage ?? {};
  const seconds = reported.seconds ?? length.seconds;
  const units = { seconds: Math.round(seconds * 1000) / 1000 };
  if (reported.inputTokens !== undefined) {
    const usage: Usage = { inputTokens: reported.inputTokens, outputTokens: reported.outputTokens ?? 0, units, raw: reported.raw };
    if (reported.inputAudioTokens !== undefined) usage.inputAudioTokens = reported.inputAudioTokens;
    if (reported.inputTextTokens !== undefined) usage.inputTextTokens = reported.inputTextTokens;
    return usage;
  }
  const audioTokens = Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND);
  const promptTokens = request.prompt ? await countTokens(request.prompt) : 0;
  return {
    inputTokens: audioTokens + promptTokens,
    inputAudioTokens: audioTokens,
    outputTokens: await countTokens(answered.outputText),
    units,
    estimated: true,
    ...(reported.raw === undefined ? {} : { raw: reported.raw }),
  };
}
