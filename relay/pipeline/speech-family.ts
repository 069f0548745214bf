import { countTokens } from '../billing/estimate-tokens.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import type { SpeechFormat, SpeechRequest } from '../ir/audio.js';
import type { Usage } from '../ir/usage.js';
import type { SpeechCodec } from '../protocols/types.js';
import { mapModel } from '../routing/select-channel.js';
import { pipeAnswer } from './audio-answer.js';
import type { AudioAnswered } from './audio-answer.js';
import { audioAdapterOf, audioRefusal } from './audio-channels.js';
import { callRoute } from './call-lifecycle.js';
import type { FamilyPipeline } from './call-lifecycle.js';
import type { Authorize, RelayDeps } from './relay-deps.js';
import { sendUpstream } from './send-upstream.js';

/** A speech call: the IR request (what the relay reads) and the client's body (what the upstream is sent). */
export interface SpeechCall {
  request: SpeechRequest;
  raw: Record<string, unknown>;
}

/** The content type of each format, for an upstream that names none (OpenAI's own answers). */
const AUDIO_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

export function speechRoute(codec: SpeechCodec, deps: RelayDeps, authorize?: Authorize): RelayRouteHandler {
  return callRoute(speechFamily(codec), deps, authorize);
}

/**
 * Speech synthesis: the audio streams through to the client as the upstream makes it, with
 * the upstream's content type; a client that leaves cancels the upstream request. Billed by
 * the characters of the input, and by tokens: the upstream's (an event stream's last event
 * reports them), else the input's, counted by the relay.
 */
export function speechFamily(codec: SpeechCodec): FamilyPipeline<SpeechCall> {
  return {
    family: 'audio',
    decode(raw) {
      const request = codec.decode(raw);
      return { model: request.model, stream: true, call: { request, raw: raw as Record<string, unknown> } };
    },
    // The input at a token per UTF-8 byte at most; no output tokens unless the upstream reports them.
    estimate: ({ request }) => ({ promptTokens: Buffer.byteLength(spokenText(request)), outputTokens: 0, choices: 1, units: { characters: characters(request.input) } }),
    refusal: (_call, channel) => audioRefusal(channel),
    prepare(call, target) {
      const { channel, endpoint } = target;
      const adapter = audioAdapterOf(channel);
      const upstreamModel = mapModel(channel, call.request.model);
      const upstream = adapter.buildSpeechRequest(call.raw, endpoint.target(upstreamModel, channel.settings));
      upstream.headers = endpoint.headers(upstream.headers);
      const fallbackType = call.request.streamFormat === 'sse' ? 'text/event-stream' : AUDIO_TYPES[call.request.responseFormat];
      return {
        upstreamModel,
        send(limits) {
          const options = { upstream, endpoint, parseError: adapter.parseError, ...limits };
          return sendUpstream(options, {
            streamed: true,
            read: (response, stopFirstByteTimer) => pipeAnswer(options, response, stopFirstByteTimer, fallbackType, adapter.parseSpeechEventUsage),
          });
        },
      };
    },
    meter: (call, answered) => meterSpeech(call.request, answered as AudioAnswered),
    encodeError: (error) => codec.encodeError(error),
  };
}

/** Characters as the providers count them: Unicode code points. */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function spokenText(request: SpeechRequest): string {
  return request.instructions ? `${request.instructions}\n${request.input}` : request.input;
}

async function meterSpeech(request: SpeechRequest, answered: AudioAnswered): Promise<Usage> {
  const units = { characters: characters(request.input) };
  const reported = answered.audioUsage;
  if (reported?.inputTokens !== undefined) {
    return { inputTokens: reported.inputTokens, outputTokens: reported.outputTokens ?? 0, outputAudioTokens: reported.outputTokens ?? 0, units, raw: reported.raw };
  }
  return { inputTokens: await countTokens(spokenText(request)), outputTokens: 0, units, estimated: true };
}
