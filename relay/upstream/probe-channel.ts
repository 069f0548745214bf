import { performance } from 'node:perf_hooks';
import { request as undiciRequest } from 'undici';
import type { CallFamily } from '../ir/call-family.js';
import { servedFamilies } from '../providers/channel-facts.js';
import { adapterFor, audioAdapterFor, completionsAdapterFor, moderationAdapterFor, rerankAdapterFor } from '../providers/registry.js';
import type { RelayErrorInfo } from '../ir/relay-error.js';
import type { ModerationAdapter, RerankAdapter, UpstreamBody, UpstreamRequest } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import type { ChannelRecord } from '../store/schema.js';
import { channelEndpoint } from './channel-endpoint.js';
import type { ChannelEndpoint, EndpointDeps } from './channel-endpoint.js';
import { audioProbeRequest } from './audio-probe.js';
import { embeddingsProbeRequest } from './embeddings-probe.js';

export type ProbeDeps = EndpointDeps;

export interface ProbeOutcome {
  /** The upstream answered 2xx. */
  ok: boolean;
  /** The upstream's HTTP status; 0 when it never answered. */
  status: number;
  /** Why it failed: the upstream's own error message, or the connection error ('' when ok). */
  error: string;
  /** From sending the call to the end of the answer (ms). */
  elapsedMs: number;
  /** The model name sent upstream. */
  model: string;
  /** The family of the call sent: chat, or embeddings, rerank, moderation, completions or audio for a channel that serves them (see probeFamily). */
  family: CallFamily;
}

export type ProbeFamily = 'chat' | 'embeddings' | 'rerank' | 'moderation' | 'completions' | 'audio';

/** Models of the audio family by their names (tts-1, whisper-1, gpt-4o-mini-tts, gpt-4o-transcribe). */
const AUDIO_MODEL = /(^|[/-])(tts|whisper)|transcribe/i;

/** OpenAI's models served only by the legacy completions endpoint. */
const COMPLETION_MODEL = /(^|\/)(gpt-3\.5-turbo-instruct|davinci|babbage)/i;

/**
 * The family a probe calls in: rerank for a channel serving rerank and neither chat nor
 * embeddings, or serving rerank for a model named a reranker (`jina-reranker-v2…`, `rerank-v3.5`);
 * moderation likewise (`omni-moderation-latest`); completions through the upstream's completions
 * endpoint likewise (`gpt-3.5-turbo-instruct`, `davinci-002`); audio likewise (`tts-1`,
 * `whisper-1`: see audio-probe.ts); else chat when the channel serves it, else embeddings when
 * it serves those. Images and video have no test call (the cheapest costs cents): such a
 * channel is tried with chat.
 */
export function probeFamily(channel: Pick<ChannelRecord, 'type' | 'families' | 'settings'>, model: string): ProbeFamily {
  const families = servedFamilies(channel);
  const reranks = families.includes('rerank') && rerankAdapterFor(channel) !== undefined;
  if (reranks && (/rerank/i.test(model) || (!families.includes('chat') && !families.includes('embeddings')))) return 'rerank';
  const moderates = families.includes('moderation') && moderationAdapterFor(channel) !== undefined;
  if (moderates && (/moderation/i.test(model) || (!families.includes('chat') && !families.includes('embeddings')))) return 'moderation';
  const completes = families.includes('completions') && completionsAdapterFor(channel) !== undefined;
  if (completes && (COMPLETION_MODEL.test(model) || (!families.includes('chat') && !families.includes('embeddings')))) return 'completions';
  const speaks = families.includes('audio') && audioAdapterFor(channel) !== undefined;
  if (speaks && (AUDIO_MODEL.test(model) || (!families.includes('chat') && !families.includes('embeddings')))) return 'audio';
  return !families.includes('chat') && families.includes('embeddings') ? 'embeddings' : 'chat';
}

