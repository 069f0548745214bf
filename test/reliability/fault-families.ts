// The provider kinds and families the fault scenarios call, each with its fake upstream, the
// channel that reaches it, and one request in the client's own protocol.
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { FAKE_OPENAI_RESPONSES_KEY, startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';

export interface FaultFamily {
  name: string;
  channelType: number;
  channelKey: string;
  streamed: boolean;
  /** Channel fields besides the usual (the upstream's protocol). */
  extra?: Record<string, unknown>;
  /** The fake serves only models named so. */
  modelPrefix?: string;
  /** Where the after-first-byte faults cut its stream (the fake's streams differ in length). */
  cutAfterChunks?: number;
  start(): Promise<FakeUpstream>;
  request(model: string): { path: string; body: unknown };
  /** A streamed answer ended by an error event in this protocol (not a bare cut). */
  endsWithErrorEvent?(text: string): boolean;
}

const ask = 'tell me a long enough story about reliability, please';
const slow = { chunkDelayMs: 5 };
const lastEvent = (text: string): string => text.trim().split(/\n\n+/).at(-1) ?? '';

export const FAULT_FAMILIES: FaultFamily[] = [
  {
    name: 'openai chat',
    channelType: 1,
    channelKey: 'upstream-key',
    streamed: false,
    start: () => startFakeOpenAIChat(),
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
    channelType: 1,
    channelKey: 'upstream-key',
    streamed: false,
    start: () => startFakeOpenAIChat(),
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
    start: () => startFakeOpenAIResponses(slow),
    request: (model) => ({ path: '/v1/responses', body: { model, input: ask, stream: true } }),
    endsWithErrorEvent: (text) => /^event: (error|response\.failed)/m.test(lastEvent(text)),
  },
  {
    name: 'openai legacy completions',
    channelType: 1,
    channelKey: 'upstream-key',
    streamed: false,
    start: () => startFakeOpenAIChat(),
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
];
