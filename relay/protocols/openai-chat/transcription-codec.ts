import { TRANSCRIPT_FORMATS } from '../../ir/audio.js';
import type { AudioTask, TranscriptFormat, TranscriptionRequest } from '../../ir/audio.js';
import { formFiles, formValue } from '../../ir/multipart-form.js';
import type { MultipartForm } from '../../ir/multipart-form.js';
import type { TranscriptionCodec } from '../types.js';
import { invalid, missing } from '../validate.js';
import { encodeOpenAIError } from './encode-error.js';

// `POST /v1/audio/transcriptions` and `/v1/audio/translations` of the OpenAI API: a multipart
// form in (as the SDK writes it: arrays as `name[]`, objects as `name[key]`); the transcript
// is the upstream's, passed through, so only errors are encoded.

export const openaiTranscriptionCodec: TranscriptionCodec = {
  protocol: 'openai-chat',
  fileField: 'file',
  decode: decodeTranscriptionForm,
  encodeError: encodeOpenAIError,
};

/** The text fields each endpoint takes (OpenAI's API reference); another is refused. */
const FIELDS: Record<AudioTask, readonly string[]> = {
  translation: ['model', 'prompt', 'response_format', 'temperature'],
  transcription: [
    'model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'stream',
    'include[]', 'known_speaker_names[]', 'known_speaker_references[]', 'chunking_strategy',
  ],
};

/** `chunking_strategy` is `auto` or an object, which the SDK sends as `chunking_strategy[type]`, `[threshold]`… */
const OBJECT_FIELDS = ['chunking_strategy'];

/** Translation answers English text; its formats are transcription's but for diarized JSON (speakers). */
const TRANSLATION_FORMATS = TRANSCRIPT_FORMATS.filter((format) => format !== 'diarized_json');

export function decodeTranscriptionForm(form: MultipartForm, task: AudioTask): TranscriptionRequest {
  const known = FIELDS[task];
  for (const [name] of form.fields) {
    if (!known.includes(name) && !OBJECT_FIELDS.some((field) => known.includes(field) && name.startsWith(`${field}[`))) {
      throw invalid(name, `Unrecognized request argument supplied: ${name}. The ${task} endpoint takes file, ${known.join(', ')}.`, 'unknown_parameter');
    }
  }
  const [file] = formFiles(form, 'file');
  if (!file) throw missing('file', "Missing required parameter: 'file' (the audio file to " + (task === 'translation' ? 'translate' : 'transcribe') + ').');
  const model = formValue(form, 'model');
  if (model === undefined) throw missing('model');
  if (model.trim() === '') throw invalid('model', "Invalid 'model': expected the name of a model.");

  const request: TranscriptionRequest = {
    task,
    model,
    file: { filename: file.filename, contentType: file.contentType, bytes: file.bytes },
    responseFormat: responseFormat(form, task),
    stream: booleanField(form, 'stream'),
    timestampGranularities: form.fields.filter(([name]) => name === 'timestamp_granularities[]').map(([, value]) => granularity(value)),
    fields: form.fields,
  };
  const language = formValue(form, 'language');
  const prompt = formValue(form, 'prompt');
  const temperature = numberField(form, 'temperature', 0, 1);
  if (language !== undefined) request.language = language;
  if (prompt !== undefined) request.prompt = prompt;
  if (temperature !== undefined) request.temperature = temperature;
  return request;
}

function responseFormat(form: MultipartForm, task: AudioTask): TranscriptFormat {
  const value = formValue(form, 'response_format');
  if (value === undefined) return 'json';
  const allowed: readonly string[] = task === 'translation' ? TRANSLATION_FORMATS : TRANSCRIPT_FORMATS;
  if (!allowed.includes(value)) {
    throw invalid('response_format', `Invalid value for 'response_format': expected one of ${allowed.map((f) => `'${f}'`).join(', ')}, but got ${JSON.stringify(value)}.`);
  }
  return value as TranscriptFormat;
}

function granularity(value: string): string {
  if (value !== 'word' && value !== 'segment') {
    throw invalid('timestamp_granularities[]', `Invalid value for 'timestamp_granularities[]': expected 'word' or 'segment', but got ${JSON.stringify(value)}.`);
  }
  return value;
}

function booleanField(form: MultipartForm, name: string): boolean {
  const value = formValue(form, name);
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalid(name, `Invalid value for '${name}': expected true or false, but got ${JSON.stringify(value)}.`, 'invalid_type');
}

function numberField(form: MultipartForm, name: string, min: number, max: number): number | undefined {
  const text = formValue(form, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw invalid(name, `Invalid type for '${name}': expected a number, but got ${JSON.stringify(text)}.`, 'invalid_type');
  if (value < min || value > max) throw invalid(name, `Invalid '${name}': expected a value from ${min} to ${max}, but got ${value}.`);
  return value;
}