function probeRequest(channel: ChannelRecord, endpoint: ChannelEndpoint, model: string, family: ProbeFamily): UpstreamRequest<UpstreamBody> {
  if (family === 'audio') return audioProbeRequest(channel, endpoint, model)!;
  if (family === 'embeddings') return embeddingsProbeRequest(channel, endpoint, model);
  if (family === 'rerank') {
    const request = { model, query: 'hi', documents: [{ text: 'hi' }], returnDocuments: false };
    return (rerankAdapterFor(channel) as RerankAdapter).buildRerankRequest(request, endpoint.target(model, channel.settings), []);
  }
  if (family === 'completions') return completionsAdapterFor(channel)!.buildPassthroughRequest({ model, prompt: 'hi', max_tokens: 1 }, endpoint.target(model, channel.settings), false);
  if (family === 'moderation') return (moderationAdapterFor(channel) as ModerationAdapter).buildModerationRequest({ model, inputs: ['hi'] }, endpoint.target(model, channel.settings));
  return adapterFor(channel).buildChatRequest(
    { model, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: false, maxOutputTokens: 1 },
    endpoint.target(model, channel.settings),
  ).request;
}

/**
 * The upstream model a probe asks for: `requested` (a model the channel serves, mapped),
 * else the channel's test model as written, else its first model, mapped.
 */
export function probeModel(channel: ChannelRecord, requested?: string): string {
  if (requested) return mapModel(channel, requested);
  if (channel.test_model) return channel.test_model;
  return channel.models[0] ? mapModel(channel, channel.models[0]) : '';
}

/**
 * A real minimal call to a channel's upstream with one of its keys, through its header
 * overrides and proxy: a chat call (one output token, "hi") through the channel's adapter,
 * or, for a channel serving embeddings but not chat, an embedding of "hi", or a rerank of
 * the document "hi" for the query "hi" (see probeFamily; either must answer 2xx with a JSON
 * body). What the channel test and the recovery of disabled keys both use.
 */
export async function probeChannel(
  deps: ProbeDeps,
  channel: ChannelRecord,
  key: string,
  options: { model?: string; timeoutMs?: number } = {},
): Promise<ProbeOutcome> {
  const model = options.model ?? probeModel(channel);
  const timeout = options.timeoutMs ?? 30_000;
  const family = probeFamily(channel, model);
  const parseError = probeErrorParser(channel, family);
  const endpoint = await channelEndpoint(channel, key, deps);
  const request = probeRequest(channel, endpoint, model, family);
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const response = await undiciRequest(request.url, {
      method: request.method ?? 'POST',
      headers: endpoint.headers(request.headers),
      body: request.body,
      dispatcher: endpoint.dispatcher,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    return { ok: false, status, error: endpoint.redact((error as Error).message || String(error)), elapsedMs: Math.round(performance.now() - started), model, family };
  }
  const elapsedMs = Math.round(performance.now() - started);
  if (status >= 200 && status < 300) {
    // A chat answer is checked by its status, speech is audio bytes; the others answer JSON.
    if (family === 'chat' || (family === 'audio' && text !== '') || isJson(text)) return { ok: true, status, error: '', elapsedMs, model, family };
    return { ok: false, status, error: `The upstream answered ${status} without a JSON body.`, elapsedMs, model, family };
  }
  let error = text.slice(0, 200);
  try {
    error = parseError(status, text).message || error;
  } catch {
    // keep the raw text
  }
  // The upstream's message may echo the key: it is shown in the console and kept as the reason a key was disabled.
  return { ok: false, status, error: endpoint.redact(error).slice(0, 500), elapsedMs, model, family };
}

function probeErrorParser(channel: ChannelRecord, family: ProbeFamily): (status: number, body: string) => RelayErrorInfo {
  if (family === 'rerank') return (rerankAdapterFor(channel) as RerankAdapter).parseError;
  if (family === 'audio') return audioAdapterFor(channel)!.parseError;
  return adapterFor(channel).parseError;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
