// The call families of the crash scenario's burst: every JSON family the relay serves, streamed
// and not where the family streams, each with its request and how to tell a whole answer from one
// the kill cut short. One OpenAI-kind channel serves all but rerank, a Jina-kind one on the same
// fake upstream serves rerank (crashes.test.ts adds both).
import { MODELS } from './fuzz-gateway.js';

export interface CrashFamily {
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** The answer (status 200, read to its end without an error) is the whole of it. */
  whole(text: string, contentType: string): boolean;
}

const json = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const isJson = (text: string) => json(text) !== undefined;
const ends = (marker: string) => (text: string) => text.includes(marker);
const ask = [{ role: 'user', content: 'repeat 30' }];

// Chat and messages streams are the slow ones (30 chunks, 30 ms apart at the fake): they are the
// calls most often cut mid-answer. The others answer in milliseconds.
export const CRASH_FAMILIES: CrashFamily[] = [
  { name: 'chat-stream', path: '/v1/chat/completions', body: { model: MODELS.chat, stream: true, max_tokens: 100, messages: ask }, whole: ends('data: [DONE]') },
  { name: 'chat', path: '/v1/chat/completions', body: { model: MODELS.chat, max_tokens: 100, messages: ask }, whole: isJson },
  { name: 'messages-stream', path: '/v1/messages', body: { model: 'claude-sonnet-4', stream: true, max_tokens: 100, messages: ask }, whole: ends('message_stop') },
  { name: 'messages', path: '/v1/messages', body: { model: 'claude-sonnet-4', max_tokens: 100, messages: ask }, whole: isJson },
  { name: 'completions-stream', path: '/v1/completions', body: { model: MODELS.completion, stream: true, max_tokens: 30, prompt: 'one two three' }, whole: ends('data: [DONE]') },
  { name: 'completions', path: '/v1/completions', body: { model: MODELS.completion, max_tokens: 30, prompt: 'one two three' }, whole: isJson },
  { name: 'embeddings', path: '/v1/embeddings', body: { model: MODELS.embedding, input: ['one', 'two'] }, whole: isJson },
  { name: 'moderations', path: '/v1/moderations', body: { model: MODELS.moderation, input: ['one'] }, whole: isJson },
  { name: 'rerank', path: '/v1/rerank', body: { model: MODELS.rerank, query: 'one', documents: ['one', 'two'] }, whole: isJson },
  { name: 'images', path: '/v1/images/generations', body: { model: 'dall-e-2', prompt: 'a cat', n: 1, size: '256x256' }, whole: isJson },
  // Speech streams audio (6 chunks, 30 ms apart): a whole answer is audio read to its end.
  { name: 'speech', path: '/v1/audio/speech', body: { model: MODELS.speech, input: 'one two three', voice: 'alloy' }, whole: (text, type) => type.startsWith('audio/') && text.length > 0 },
];

/** The models of the OpenAI-kind channel (all but rerank's). */
export const CRASH_OPENAI_MODELS = [MODELS.chat, MODELS.embedding, MODELS.completion, MODELS.moderation, MODELS.speech, 'dall-e-2'];
