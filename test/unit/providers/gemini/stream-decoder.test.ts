import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';

const request: ChatRequest = { model: 'client-model', messages: [], stream: true };

function decode(text: string, { end = true } = {}): StreamPart[] {
  const decoder = geminiAdapter.createStreamDecoder(request);
  const parts = decodeSseText(text).flatMap((event) => decoder.push(event));
  return end ? [...parts, ...decoder.end()] : parts;
}
const chunks = (name: string) => readFileSync(join(import.meta.dirname, '../../../fixtures/gemini', name), 'utf8');
const start = (id: string, model: string) => ({ type: 'start', id, model, created: expect.any(Number) });

describe('gemini stream decoding', () => {
  it('streams text as one text block, usage from the last chunk, finish on finishReason', () => {
    expect(decode(chunks('text.chunks.txt'))).toEqual([
      start('streamTextId', 'gemini-2.5-flash'),
      { type: 'text-start' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there, how' },
      { type: 'text-delta', text: ' can I help?' },
      { type: 'text-end' },
      {
        type: 'finish',
        reason: { unified: 'stop', raw: 'STOP' },
        usage: expect.objectContaining({ inputTokens: 5, outputTokens: 7, inputTextTokens: 5 }),
      },
    ]);
  });

  it('streams thoughts as a reasoning block ended by the signature of the first text part', () => {
    expect(decode(chunks('thoughts.chunks.txt'))).toEqual([
      start('streamThoughtsId', 'gemini-3.8-flash'),
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: '**Planning**\n\nThe user wants' },
      { type: 'reasoning-delta', text: ' a haiku.' },
      { type: 'reasoning-signature', signature: 'c2lnLWZvci10ZXh0' },
      { type: 'reasoning-end' },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Leaves fall' },
      { type: 'text-delta', text: ' softly.' },
      { type: 'text-end' },
      { type: 'finish', reason: { unified: 'stop', raw: 'STOP' }, usage: expect.objectContaining({ inputTokens: 20, outputTokens: 37, reasoningTokens: 33 }) },
    ]);
  });

  it('streams each function call whole, closing the text first, and finishes with tool-calls', () => {
    const parts = decode(chunks('function-call.chunks.txt'));
    expect(parts).toEqual([
      start('streamCallId', 'gemini-3.8-flash'),
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: 'I should look up the weather.' },
      { type: 'reasoning-end' },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Checking now.' },
      { type: 'text-end' },
      { type: 'reasoning-start' },
      { type: 'reasoning-signature', signature: 'c2lnLWZvci1jYWxs' },
      { type: 'reasoning-end' },
      { type: 'tool-call-start', index: 0, id: 'get_weather_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"location":"Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: expect.stringMatching(/^call_/), name: 'get_time' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"zone":"Europe/Paris"}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'STOP' }, usage: expect.objectContaining({ inputTokens: 50, outputTokens: 30 }) },
    ]);
  });

  it('keeps a signature that arrives on a final empty text part, after the text', () => {
    expect(decode(chunks('signature-last.chunks.txt')).map((p) => p.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'reasoning-start',
      'reasoning-signature',
      'reasoning-end',
      'finish',
    ]);
  });

  it('closes open blocks and finishes in end() when the stream stops without a finishReason', () => {
    const decoder = geminiAdapter.createStreamDecoder(request);
    const pushed = decodeSseText(chunks('cut-short.chunks.txt')).flatMap((event) => decoder.push(event));
    expect(pushed.at(-1)).toEqual({ type: 'text-delta', text: 'The answer is' });
    expect(decoder.end()).toEqual([
      { type: 'text-end' },
      { type: 'finish', reason: { unified: 'other' }, usage: expect.objectContaining({ inputTokens: 9, outputTokens: 6, reasoningTokens: 3 }) },
    ]);
    expect(decoder.end()).toEqual([]);
  });

  it('still gives a complete sequence when the stream had no chunk at all', () => {
    const decoder = geminiAdapter.createStreamDecoder(request);
    expect(decoder.end()).toEqual([
      { type: 'start', id: expect.stringMatching(/^gemini-/), model: 'client-model', created: expect.any(Number) },
      { type: 'finish', reason: { unified: 'other' } },
    ]);
  });

  it('emits nothing after finish, and no usage when none came', () => {
    const decoder = geminiAdapter.createStreamDecoder(request);
    const out = decoder.push({ data: JSON.stringify({ candidates: [{ content: { parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }] }) });
    expect(out.at(-1)).toEqual({ type: 'finish', reason: { unified: 'stop', raw: 'STOP' } });
    expect(decoder.push({ data: JSON.stringify({ candidates: [{ content: { parts: [{ text: 'late' }] } }] }) })).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('finishes a blocked prompt as content-filter', () => {
    const decoder = geminiAdapter.createStreamDecoder(request);
    expect(decoder.push({ data: JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4 } }) })).toEqual([
      expect.objectContaining({ type: 'start' }),
      { type: 'finish', reason: { unified: 'content-filter', raw: 'SAFETY' }, usage: expect.objectContaining({ inputTokens: 4 }) },
    ]);
  });

  it('turns an error chunk into an error part, and a broken chunk too', () => {
    const decoder = geminiAdapter.createStreamDecoder(request);
    const error = { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } };
    expect(decoder.push({ data: JSON.stringify(error) })).toEqual([
      { type: 'error', error: { status: 503, kind: 'overloaded', message: 'The model is overloaded. Please try again later.', code: 'UNAVAILABLE' } },
    ]);
    expect(decoder.end()).toEqual([]);

    const broken = geminiAdapter.createStreamDecoder(request);
    expect(broken.push({ data: '{"candidates": [' })).toEqual([{ type: 'error', error: expect.objectContaining({ kind: 'upstream', status: 502 }) }]);
  });
});
