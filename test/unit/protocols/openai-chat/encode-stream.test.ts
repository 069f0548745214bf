import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { ChatStreamEncoder } from '../../../../relay/protocols/openai-chat/encode-stream.js';

const parts: StreamPart[] = [
  { type: 'start', id: 'abc', model: 'upstream-model', created: 1700000000 },
  { type: 'reasoning-start' },
  { type: 'reasoning-delta', text: 'hmm' },
  { type: 'reasoning-end' },
  { type: 'text-start' },
  { type: 'text-delta', text: 'Hel' },
  { type: 'text-delta', text: 'lo' },
  { type: 'text-end' },
  { type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'finish', reason: { unified: 'tool-calls' }, usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 2 } },
];

function encode(includeUsage: boolean) {
  const encoder = new ChatStreamEncoder('client-model', includeUsage);
  return decodeSseText(parts.map((p) => encoder.encode(p)).join(''));
}

describe('IR stream → chat.completion.chunk', () => {
  it('puts the role in the first delta and the finish reason in the last choice chunk, then [DONE]', () => {
    const events = encode(false);
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === 'chatcmpl-abc' && c.model === 'client-model')).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Hello');
    expect(chunks.map((c) => c.choices[0].delta.reasoning_content ?? '').join('')).toBe('hmm');
    expect(chunks.find((c) => c.choices[0].delta.tool_calls)?.choices[0].delta.tool_calls[0]).toEqual({ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } });
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null)).toBe(true);
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('adds the usage chunk (empty choices) only when the client asked', () => {
    const chunks = encode(true).slice(0, -1).map((e) => JSON.parse(e.data));
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, completion_tokens_details: { reasoning_tokens: 2 } });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });
});

describe('chat chunk fast path', () => {
  it('writes text chunks byte for byte as the general encoder would', () => {
    const texts = ['plain', 'say "hi"\n', 'é 漢字 🙂', '\ud800 alone'];
    for (const includeUsage of [false, true]) {
      const encoder = new ChatStreamEncoder('client "model"', includeUsage);
      let out = encoder.encode({ type: 'start', id: 'abc', model: 'up', created: 1700000000 });
      for (const text of texts) out += encoder.encode({ type: 'text-delta', text });
      const chunks = decodeSseText(out).map((e) => e.data);
      const expected = texts.map((text) =>
        JSON.stringify({
          id: 'chatcmpl-abc',
          object: 'chat.completion.chunk',
          created: 1700000000,
          model: 'client "model"',
          choices: [{ index: 0, delta: { content: text }, logprobs: null, finish_reason: null }],
          ...(includeUsage ? { usage: null } : {}),
        }),
      );
      expect(chunks.slice(1)).toEqual(expected);
    }
  });
});
