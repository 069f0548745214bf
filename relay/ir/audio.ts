import type { FormFile } from './multipart-form.js';

// The audio family: speech synthesis (text in, audio bytes out) and transcription or
// translation (an audio upload in, text out), whichever wire they came on.

/** The audio encodings a speech call can ask for (OpenAI's `response_format`). */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** `audio`: the encoded bytes as they are made; `sse`: events carrying base64 audio, then usage. */
export const SPEECH_STREAM_FORMATS = ['audio', 'sse'] as const;
export type SpeechStreamFormat = (typeof SPEECH_STREAM_FORMATS)[number];

export interface SpeechRequest {
  model: string;
  /** The text to speak. */
  input: string;
  /** A voice name, or the id of a custom voice. */
  voice: string | { id: string };
  responseFormat: SpeechFormat;
  streamFormat: SpeechStreamFormat;
  /** 0.25–4.0. */
  speed?: number;
  /** How to speak (tone, accent…); newer models only. */
  instructions?: string;
}

export type AudioTask = 'transcription' | 'translation';

/** What a transcription can answer: text (`text`, `srt`, `vtt`) or JSON (the others). */
export const TRANSCRIPT_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json', 'diarized_json'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** Formats answered as plain text, which the client gets with the upstream's content type. */
export function isTextTranscript(format: TranscriptFormat): boolean {
  return format === 'text' || format === 'srt' || format === 'vtt';
}

/** The uploaded audio as the client sent it: providers read its format from the filename's extension. */
export type AudioUpload = Omit<FormFile, 'field'>;

export interface TranscriptionRequest {
  task: AudioTask;
  model: string;
  file: AudioUpload;
  responseFormat: TranscriptFormat;
  /** Transcript events as they come (`stream=true`, newer models). */
  stream: boolean;
  /** ISO-639-1 code of the spoken language (transcription only). */
  language?: string;
  prompt?: string;
  temperature?: number;
  /** `word`, `segment` (verbose_json). */
  timestampGranularities: string[];
  /**
   * Every text field of the client's form, in its order and with its own names
   * (`timestamp_granularities[]`…): what an upstream of the same wire is sent, the model
   * replaced by the one it knows.
   */
  fields: [name: string, value: string][];
}

/** What an audio call used, as its upstream's answer says: the input audio's length, token counts. */
export interface AudioUsage {
  /** Seconds of input audio (verbose_json's `duration`, or `usage.seconds`). */
  seconds?: number;
  inputTokens?: number;
  outputTokens?: number;
  inputAudioTokens?: number;
  inputTextTokens?: number;
  raw?: unknown;
}
