import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';

const request: ChatRequest = { model: 'relay-model', messages: [], stream: false };

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../fixtures/openai-responses/${name}`, import.meta.url), 'utf8'));
}

describe('openai-responses parseChatResponse', () => {
  it('reads a text answer: id, model, created_at, joined output_text, usage with cached tokens', () => {
    const result = openaiResponsesAdapter.parseChatResponse(fixture('text.json'), request);
    expect(result).toEqual({
      id: 'resp_67ccd3a9da748190baa7f1570fe91ac604becb25c45c1d41',
      model: 'gpt-4o-2024-08-06',
      created: 1767225600,
      content: [{ type: 'text', text: 'The image shows a wooden boardwalk through green grass.' }],
      finish: { unified: 'stop', raw: 'completed' },
      usage: {
        inputTokens: 328,
        outputTokens: 52,
        cachedInputTokens: 256,
        cacheWriteInputTokens: 0,
        reasoningTokens: 0,
        raw: {
          input_tokens: 328,
          input_tokens_details: { cached_tokens: 256, cache_write_tokens: 0 },
          output_tokens: 52,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 380,
        },
      },
    });
  });

  it('reads reasoning (summary text, encrypted content) and a function call, finishing as tool-calls', () => {
    const result = openaiResponsesAdapter.parseChatResponse(fixture('reasoning-function-call.json'), request);
    expect(result.content).toEqual([
      {
        type: 'reasoning',
        text: '**Planning**\n\nI need the weather tool.\n\n**Calling**\n\nAsk for Paris.',
        redacted: 'gAAAAABosr4Ukq9Xz7Wd1fN3bV5cT8rE2yH6jM0pL4sA9oG==',
      },
      { type: 'tool-call', id: 'call_Qm3b0e7sH1vXy9LkT4pN2aWc', name: 'get_weather', arguments: '{"location":"Paris"}' },
    ]);
    expect(result.finish).toEqual({ unified: 'tool-calls', raw: 'completed' });
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 210, cachedInputTokens: 96, reasoningTokens: 192 });
  });

  it('maps incomplete answers: max_output_tokens → length, content_filter → content-filter', () => {
    const length = openaiResponsesAdapter.parseChatResponse(fixture('incomplete-max-output-tokens.json'), request);
    expect(length.finish).toEqual({ unified: 'length', raw: 'max_output_tokens' });
    // An empty reasoning item (no summary, no encrypted content) carries nothing.
    expect(length.content).toEqual([{ type: 'text', text: 'Once upon a time' }]);

    const filtered = openaiResponsesAdapter.parseChatResponse(fixture('incomplete-content-filter.json'), request);
    expect(filtered.finish).toEqual({ unified: 'content-filter', raw: 'content_filter' });
    expect(filtered.content).toEqual([{ type: 'text', text: "I'm sorry, but I can't help with that." }]);
  });

  it('is loose: missing fields are defaulted, unknown items skipped', () => {
    const result = openaiResponsesAdapter.parseChatResponse(
      {
        output: [
          { type: 'web_search_call', id: 'ws_1', status: 'completed' },
          { type: 'reasoning', id: 'rs_1', summary: [], content: [{ type: 'reasoning_text', text: 'raw thoughts' }] },
          { type: 'message', content: [{ type: 'output_text', text: 'Hi' }] },
        ],
        usage: null,
      },
      request,
    );
    expect(result).toMatchObject({
      id: '',
      model: 'relay-model',
      content: [
        { type: 'reasoning', text: 'raw thoughts' },
        { type: 'text', text: 'Hi' },
      ],
      finish: { unified: 'stop', raw: 'completed' },
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(typeof result.created).toBe('number');
    expect(openaiResponsesAdapter.parseChatResponse({ status: 'failed', output: [] }, request).finish).toEqual({ unified: 'error', raw: 'failed' });
  });
});
