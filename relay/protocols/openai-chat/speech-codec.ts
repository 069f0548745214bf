import { SPEECH_FORMATS, SPEECH_STREAM_FORMATS } from '../../ir/audio.js';
import type { SpeechRequest } from '../../ir/audio.js';
import type { SpeechCodec } from '../types.js';
import { invalid, isObject, missing, optionalEnum, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import { encodeOpenAIError } from './encode-error.js';

// `POST /v1/audio/speech` of the OpenAI API: a JSON body in, audio bytes out (the upstream's,
// passed through), errors in the OpenAI error object.

export const openaiSpeechCodec: SpeechCodec = {
  protocol: 'openai-chat',
  decode: decodeSpeechRequest,
  encodeError: encodeOpenAIError,
};

export function decodeSpeechRequest(body: unknown): SpeechRequest {
  const json = requireObject(body, 'body');
  const model = requiredText(json.model, 'model');
  const input = requiredText(json.input, 'input');
  const request: SpeechRequest = {
    model,
    input,
    voice: decodeVoice(json.voice),
    responseFormat: optionalEnum(json, 'response_format', SPEECH_FORMATS) ?? 'mp3',
    streamFormat: optionalEnum(json, 'stream_format', SPEECH_STREAM_FORMATS) ?? 'audio',
  };
  setDefined(request, 'speed', optionalNumber(json, 'speed', { min: 0.25, max: 4 }));
  setDefined(request, 'instructions', optionalString(json, 'instructions'));
  return request;
}

function requiredText(value: unknown, param: string): string {
  if (value === undefined || value === null) throw missing(param);
  if (typeof value !== 'string' || value === '') throw invalid(param, `Invalid '${param}': expected a non-empty string.`, 'invalid_type');
  return value;
}

/** A built-in voice's name, or a custom voice as `{ "id": … }`. */
function decodeVoice(voice: unknown): SpeechRequest['voice'] {
  if (voice === undefined || voice === null) throw missing('voice');
  if (typeof voice === 'string' && voice !== '') return voice;
  if (isObject(voice) && typeof voice.id === 'string' && voice.id !== '') return { id: voice.id };
  throw invalid('voice', "Invalid 'voice': expected a voice name such as 'alloy', or an object with a custom voice's 'id'.", 'invalid_type');
}
