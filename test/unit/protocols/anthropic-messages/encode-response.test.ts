import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import { encodeMessagesError } from '../../../../relay/protocols/anthropic-messages/encode-error.js';
import { encodeMessagesResponse } from '../../../../relay/protocols/anthropic-messages/encode-response.js';
import type { RelayErrorKind } from '../../../../relay/ir/relay-error.js';

const request: ChatRequest = { model: 'client-model', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: false };

function result(overrides: Partial<ChatResult>): ChatResult {
  return {
    id: 'chatcmpl-abc',
    model: 'upstream-model',
    created: 1700000000,
    content: [{ type: 'text', text: 'Hello' }],
    finish: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: 100, outputTokens: 20, cachedInputTokens: 60, cacheWriteInputTokens: 10 },
    ...overrides,
  };
}

describe('IR answer → messages message', () => {
  it('has the message shape, the client model and split input usage', () => {
    expect(encodeMessagesResponse(result({}), request)).toEqual({
      id: 'msg_chatcmpl-abc',
      type: 'message',
      role: 'assistant',
      model: 'client-model',
      content: [{ type: 'text', text: 'Hello' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 30, cache_creation_input_tokens: 10, cache_read_input_tokens: 60, cache_creation: { ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 0 }, output_tokens: 20 },
    });
  });

  it('keeps the block order: thinking (signed), redacted thinking, text, tool_use with parsed input', () => {
    const message = encodeMessagesResponse(
      result({
        id: 'msg_01',
        content: [
          { type: 'reasoning', text: 'hmm', signature: 'sig' },
          { type: 'reasoning', text: '', redacted: 'enc' },
          { type: 'reasoning', text: 'unsigned' },
          { type: 'text', text: 'calling' },
          { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
          { type: 'tool-call', id: 'toolu_2', name: 'g', arguments: '' },
        ],
        finish: { unified: 'tool-calls' },
      }),
      request,
    );
    expect(message.id).toBe('msg_01');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'hmm', signature: 'sig' },
      { type: 'redacted_thinking', data: 'enc' },
      { type: 'thinking', thinking: 'unsigned', signature: '' },
      { type: 'text', text: 'calling' },
      { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } },
      { type: 'tool_use', id: 'toolu_2', name: 'g', input: {} },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it("puts a tool call's own signature on an empty thinking block just before it", () => {
    const message = encodeMessagesResponse(result({ content: [{ type: 'tool-call', id: 'c1', name: 'f', arguments: '{}', signature: 'gsig' }], finish: { unified: 'tool-calls' } }), request);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: '', signature: 'gsig' },
      { type: 'tool_use', id: 'c1', name: 'f', input: {} },
    ]);
  });

  it.each([
    [{ unified: 'stop' as const }, false, undefined, 'end_turn', null],
    [{ unified: 'length' as const, raw: 'MAX_TOKENS' }, false, undefined, 'max_tokens', null],
    [{ unified: 'stop' as const, raw: 'stop_sequence' }, false, ['END'], 'stop_sequence', 'END'],
    [{ unified: 'stop' as const, raw: 'stop_sequence' }, false, ['A', 'B'], 'stop_sequence', null],
    [{ unified: 'tool-calls' as const }, true, undefined, 'tool_use', null],
    // Some compatible upstreams say "stop" with tool calls: the client must still run them.
    [{ unified: 'stop' as const, raw: 'stop' }, true, undefined, 'tool_use', null],
    [{ unified: 'content-filter' as const }, false, undefined, 'refusal', null],
    [{ unified: 'other' as const }, false, undefined, 'end_turn', null],
  ])('finish %j (tool calls: %s, stop %j) → %s / %s', (finish, tools, stop, stopReason, stopSequence) => {
    const content = tools ? [{ type: 'tool-call' as const, id: 't', name: 'f', arguments: '{}' }] : [{ type: 'text' as const, text: 'x' }];
    const message = encodeMessagesResponse(result({ finish, content }), { ...request, ...(stop ? { stop } : {}) });
    expect(message.stop_reason).toBe(stopReason);
    expect(message.stop_sequence).toBe(stopSequence);
  });
});

describe('errors in the messages format', () => {
  it.each<[RelayErrorKind, string]>([
    ['invalid_request', 'invalid_request_error'],
    ['authentication', 'invalid_request_error'],
    ['permission', 'invalid_request_error'],
    ['not_found', 'not_found_error'],
    ['rate_limit', 'rate_limit_error'],
    ['quota', 'rate_limit_error'],
    ['overloaded', 'overloaded_error'],
    ['upstream', 'api_error'],
    ['timeout', 'api_error'],
    ['not_implemented', 'api_error'],
    ['internal', 'api_error'],
  ])('%s → one top-level key error with type %s', (kind, type) => {
    const body = encodeMessagesError({ status: 400, kind, message: 'something', code: 'c', param: 'p' });
    expect(Object.keys(body)).toEqual(['error']);
    expect(body).toEqual({ error: { type, message: 'something' } });
  });
});
