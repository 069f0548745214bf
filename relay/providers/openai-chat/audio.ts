import type { TranscriptionRequest, AudioUsage } from '../../ir/audio.js';
import { isJsonObject, numberAt, objectAt, stringAt } from '../../wire/json-access.js';
import { multipartBody } from '../../wire/multipart-body.js';
import type { OutgoingPart } from '../../wire/multipart-body.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { AudioAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { azureUrl, bearer, joinV1 } from './adapter.js';

// OpenAI's audio endpoints (`/v1/audio/speech`, `/transcriptions`, `/translations`), spoken
// by OpenAI, OpenAI-compatible servers and Azure OpenAI deployments. Both sides speak the same
// wire, so the client's speech body and form fields go as they came, with the mapped model.

/** OpenAI and OpenAI-compatible upstreams: `{base}/v1/audio/…`, the key as a Bearer token. */
export const openaiAudioAdapter: AudioAdapter = {
  protocol: 'openai-chat',
  buildSpeechRequest: (body, target) => speechRequest(joinV1(target.baseUrl, 'audio/speech'), body, target, bearer(target)),
  buildTranscriptionRequest: (request, target) => transcriptionRequest(joinV1(target.baseUrl, audioPath(request)), request, target, bearer(target)),
  parseTranscriptionUsage,
  parseSpeechEventUsage,
  parseError: parseOpenAIError,
};

/** Azure OpenAI: the deployment's `audio/…` endpoints, the key in `api-key`. */
export const azureAudioAdapter: AudioAdapter = {
  ...openaiAudioAdapter,
  buildSpeechRequest: (body, target) => speechRequest(azureUrl(target, 'audio/speech'), body, target, { 'api-key': target.apiKey }),
  buildTranscriptionRequest: (request, target) => transcriptionRequest(azureUrl(target, audioPath(request)), request, target, { 'api-key': target.apiKey }),
};

function audioPath(request: TranscriptionRequest): string {
  return request.task === 'translation' ? 'audio/translations' : 'audio/transcriptions';
}

function speechRequest(url: string, body: Record<string, unknown>, target: UpstreamTarget, auth: Record<string, string>): UpstreamRequest {
  // The audio as bytes, or its events when the client asked for them.
  const accept = body.stream_format === 'sse' ? 'text/event-stream' : 'application/octet-stream';
  return { url, headers: { 'content-type': 'application/json', accept, ...auth }, body: JSON.stringify({ ...body, model: target.model }) };
}

/** The client's fields in their order (the model replaced), then the file as it came. */
function transcriptionRequest(url: string, request: TranscriptionRequest, target: UpstreamTarget, auth: Record<string, string>): UpstreamRequest<Uint8Array> {
  const parts: OutgoingPart[] = request.fields.map(([name, value]) => ({ name, value: name === 'model' ? target.model : value }));
  parts.push({ name: 'file', ...request.file });
  const { body, contentType } = multipartBody(parts);
  return { url, headers: { 'content-type': contentType, ...auth }, body };
}

/**
 * What a JSON transcript (or a transcript stream's `transcript.text.done` event) says was
 * used: `usage` as seconds (whisper) or tokens (gpt-4o-transcribe), and verbose_json's
 * `duration`; undefined when it says nothing.
 */
function parseTranscriptionUsage(answer: unknown): AudioUsage | undefined {
  if (!isJsonObject(answer)) return undefined;
  const found: AudioUsage = {};
  const duration = numberAt(answer, 'duration') ?? Number(stringAt(answer, 'duration') ?? NaN);
  if (Number.isFinite(duration) && duration >= 0) found.seconds = duration;
  const usage = objectAt(answer, 'usage');
  if (usage) {
    found.raw = usage;
    const seconds = numberAt(usage, 'seconds');
    if (found.seconds === undefined && seconds !== undefined) found.seconds = seconds;
    const input = numberAt(usage, 'input_tokens');
    if (input !== undefined) {
      found.inputTokens = input;
      found.outputTokens = numberAt(usage, 'output_tokens') ?? 0;
      const details = objectAt(usage, 'input_token_details');
      const audio = numberAt(details, 'audio_tokens');
      const text = numberAt(details, 'text_tokens');
      if (audio !== undefined) found.inputAudioTokens = audio;
      if (text !== undefined) found.inputTextTokens = text;
    }
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The token usage of a speech event stream's `speech.audio.done` event (gpt-4o-mini-tts). */
function parseSpeechEventUsage(event: unknown): AudioUsage | undefined {
  if (stringAt(event, 'type') !== 'speech.audio.done') return undefined;
  const usage = objectAt(event, 'usage');
  const input = numberAt(usage, 'input_tokens');
  if (input === undefined) return undefined;
  return { inputTokens: input, outputTokens: numberAt(usage, 'output_tokens') ?? 0, raw: usage };
}
