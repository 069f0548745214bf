import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { openaiChatAdapter } from '../../../../relay/providers/openai-chat/adapter.js';
import { plainContentDelta } from '../../../../relay/providers/openai-chat/stream-decoder.js';

const request: ChatRequest = { model: 'client-model', messages: [], stream: true };

function decode(chunks: unknown[]): StreamPart[] {
  const decoder = openaiChatAdapter.createStreamDecoder(request);
  const text = chunks.map((chunk) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`).join('');
  return [...decodeSseText(text).flatMap((event) => decoder.push(event)), ...decoder.end()];
}

const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-4o', system_fingerprint: 'fp_1' };
const chunk = (delta: object, extra: object = {}, choice: object = {}) => ({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: null, ...choice }], ...extra });

describe('openai-chat stream decoding', () => {
  it('reads text, reasoning, tool calls, usage and the finish whatever shape the chunks take', () => {
    const parts = decode([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hi "there"\n' }, { obfuscation: 'x1' }),
      chunk({ role: 'assistant', content: 'é \u2028 😀 \\ end' }, {}, { stop_reason: null }),
      chunk({ content: null, reasoning_content: 'thinking' }),
      chunk({ content: 'after', reasoning_content: null }),
      chunk({ content: ' counted' }, { usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }),
      { ...head, choices: [{ index: 0, delta: { content: ' two' } }, { index: 1, delta: { content: 'other' } }] },
      chunk({ content: ' last' }, {}, { finish_reason: 'stop' }),
      '{"id":"chatcmpl-1", "choices":[{"index":0,"delta":{"content":" spaced"},"finish_reason":null}]}',
      'data that is not JSON',
      '[DONE]',
    ]);
    expect(parts).toEqual([
      { type: 'start', id: 'chatcmpl-1', model: 'gpt-4o', created: 1_700_000_000 },
      { type: 'text-start' },
      { type: 'text-delta', text: 'Hi "there"\n' },
      { type: 'text-delta', text: 'é \u2028 😀 \\ end' },
      { type: 'text-end' },
      { type: 'reasoning-start' },
      { type: 'reasoning-delta', text: 'thinking' },
      { type: 'reasoning-end' },
      { type: 'text-start' },
      { type: 'text-delta', text: 'after' },
      { type: 'text-delta', text: ' counted' },
      { type: 'text-delta', text: ' two' },
      { type: 'text-delta', text: ' last' },
      { type: 'text-delta', text: ' spaced' },
      { type: 'text-end' },
      { type: 'finish', reason: expect.objectContaining({ unified: 'stop' }), usage: expect.objectContaining({ inputTokens: 3, outputTokens: 2 }) },
    ]);
  });

  it('ends on an error chunk even when it looks like text', () => {
    expect(decode([chunk({ content: 'a' }), { ...chunk({ content: 'b' }), error: { message: 'overloaded' } }])).toEqual([
      expect.objectContaining({ type: 'start' }),
      { type: 'text-start' },
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: expect.objectContaining({ message: 'overloaded' }) },
    ]);
  });
});

describe('plainContentDelta (the chunks read without JSON.parse)', () => {
  /** What the whole parse makes of a chunk: its text if the chunk carries nothing but text. */
  function plainText(data: string): string | undefined {
    const chunk = JSON.parse(data);
    const objects = Object.entries(chunk).filter(([key, value]) => key !== 'choices' && value !== null && typeof value === 'object');
    if (objects.length > 0 || !Array.isArray(chunk.choices) || chunk.choices.length !== 1) return undefined;
    const { index, delta, ...choiceRest } = chunk.choices[0];
    if (index !== 0 || Object.values(choiceRest).some((v) => v !== null)) return undefined;
    const { content, role, ...deltaRest } = delta;
    if (typeof content !== 'string' || (role !== undefined && role !== 'assistant') || Object.values(deltaRest).some((v) => v !== null)) return undefined;
    return content;
  }

  it('agrees with the whole parse on every chunk it reads, and reads the plain compact ones', () => {
    let seed = 7;
    const random = (n: number) => {
      // xorshift32: the same chunks on every run
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const pick = <T>(values: T[]): T => values[random(values.length)]!;
    const texts = ['', 'word ', 'quote " and \\ backslash', 'line\nbreak\ttab', 'é😀\u2028', '</script>', '{"content":"x"}', '\u0001'];
    let read = 0;
    for (let i = 0; i < 3000; i++) {
      const delta: Record<string, unknown> = {};
      if (random(4) === 0) delta.role = pick(['assistant', 'user']);
      delta.content = pick([...texts, null]);
      if (random(4) === 0) delta[pick(['reasoning_content', 'tool_calls', 'refusal'])] = pick([null, 'r', [{ index: 0 }]]);
      const choice: Record<string, unknown> = { index: pick([0, 0, 0, 1]), delta };
      if (random(2) === 0) choice.logprobs = pick([null, null, { content: [] }]);
      if (random(2) === 0) choice.finish_reason = pick([null, null, 'stop', 'length']);
      const before: Record<string, unknown> = random(5) === 0 ? {} : { ...head };
      if (random(6) === 0) before.usage = pick([null, { prompt_tokens: 1 }]);
      if (random(8) === 0) before.error = pick([null, 'text', { message: 'x' }]);
      const choices = random(10) === 0 ? [choice, { ...choice, index: 1 }] : random(20) === 0 ? [] : [choice];
      const after = random(3) === 0 ? { obfuscation: pick(['ab', 'a"b']), usage: pick([null, { total_tokens: 3 }]) } : {};
      const data = JSON.stringify({ ...before, choices, ...after });
      const fast = plainContentDelta(data);
      const expected = plainText(data);
      if (fast !== undefined) read++;
      // Read only what the whole parse reads as plain text, and exactly that text.
      if (fast !== undefined) expect({ data, text: fast }).toEqual({ data, text: expected });
      // Everything plain without an escaped scalar is read (the path actually taken).
      if (expected !== undefined && !/\\/.test(data.replace(/"content":"(?:[^"\\]|\\.)*"/, ''))) expect({ data, text: fast }).toEqual({ data, text: expected });
    }
    expect(read).toBeGreaterThan(100);
  });
});
