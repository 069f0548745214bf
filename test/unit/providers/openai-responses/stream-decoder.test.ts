import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';
import type { SseEvent } from '../../../../relay/wire/sse-event.js';

const request: ChatRequest = { model: 'relay-model', messages: [], stream: true };

function events(name: string): SseEvent[] {
  return decodeSseText(readFileSync(new URL(`../../../fixtures/openai-responses/${name}`, import.meta.url), 'utf8'));
}

/** Pushes every event, then `end()`, as the pipeline does. */
function decode(input: SseEvent[]): { parts: StreamPart[]; fromEnd: StreamPart[] } {
  const decoder = openaiResponsesAdapter.createStreamDecoder(request);
  const parts = input.flatMap((event) => decoder.push(event));
  const fromEnd = decoder.end();
  return { parts, fromEnd };
}

function event(data: Record<string, unknown>): SseEvent {
  return { event: String(data.type), data: JSON.stringify(data) };
}

describe('openai-responses stream decoder', () => {
  it('decodes a text answer', () => {
    const { parts, fromEnd } = decode(events('text.chunks.txt'));
    expect(parts).toEqual([
      { type: 'start', id: 'resp_0a1b2c3d4e5f60718293a4b5c6d7e8f90011223344556677', model: 'gpt-4.1-mini-2025-04-14', created: 1767225600 },
      { type: 'text-start' },
      ...['Hello', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'].map((text) => ({ type: 'text-delta', text })),
      { type: 'text-end' },
      {
        type: 'finish',
        reason: { unified: 'stop', raw: 'completed' },
        usage: {
          inputTokens: 19,
          outputTokens: 10,
          cachedInputTokens: 0,
          reasoningTokens: 0,
          raw: { input_tokens: 19, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 29 },
        },
      },
    ]);
    expect(fromEnd).toEqual([]);
  });

  it('decodes reasoning summaries (parts joined by a blank line) with encrypted content before the end', () => {
    const { parts } = decode(events('reasoning.chunks.txt'));
    const reasoning = parts.filter((p) => p.type.startsWith('reasoning'));
    expect(reasoning[0]).toEqual({ type: 'reasoning-start' });
    expect(reasoning.at(-2)).toEqual({
      type: 'reasoning-redacted',
      data: 'gAAAAABosr3TXl2Q0c8pY3dJm9wG1fQe0xk3u6mVt2o4E0Y0dG8sT3p5vLw7n2B9cQ1r==',
    });
    expect(reasoning.at(-1)).toEqual({ type: 'reasoning-end' });
    const thought = reasoning.map((p) => (p.type === 'reasoning-delta' ? p.text : '')).join('');
    expect(thought).toBe('**Counting letters**\n\nThe word "strawberry" has three r\'s.\n\n**Answering**\n\nGive the number.');
    // Reasoning first, then the text block, then the finish with reasoning tokens.
    expect(parts.map((p) => p.type).filter((t) => !t.endsWith('-delta'))).toEqual([
      'start',
      'reasoning-start',
      'reasoning-redacted',
      'reasoning-end',
      'text-start',
      'text-end',
      'finish',
    ]);
    expect(parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join('')).toBe('There are 3 r\'s in "strawberry".');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { reasoningTokens: 128, outputTokens: 150 } });
  });

  it('decodes parallel function calls with 0-based indexes and call ids', () => {
    const { parts } = decode(events('function-call.chunks.txt'));
    expect(parts.filter((p) => p.type !== 'tool-call-delta')).toEqual([
      { type: 'start', id: 'resp_07c3e9a1b2d4f6081a2b3c4d5e6f708192a3b4c5d6e7f809', model: 'gpt-4.1-2025-04-14', created: 1767225600 },
      { type: 'tool-call-start', index: 0, id: 'call_Qm3b0e7sH1vXy9LkT4pN2aWc', name: 'get_weather' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'call_R8d1f2GhJ5kLm7Np9Qr0StUv', name: 'get_weather' },
      { type: 'tool-call-end', index: 1 },
      expect.objectContaining({ type: 'finish', reason: { unified: 'tool-calls', raw: 'completed' } }),
    ]);
    const args = (index: number) => parts.map((p) => (p.type === 'tool-call-delta' && p.index === index ? p.argumentsDelta : '')).join('');
    expect(args(0)).toBe('{"location":"Paris"}');
    expect(args(1)).toBe('{"location":"Tokyo"}');
    expect(parts.filter((p) => p.type === 'tool-call-delta' && p.index === 0)).toHaveLength(5);
    expect(parts.at(-1)).toMatchObject({ usage: { inputTokens: 81, cachedInputTokens: 64 } });
  });

  it('finishes an incomplete answer as length', () => {
    const { parts } = decode(events('incomplete.chunks.txt'));
    // The empty reasoning item still opens and closes its block.
    expect(parts.map((p) => p.type).filter((t) => !t.endsWith('-delta'))).toEqual([
      'start',
      'reasoning-start',
      'reasoning-end',
      'text-start',
      'text-end',
      'finish',
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'length', raw: 'max_output_tokens' }, usage: { outputTokens: 64 } });
  });

  it('turns response.failed into an error part, and end() adds nothing after it', () => {
    const { parts, fromEnd } = decode(events('failed.chunks.txt'));
    expect(parts).toEqual([
      expect.objectContaining({ type: 'start' }),
      {
        type: 'error',
        error: { status: 502, kind: 'upstream', message: 'The server had an error processing your request. Sorry about that!', code: 'server_error' },
      },
    ]);
    expect(fromEnd).toEqual([]);
  });

  it('turns an error event into an error part', () => {
    const { parts, fromEnd } = decode(events('error-event.chunks.txt'));
    expect(parts.at(-1)).toEqual({
      type: 'error',
      error: {
        status: 429,
        kind: 'rate_limit',
        message: 'Rate limit reached for gpt-4.1-mini on tokens per min (TPM): Limit 200000, Used 199800, Requested 600.',
        code: 'rate_limit_exceeded',
      },
    });
    expect(fromEnd).toEqual([]);
    // The form with the fields nested under `error`.
    const decoder = openaiResponsesAdapter.createStreamDecoder(request);
    const nested = decoder.push(
      event({
        type: 'error',
        sequence_number: 3,
        error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'Your input exceeds the context window of this model.', param: 'input' },
      }),
    );
    expect(nested).toEqual([
      {
        type: 'error',
        error: { status: 400, kind: 'invalid_request', message: 'Your input exceeds the context window of this model.', code: 'context_length_exceeded', param: 'input' },
      },
    ]);
    expect(decoder.push(event({ type: 'response.output_text.delta', delta: 'late' }))).toEqual([]);
  });

  it('closes open blocks and finishes when the stream stops short', () => {
    const { parts, fromEnd } = decode(events('cut-short.chunks.txt'));
    expect(parts.map((p) => p.type)).toEqual(['start', 'text-start', 'text-delta', 'text-delta', 'text-delta']);
    expect(fromEnd).toEqual([{ type: 'text-end' }, { type: 'finish', reason: { unified: 'other', raw: 'stream_ended' } }]);

    // Cut inside a function call and a reasoning block: every open block is closed.
    const all = events('function-call.chunks.txt');
    const cut = all.slice(0, all.findIndex((e) => e.data.includes('"response.function_call_arguments.done"')));
    const tool = decode(cut);
    expect(tool.fromEnd).toEqual([{ type: 'tool-call-end', index: 0 }, { type: 'finish', reason: { unified: 'other', raw: 'stream_ended' } }]);

    const reasoningEvents = events('reasoning.chunks.txt');
    const reasoning = decode(reasoningEvents.slice(0, 6));
    expect(reasoning.fromEnd).toEqual([{ type: 'reasoning-end' }, { type: 'finish', reason: { unified: 'other', raw: 'stream_ended' } }]);
  });

  it('still gives a complete sequence for an empty stream', () => {
    expect(decode([]).fromEnd).toEqual([
      { type: 'start', id: '', model: 'relay-model', created: expect.any(Number) },
      { type: 'finish', reason: { unified: 'other', raw: 'stream_ended' } },
    ]);
  });

  it('is robust: deltas without added events, final values without deltas, [DONE] and garbage', () => {
    const decoder = openaiResponsesAdapter.createStreamDecoder(request);
    const parts = [
      { data: '[DONE]' },
      { data: 'not json' },
      event({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi' }),
      event({ type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'msg_1', content: [{ type: 'output_text', text: 'Hi there' }] } }),
      event({ type: 'response.output_item.added', output_index: 1, item: { type: 'function_call', id: 'fc_1', call_id: 'call_9', name: 'f', arguments: '' } }),
      event({ type: 'response.function_call_arguments.done', item_id: 'fc_1', name: 'f', arguments: '{"a":1}' }),
      event({ type: 'response.output_item.done', output_index: 1, item: { type: 'function_call', id: 'fc_1', call_id: 'call_9', name: 'f', arguments: '{"a":1}' } }),
      event({ type: 'response.completed', response: { status: 'completed', usage: null } }),
    ].flatMap((e) => decoder.push(e));
    expect(parts).toEqual([
      { type: 'start', id: '', model: 'relay-model', created: expect.any(Number) },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Hi' },
      { type: 'text-delta', text: ' there' },
      { type: 'text-end' },
      { type: 'tool-call-start', index: 0, id: 'call_9', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: { unified: 'tool-calls', raw: 'completed' } },
    ]);
    expect(decoder.end()).toEqual([]);
  });

  it('replays the output of a stream that only sent the final response', () => {
    const decoder = openaiResponsesAdapter.createStreamDecoder(request);
    const parts = decoder.push(
      event({
        type: 'response.completed',
        response: {
          id: 'resp_1',
          model: 'm',
          created_at: 5,
          status: 'completed',
          output: [
            { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'hm' }], encrypted_content: 'enc' },
            { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
          ],
          usage: { input_tokens: 1, output_tokens: 2 },
        },
      }),
    );
    expect(parts).toEqual([
      { type: 'start', id: 'resp_1', model: 'm', created: 5 },
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: 'hm' },
      { type: 'reasoning-redacted', data: 'enc' },
      { type: 'reasoning-end' },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Done.' },
      { type: 'text-end' },
      { type: 'finish', reason: { unified: 'stop', raw: 'completed' }, usage: { inputTokens: 1, outputTokens: 2, raw: { input_tokens: 1, output_tokens: 2 } } },
    ]);
  });
});
