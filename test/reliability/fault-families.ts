// The provider kinds and families the fault scenarios call, each with its fake upstream, the
// channel that reaches it, and one request in the client's own protocol.
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { FAKE_COHERE_API_KEY, startFakeCohere } from '../fake-upstreams/cohere.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { FAKE_JINA_API_KEY, startFakeJina } from '../fake-upstreams/jina.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { FAKE_OPENAI_RESPONSES_KEY, startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { wavFile } from '../helpers/audio-files.js';

export interface FaultFamily {
  name: string;
  channelType: number;
  channelKey: string;
  streamed: boolean;
  /** Channel fields besides the usual (the upstream's protocol). */
  extra?: Record<string, unknown>;
  /** The fake serves only models named so. */
  modelPrefix?: string;
  /** Model record fields beside the token price, for a family billed by other units (searches, images, seconds, characters). */
  price?: Record<string, unknown>;
  /** Where the after-first-byte faults cut its stream (the fake's streams differ in length). */
  cutAfterChunks?: number;
  start(): Promise<FakeUpstream>;
  /** The body: JSON, or a form (multipart uploads). */
  request(model: string): { path: string; body: unknown };
  /** A streamed answer ended by an error event in this protocol (not a bare cut). */
  endsWithErrorEvent?(text: string): boolean;
}

const ask = 'tell me a long enough story about reliability, please';
const slow = { chunkDelayMs: 5 };
const lastEvent = (text: string): string => text.trim().split(/\n\n+/).at(-1) ?? '';
const documents = ['reliability is a property of the whole system', 'a story about stories', 'failover keeps answers coming'];
const wav = wavFile(1.5);
/** A whole (not streamed) call through an OpenAI-kind channel to the OpenAI fake, which serves every OpenAI family. */
const openaiWhole = { channelType: 1, channelKey: 'upstream-key', streamed: false, start: () => startFakeOpenAIChat() };

export const FAULT_FAMILIES: FaultFamily[] = [
  {
    name: 'openai chat',
    ...openaiWhole,
    request: (model) => ({ path: '/v1/chat/completions', body: { model, messages: [{ role: 'user', content: ask }] } }),
  },
  {
    name: 'openai chat streamed',
    channelType: 1,
    channelKey: 'upstream-key',
    streamed: true,
    start: () => startFakeOpenAIChat(slow),
    request: (model) => ({ path: '/v1/chat/completions', body: { model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: ask }] } }),
    endsWithErrorEvent: (text) => /"error"/.test(text.split(/\n\n+/).filter((e) => e.trim() && !e.includes('[DONE]')).at(-1) ?? ''),
  },
  {
    name: 'anthropic messages',
    channelType: 14,
    channelKey: FAKE_ANTHROPIC_API_KEY,
    streamed: false,
    start: () => startFakeAnthropic(),
    request: (model) => ({ path: '/v1/messages', body: { model, max_tokens: 200, messages: [{ role: 'user', content: ask }] } }),
  },
  {
    name: 'anthropic messages streamed',
    channelType: 14,
    channelKey: FAKE_ANTHROPIC_API_KEY,
    streamed: true,
    cutAfterChunks: 5, // message_start, content_block_start, ping, then two text deltas
    start: () => startFakeAnthropic(slow),
    request: (model) => ({ path: '/v1/messages', body: { model, max_tokens: 200, stream: true, messages: [{ role: 'user', content: ask }] } }),
    endsWithErrorEvent: (text) => /^event: error/m.test(lastEvent(text)),
  },
  {
    name: 'gemini generate-content',
    channelType: 24,
    channelKey: FAKE_GEMINI_API_KEY,
    modelPrefix: 'gemini-',
    streamed: false,
    start: () => startFakeGemini(),
    request: (model) => ({ path: `/v1beta/models/${model}:generateContent`, body: { contents: [{ role: 'user', parts: [{ text: ask }] }] } }),
  },
  {
    name: 'gemini generate-content streamed',
    channelType: 24,
    channelKey: FAKE_GEMINI_API_KEY,
    modelPrefix: 'gemini-',
    streamed: true,
    cutAfterChunks: 1,
    start: () => startFakeGemini(),
    request: (model) => ({ path: `/v1beta/models/${model}:streamGenerateContent?alt=sse`, body: { contents: [{ role: 'user', parts: [{ text: ask }] }] } }),
    endsWithErrorEvent: (text) => /"error"/.test(lastEvent(text)),
  },
  {
    name: 'openai embeddings',
    ...openaiWhole,
    request: (model) => ({ path: '/v1/embeddings', body: { model, input: ask } }),
  },
  {
    name: 'openai responses',
    channelType: 1,
    channelKey: FAKE_OPENAI_RESPONSES_KEY,
    extra: { upstream_protocol: 'responses' },
    streamed: false,
    start: () => startFakeOpenAIResponses(),
    request: (model) => ({ path: '/v1/responses', body: { model, input: ask } }),
  },
  {
    name: 'openai responses streamed',
    channelType: 1,
    channelKey: FAKE_OPENAI_RESPONSES_KEY,
    extra: { upstream_protocol: 'responses' },
    streamed: true,
    cutAfterChunks: 6, // created, in_progress, output_item.added, content_part.added, then two text deltas
    start: () => startFakeOpenAIResponses(slow),
    request: (model) => ({ path: '/v1/responses', body: { model, input: ask, stream: true } }),
    endsWithErrorEvent: (text) => /^event: (error|response\.failed)/m.test(lastEvent(text)),
  },
  {
    name: 'openai legacy completions',
    ...openaiWhole,
    request: (model) => ({ path: '/v1/completions', body: { model, prompt: ask, max_tokens: 50 } }),
  },
  {
    name: 'gemini embed-content',
    channelType: 24,
    channelKey: FAKE_GEMINI_API_KEY,
    modelPrefix: 'gemini-',
    streamed: false,
    start: () => startFakeGemini(),
    request: (model) => ({ path: `/v1beta/models/${model}:embedContent`, body: { content: { parts: [{ text: ask }] } } }),
  },
  {
    name: 'openai moderations',
    ...openaiWhole,
    request: (model) => ({ path: '/v1/moderations', body: { model, input: ask } }),
  },
  {
    name: 'rerank (cohere channel)',
    channelType: 34,
    channelKey: FAKE_COHERE_API_KEY,
    streamed: false,
    price: { unit_prices: { search_units: 0.002 } },
    start: () => startFakeCohere(),
    request: (model) => ({ path: '/v1/rerank', body: { model, query: ask, documents } }),
  },
  {
    name: 'rerank (jina channel)',
    channelType: 38,
    channelKey: FAKE_JINA_API_KEY,
    streamed: false,
    start: () => startFakeJina(),
    request: (model) => ({ path: '/v1/rerank', body: { model, query: ask, documents } }),
  },
  {
    name: 'openai images generations',
    ...openaiWhole,
    modelPrefix: 'dall-e-2-',
    price: { unit_prices: { images: 0.02 } },
    request: (model) => ({ path: '/v1/images/generations', body: { model, prompt: ask, size: '256x256' } }),
  },
  {
    name: 'openai audio speech',
    ...openaiWhole,
    price: { unit_prices: { characters: 0.000015 } },
    request: (model) => ({ path: '/v1/audio/speech', body: { model, input: ask, voice: 'alloy' } }),
  },
  {
    name: 'openai audio transcriptions (multipart)',
    ...openaiWhole,
    price: { unit_prices: { seconds: 0.0001 } },
    request: (model) => {
      const form = new FormData();
      form.append('model', model);
      form.append('file', new File([wav], 'meeting.wav', { type: 'audio/wav' }));
      return { path: '/v1/audio/transcriptions', body: form };
    },
  },
  {
    name: 'openai video task creation',
    ...openaiWhole,
    price: { unit_prices: { seconds: 0.1 } },
    request: (model) => ({ path: '/v1/videos', body: { model, prompt: ask, seconds: '4' } }),
  },
];
