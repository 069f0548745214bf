import type { TranscriptionRequest } from '../ir/audio.js';
import { audioAdapterFor } from '../providers/registry.js';
import type { UpstreamBody, UpstreamRequest } from '../providers/types.js';
import type { ChannelRecord } from '../store/schema.js';
import type { ChannelEndpoint } from './channel-endpoint.js';

/** Models that hear rather than speak (whisper-1, gpt-4o-transcribe…). */
const TRANSCRIBER = /whisper|transcri/i;

/** Half a second of silence at 8 kHz (16-bit mono PCM): the cheapest upload a transcription model accepts (OpenAI's minimum is 0.1 s). */
const PROBE_SAMPLES = 4000;

/**
 * A minimal audio call for testing a channel serving audio (and not chat): a transcription
 * of half a second of silence for a model that transcribes, else the speech of "hi" (two
 * characters), through the channel's audio adapter. Headers before the channel's header
 * override (the caller applies it).
 */
export function audioProbeRequest(channel: ChannelRecord, endpoint: Pick<ChannelEndpoint, 'target'>, model: string): UpstreamRequest<UpstreamBody> | undefined {
  const adapter = audioAdapterFor(channel);
  if (!adapter) return undefined;
  const target = endpoint.target(model, channel.settings);
  if (!TRANSCRIBER.test(model)) return adapter.buildSpeechRequest({ model, input: 'hi', voice: 'alloy', response_format: 'mp3' }, target);
  const request: TranscriptionRequest = {
    task: 'transcription',
    model,
    file: { filename: 'probe.wav', contentType: 'audio/wav', bytes: silentWav(PROBE_SAMPLES, 8000) },
    responseFormat: 'json',
    stream: false,
    timestampGranularities: [],
    fields: [['model', model], ['response_format', 'json']],
  };
  return adapter.buildTranscriptionRequest(request, target);
}

/** A RIFF/WAVE file of `samples` zero samples, 16-bit mono at `rate` Hz. */
export function silentWav(samples: number, rate: number): Buffer {
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  return wav;
}
