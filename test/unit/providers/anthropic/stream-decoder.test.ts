import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { anthropicAdapter } from '../../../../relay/providers/anthropic/adapter.js';

const request: ChatRequest = { model: 'claude-asked', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], stream: true };

function decodeFixture(name: string): StreamPart[] {
  const text = readFileSync(new URL(`../../../fixtures/anthropic/${name}`, import.meta.url), 'utf8');
  return decodeText(text);
}

function decodeText(text: string): StreamPart[] {
  const decoder = anthropicAdapter.createStreamDecoder(request);
  const parts = decodeSseText(text).flatMap((event) => decoder.push(event));
  return [...parts, ...decoder.end()];
}

describe('anthropic stream decoding', () => {
  it('decodes a text stream, usage combined from message_start and message_delta', () => {
    expect(decodeFixture('text.chunks.txt')).toEqual([
      { type: 'start', id: 'msg_01VdZ4rJbb2L3aNmGB3S2m6c', model: 'claude-sonnet-4-5-20250929', created: expect.any(Number) },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: '! How can I' },
      { type: 'text-delta', text: ' help?' },
      { type: 'text-end' },
      {
        type: 'finish',
        reason: { unified: 'stop', raw: 'end_turn' },
        usage: {
          inputTokens: 25 + 2048,
          outputTokens: 12,
          cachedInputTokens: 2048,
          cacheWriteInputTokens: 0,
          raw: expect.objectContaining({ input_tokens: 25, output_tokens: 12, cache_read_input_tokens: 2048 }),
        },
      },
    ]);
  });

  it('decodes thinking with its signature, then redacted thinking, then text', () => {
    const parts = decodeFixture('thinking.chunks.txt');
    expect(parts.slice(1, -1)).toEqual([
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: 'Let me add 27 and 15.' },
      { type: 'reasoning-delta', text: ' That is 42.' },
      { type: 'reasoning-signature', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' },
      { type: 'reasoning-end' },
      { type: 'reasoning-start' },
      { type: 'reasoning-redacted', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
      { type: 'reasoning-end' },
      { type: 'text-start' },
      { type: 'text-delta', text: '27 + 15 = 42' },
      { type: 'text-end' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { inputTokens: 40, outputTokens: 58, reasoningTokens: 30 } });
  });

  it('decodes tool_use blocks with input_json_delta, numbering tool calls from 0', () => {
    const parts = decodeFixture('tool-use.chunks.txt');
    expect(parts.slice(1)).toEqual([
      { type: 'text-start' },
      { type: 'text-delta', text: 'Let me check both cities.' },
      { type: 'text-end' },
      { type: 'tool-call-start', index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"location":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: ' "San Francisco, CA"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'toolu_01QmT4hKzbk5nBrAoUp8CjZs', name: 'get_weather' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"locati' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: 'on": "Paris"}' },
      { type: 'tool-call-end', index: 1 },
      {
        type: 'finish',
        reason: { unified: 'tool-calls', raw: 'tool_use' },
        usage: expect.objectContaining({ inputTokens: 472, outputTokens: 89, cachedInputTokens: 0, cacheWriteInputTokens: 0 }),
      },
    ]);
  });

  it('turns an error event into an error part after closing the open block; end() adds nothing', () => {
    const parts = decodeFixture('error.chunks.txt');
    expect(parts.slice(1)).toEqual([
      { type: 'text-start' },
      { type: 'text-delta', text: 'Once upon' },
      { type: 'text-end' },
      { type: 'error', error: { status: 529, kind: 'overloaded', message: 'Overloaded', code: 'overloaded_error' } },
    ]);
  });

  it('makes up no start for an error that comes first, so the call can still be retried', () => {
    const decoder = anthropicAdapter.createStreamDecoder(request);
    const data = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    expect(decoder.push({ event: 'error', data: JSON.stringify(data) })).toEqual([
      { type: 'error', error: { status: 529, kind: 'overloaded', message: 'Overloaded', code: 'overloaded_error' } },
    ]);
    expect(decoder.end()).toEqual([]);
  });

  it('closes a truncated stream in end(): open tool call ended, finish incomplete', () => {
    const parts = decodeFixture('truncated.chunks.txt');
    expect(parts.slice(1)).toEqual([
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: 'Hmm' },
      { type: 'reasoning-end' },
      { type: 'tool-call-start', index: 0, id: 'toolu_01Trunc', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"loca' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'error', raw: 'incomplete_stream' }, usage: expect.objectContaining({ inputTokens: 25, outputTokens: 1 }) },
    ]);
  });

  it('uses the stop reason of message_delta when only message_stop is missing', () => {
    const text = readFileSync(new URL('../../../fixtures/anthropic/text.chunks.txt', import.meta.url), 'utf8');
    const withoutStop = text.slice(0, text.indexOf('event: message_stop'));
    expect(decodeText(withoutStop).at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } });
  });

  it('gives an empty stream a start and a finish', () => {
    const decoder = anthropicAdapter.createStreamDecoder(request);
    expect(decoder.end()).toEqual([
      { type: 'start', id: expect.stringMatching(/^msg_/), model: 'claude-asked', created: expect.any(Number) },
      { type: 'finish', reason: { unified: 'error', raw: 'incomplete_stream' } },
    ]);
    expect(decoder.end()).toEqual([]);
  });

  it('ignores pings, unknown events, non-JSON data and anything after message_stop', () => {
    const decoder = anthropicAdapter.createStreamDecoder(request);
    expect(decoder.push({ event: 'ping', data: '{"type":"ping"}' })).toEqual([]);
    expect(decoder.push({ data: '[DONE]' })).toEqual([]);
    expect(decoder.push({ event: 'future_event', data: '{"type":"future_event"}' })).toEqual([]);
    expect(decoder.push({ event: 'message_stop', data: '{"type":"message_stop"}' }).map((p) => p.type)).toEqual(['start', 'finish']);
    expect(decoder.push({ event: 'message_start', data: '{"type":"message_start","message":{"id":"x"}}' })).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('skips server tool blocks whole and opens a text block a lenient upstream never started', () => {
    const events = [
      { type: 'message_start', message: { id: 'msg_1', model: 'm', usage: { input_tokens: 3, output_tokens: 0 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srv', name: 'web_search', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"x"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Found.' } },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } },
      { type: 'message_stop' },
    ];
    const decoder = anthropicAdapter.createStreamDecoder(request);
    const parts = events.flatMap((data) => decoder.push({ event: data.type, data: JSON.stringify(data) }));
    expect(parts.map((p) => p.type)).toEqual(['start', 'text-start', 'text-delta', 'text-end', 'finish']);
  });
});
