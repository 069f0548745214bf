import { describe, expect, it } from 'vitest';
import type { MultipartForm } from '../../../../relay/ir/multipart-form.js';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { decodeSpeechRequest } from '../../../../relay/protocols/openai-chat/speech-codec.js';
import { decodeTranscriptionForm } from '../../../../relay/protocols/openai-chat/transcription-codec.js';

const FILE = { field: 'file', filename: 'talk.wav', contentType: 'audio/wav', bytes: Buffer.from('RIFF') };

function form(fields: [string, string][], files = [FILE]): MultipartForm {
  return { fields, files };
}

function refusal(run: () => unknown): RelayError {
  try {
    run();
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the transcription form', () => {
  it('reads the fields the SDK writes, keeping every field in order for the upstream', () => {
    const fields: [string, string][] = [
      ['model', 'whisper-1'], ['language', 'en'], ['prompt', 'Names: Zoë'], ['response_format', 'verbose_json'], ['temperature', '0.2'],
      ['timestamp_granularities[]', 'word'], ['timestamp_granularities[]', 'segment'], ['chunking_strategy[type]', 'server_vad'],
    ];
    const request = decodeTranscriptionForm(form(fields), 'transcription');
    expect(request).toMatchObject({ task: 'transcription', model: 'whisper-1', language: 'en', prompt: 'Names: Zoë', responseFormat: 'verbose_json', temperature: 0.2, stream: false, timestampGranularities: ['word', 'segment'] });
    expect(request.file).toEqual({ filename: 'talk.wav', contentType: 'audio/wav', bytes: FILE.bytes });
    expect(request.fields).toEqual(fields);
  });

  it('answers json unless asked otherwise', () => {
    expect(decodeTranscriptionForm(form([['model', 'whisper-1']]), 'translation').responseFormat).toBe('json');
  });

  it('refuses a form without a file, or without a model, naming the field', () => {
    expect(refusal(() => decodeTranscriptionForm(form([['model', 'whisper-1']], []), 'transcription'))).toMatchObject({ status: 400, param: 'file', code: 'missing_required_parameter' });
    expect(refusal(() => decodeTranscriptionForm(form([]), 'transcription'))).toMatchObject({ status: 400, param: 'model' });
  });

  it('refuses fields the endpoint does not take: language on a translation, an unknown one anywhere', () => {
    expect(refusal(() => decodeTranscriptionForm(form([['model', 'whisper-1'], ['language', 'de']]), 'translation'))).toMatchObject({ status: 400, param: 'language', code: 'unknown_parameter' });
    expect(refusal(() => decodeTranscriptionForm(form([['model', 'whisper-1'], ['colour', 'blue']]), 'transcription'))).toMatchObject({ status: 400, param: 'colour' });
  });

  it('refuses an unknown response format, granularity, a temperature out of range and a stream flag that is not a boolean', () => {
    const bad = (field: [string, string]) => refusal(() => decodeTranscriptionForm(form([['model', 'whisper-1'], field]), 'transcription'));
    expect(bad(['response_format', 'xml'])).toMatchObject({ status: 400, param: 'response_format' });
    expect(bad(['timestamp_granularities[]', 'letter'])).toMatchObject({ status: 400, param: 'timestamp_granularities[]' });
    expect(bad(['temperature', '1.5'])).toMatchObject({ status: 400, param: 'temperature' });
    expect(bad(['temperature', 'warm'])).toMatchObject({ status: 400, param: 'temperature' });
    expect(bad(['stream', 'yes'])).toMatchObject({ status: 400, param: 'stream' });
    expect(refusal(() => decodeTranscriptionForm(form([['model', 'whisper-1'], ['response_format', 'diarized_json']]), 'translation'))).toMatchObject({ param: 'response_format' });
  });
});

describe('the speech body', () => {
  it('reads the body with OpenAI defaults (mp3, audio bytes)', () => {
    expect(decodeSpeechRequest({ model: 'tts-1', input: 'Hello', voice: 'alloy' })).toEqual({ model: 'tts-1', input: 'Hello', voice: 'alloy', responseFormat: 'mp3', streamFormat: 'audio' });
    expect(decodeSpeechRequest({ model: 'gpt-4o-mini-tts', input: 'Hi', voice: { id: 'voice_1234' }, response_format: 'wav', speed: 1.5, instructions: 'Cheerful.', stream_format: 'sse' })).toEqual({
      model: 'gpt-4o-mini-tts', input: 'Hi', voice: { id: 'voice_1234' }, responseFormat: 'wav', streamFormat: 'sse', speed: 1.5, instructions: 'Cheerful.',
    });
  });

  it('refuses a missing input or voice, an unknown format and a speed out of range', () => {
    expect(refusal(() => decodeSpeechRequest({ model: 'tts-1', voice: 'alloy' }))).toMatchObject({ status: 400, param: 'input' });
    expect(refusal(() => decodeSpeechRequest({ model: 'tts-1', input: 'x' }))).toMatchObject({ status: 400, param: 'voice' });
    expect(refusal(() => decodeSpeechRequest({ model: 'tts-1', input: 'x', voice: 'alloy', response_format: 'ogg' }))).toMatchObject({ status: 400, param: 'response_format' });
    expect(refusal(() => decodeSpeechRequest({ model: 'tts-1', input: 'x', voice: 'alloy', speed: 5 }))).toMatchObject({ status: 400, param: 'speed' });
  });
});
