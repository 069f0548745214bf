import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { MessagesStreamEncoder } from '../../../../relay/protocols/anthropic-messages/encode-stream.js';

const request: ChatRequest = { model: 'client-model', messages: [{ role: 'user', content: [{ type: 'text', text: 'hello there' }] }], stream: true };

function encode(parts: StreamPart[], req: ChatRequest = request) {
  const encoder = new MessagesStreamEncoder(req);
  const text = parts.map((p) => encoder.encode(p)).join('');
  const events = decodeSseText(text);
  for (const event of events) expect(JSON.parse(event.data).type).toBe(event.event);
  return { text, events: events.map((e) => ({ event: e.event!, data: JSON.parse(e.data) })), encoder };
}

const full: StreamPart[] = [
  { type: 'start', id: 'abc', model: 'upstream-model', created: 1700000000 },
  { type: 'reasoning-start' },
  { type: 'reasoning-delta', text: 'hm' },
  { type: 'reasoning-delta', text: 'm' },
  { type: 'reasoning-signature', signature: 'sig' },
  { type: 'reasoning-end' },
  { type: 'reasoning-start' },
  { type: 'reasoning-redacted', data: 'enc' },
  { type: 'reasoning-end' },
  { type: 'text-start' },
  { type: 'text-delta', text: 'Hel' },
  { type: 'text-delta', text: 'lo' },
  { type: 'text-end' },
  { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'f' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '1}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-start', index: 1, id: 'toolu_2', name: 'g' },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: { unified: 'tool-calls' }, usage: { inputTokens: 100, outputTokens: 20, cachedInputTokens: 60 } },
];

describe('IR stream → messages SSE', () => {
  it('writes the full event order, every event with its event: line, block indexes counting up', () => {
    const { events } = encode(full);
    expect(events.map((e) => (e.event === 'content_block_delta' ? `${e.event}:${e.data.delta.type}` : e.event))).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta:thinking_delta',
      'content_block_delta:thinking_delta',
      'content_block_delta:signature_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:text_delta',
      'content_block_delta:text_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:input_json_delta',
      'content_block_delta:input_json_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const blockEvents = events.filter((e) => e.event.startsWith('content_block'));
    expect(blockEvents.map((e) => e.data.index)).toEqual([0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4]);

    const start = events[0]!.data.message;
    expect(start).toMatchObject({ id: 'msg_abc', type: 'message', role: 'assistant', model: 'client-model', content: [], stop_reason: null, stop_sequence: null });
    expect(start.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 0 });
    const starts = events.filter((e) => e.event === 'content_block_start').map((e) => e.data.content_block);
    expect(starts).toEqual([
      { type: 'thinking', thinking: '', signature: '' },
      { type: 'redacted_thinking', data: 'enc' },
      { type: 'text', text: '' },
      { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
      { type: 'tool_use', id: 'toolu_2', name: 'g', input: {} },
    ]);
    // A tool called without arguments still gets an object.
    expect(events[18]!.data.delta).toEqual({ type: 'input_json_delta', partial_json: '{}' });
    expect(events.at(-2)!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 40, cache_creation_input_tokens: 0, cache_read_input_tokens: 60, output_tokens: 20 },
    });
    expect(events.at(-1)!.data).toEqual({ type: 'message_stop' });
  });

  it('opens blocks without explicit starts, closes them on a switch, and never sends an empty block', () => {
    const { events } = encode([
      { type: 'start', id: 'x', model: 'm', created: 0 },
      { type: 'text-start' },
      { type: 'text-end' },
      { type: 'reasoning-delta', text: 'think' },
      { type: 'text-delta', text: 'answer' },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 2 } },
      { type: 'finish', reason: { unified: 'stop' } },
    ]);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.at(-2)!.data.usage).toEqual({ input_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 2 });
    expect(events.at(-2)!.data.delta.stop_reason).toBe('end_turn');
  });

  it('without upstream usage still sends message_delta usage (estimated output)', () => {
    const { events } = encode([
      { type: 'start', id: 'x', model: 'm', created: 0 },
      { type: 'text-delta', text: 'abcdefgh' },
      { type: 'finish', reason: { unified: 'length' } },
    ]);
    expect(events.at(-2)!.data).toEqual({ type: 'message_delta', delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { output_tokens: 2 } });
  });

  it('an error ends the stream with an error event, written once', () => {
    const { events, encoder } = encode([
      { type: 'start', id: 'x', model: 'm', created: 0 },
      { type: 'text-delta', text: 'part' },
      { type: 'error', error: { status: 429, kind: 'rate_limit', message: 'slow down' } },
    ]);
    expect(events.at(-1)).toEqual({ event: 'error', data: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } } });
    expect(encoder.error({ status: 500, kind: 'upstream', message: 'again' })).toBe('');
    expect(encoder.encode({ type: 'finish', reason: { unified: 'stop' } })).toBe('');
  });

  it('error() after the finish writes nothing', () => {
    const encoder = new MessagesStreamEncoder(request);
    encoder.encode({ type: 'start', id: 'x', model: 'm', created: 0 });
    encoder.encode({ type: 'finish', reason: { unified: 'stop' } });
    expect(encoder.error({ status: 502, kind: 'upstream', message: 'x' })).toBe('');
  });

  it('names the stop sequence when the request gave exactly one', () => {
    const { events } = encode(
      [
        { type: 'start', id: 'x', model: 'm', created: 0 },
        { type: 'text-delta', text: 'a' },
        { type: 'finish', reason: { unified: 'stop', raw: 'stop_sequence' } },
      ],
      { ...request, stop: ['END'] },
    );
    expect(events.at(-2)!.data.delta).toEqual({ stop_reason: 'stop_sequence', stop_sequence: 'END' });
  });

  it('message_start guesses the input (~4 characters a token, media at 1 000) until message_delta carries the count', () => {
    const prompt = 'x'.repeat(400);
    const withImage: ChatRequest = {
      ...request,
      messages: [{ role: 'user', content: [{ type: 'text', text: prompt }, { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } }] }],
    };
    const { events } = encode([{ type: 'start', id: 'x', model: 'm', created: 0 }, { type: 'text-delta', text: 'abcdefgh' }, { type: 'finish', reason: { unified: 'stop' } }], withImage);
    // 400 characters and 16 for the turn: 104 tokens, and the image.
    expect(events[0]!.data.message.usage.input_tokens).toBe(104 + 1_000);
    // No upstream usage: the output is guessed from its 8 characters.
    expect(events.at(-2)!.data.usage).toEqual({ output_tokens: 2 });
  });
});
