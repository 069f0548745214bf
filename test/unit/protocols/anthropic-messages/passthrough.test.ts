import { rootObjectMember } from '../../../../relay/wire/json-member.js';
import { describe, expect, it } from 'vitest';
import { SseEventSplitter } from '../../../../relay/pipeline/split-sse-events.js';
import { anthropicMessagesCodec } from '../../../../relay/protocols/anthropic-messages/codec.js';
import { buildAnthropicPassthroughRequest } from '../../../../relay/providers/anthropic/adapter.js';
import { claudeCodeMessageCalls } from './captures.js';

const target = { baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-upstream', model: 'claude-sonnet-4-5', settings: {} };
const request = { model: 'client-model', messages: [], stream: true };

function sse(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function tapOver(text: string) {
  const tap = anthropicMessagesCodec.passthrough!.createStreamTap(request, undefined);
  const splitter = new SseEventSplitter();
  const states: { answering: boolean; finished: boolean }[] = [];
  let forwarded = '';
  for (const event of [...splitter.push(Buffer.from(text)), ...splitter.end()]) {
    forwarded += tap.forward(event.raw, event.data);
    states.push({ answering: tap.answering, finished: tap.finished });
  }
  return { tap, forwarded, states };
}

describe('messages pass-through: the stream tap', () => {
  const stream = [
    sse('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 1 } } }),
    sse('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
    sse('ping', {}),
    sse('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hmm ' } }),
    sse('content_block_stop', { index: 0 }),
    sse('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
    sse('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Hello' } }),
    sse('content_block_stop', { index: 1 }),
    sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 42 } }),
    sse('message_stop', {}),
  ].join('');

  it('forwards every event untouched, and reads usage, text, answering and the end', () => {
    const { tap, forwarded, states } = tapOver(stream);
    expect(forwarded).toBe(stream);
    expect(states.map((s) => s.answering)).toEqual([false, true, true, true, true, true, true, true, true, true]);
    expect(states.map((s) => s.finished)).toEqual([false, false, false, false, false, false, false, false, false, true]);
    expect(tap.usage).toMatchObject({ inputTokens: 115, outputTokens: 42, cachedInputTokens: 100, cacheWriteInputTokens: 5 });
    expect(tap.outputText).toBe(''); // usage came: nothing to count locally
    expect(tap.error).toBeUndefined();
  });

  it('without usage, the answer (thinking, text, tool input) is there for a local count', () => {
    const noUsage = [
      sse('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [] } }),
      sse('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      sse('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hmm ' } }),
      sse('content_block_stop', { index: 0 }),
      sse('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
      sse('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Hello "type":"error"' } }),
      sse('content_block_stop', { index: 1 }),
      sse('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } }),
      sse('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } }),
      sse('content_block_stop', { index: 2 }),
      sse('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null } }),
      sse('message_stop', {}),
    ].join('');
    const { tap, forwarded } = tapOver(noUsage);
    expect(forwarded).toBe(noUsage);
    expect(tap.usage).toBeUndefined();
    expect(tap.error).toBeUndefined();
    expect(tap.finished).toBe(true);
    expect(tap.outputText).toBe('hmm Hello "type":"error"f{"a":1}');
  });

  it('reads an error event with the status its type stands for', () => {
    const { tap } = tapOver(sse('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }));
    expect(tap.error).toMatchObject({ status: 529, kind: 'overloaded', message: 'Overloaded' });
    expect(tap.answering).toBe(false);
  });

  it('usage of a whole answer, read out of its text', () => {
    const { usageMember, usageOf } = anthropicMessagesCodec.passthrough!;
    const answer = { id: 'msg_1', content: [{ type: 'tool_use', id: 't', name: 'n', input: { usage: { input_tokens: 99 } } }], usage: { input_tokens: 3, output_tokens: 4 } };
    expect(usageOf(rootObjectMember(JSON.stringify(answer), usageMember))).toMatchObject({ inputTokens: 3, outputTokens: 4 });
    expect(usageOf(rootObjectMember('{"content": []}', usageMember))).toBeUndefined();
  });
});

describe('messages pass-through: the upstream request', () => {
  it('forwards the body with the mapped model, the channel key and the version header', () => {
    const body = { model: 'client-model', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], stream: true, some_new_field: { a: 1 } };
    const upstream = buildAnthropicPassthroughRequest(body, target, true);
    expect(upstream.url).toBe('https://api.anthropic.com/v1/messages');
    expect(upstream.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': 'sk-ant-upstream', 'anthropic-version': '2023-06-01' });
    expect(JSON.parse(upstream.body)).toEqual({ ...body, model: 'claude-sonnet-4-5' });
    expect(body.model).toBe('client-model');
  });

  it('turns role: system messages into system-reminder text of a user turn, tool results first', () => {
    const body = {
      model: 'client-model',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'system', content: 'agent list' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
        { role: 'system', content: [{ type: 'text', text: 'reminder' }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
      ],
    };
    const sent = JSON.parse(buildAnthropicPassthroughRequest(body, target, false).body);
    expect(sent.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'read it' }, { type: 'text', text: '<system-reminder>\nagent list\n</system-reminder>' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }, { type: 'text', text: '<system-reminder>\nreminder\n</system-reminder>' }] },
    ]);
    expect(body.messages).toHaveLength(5);
  });

  it('a Claude Code capture: the system messages are folded in, the rest is the client\'s, context management gets its beta', () => {
    for (const call of claudeCodeMessageCalls()) {
      const upstream = buildAnthropicPassthroughRequest(call.body!, target, true);
      const sent = JSON.parse(upstream.body);
      expect(sent.messages.some((m: { role: string }) => m.role === 'system')).toBe(false);
      const roles = sent.messages.map((m: { role: string }) => m.role);
      expect(roles.every((role: string, i: number) => i === 0 || role !== roles[i - 1])).toBe(true);
      expect(sent.system).toEqual(call.body!.system);
      expect(sent.tools).toEqual(call.body!.tools);
      expect(sent.context_management).toEqual(call.body!.context_management);
      expect(upstream.headers['anthropic-beta']).toBe('context-management-2025-06-27');
    }
  });
});
