import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';

const request: ChatRequest = { model: 'client-model', messages: [], stream: false };
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../../fixtures/gemini', name), 'utf8'));
const parse = (body: unknown) => geminiAdapter.parseChatResponse(body, request);

describe('gemini response parsing', () => {
  it('reads a text answer with its id, model and usage', () => {
    const result = parse(fixture('text.json'));
    expect(result).toMatchObject({
      id: 'zR3MaLiKKPqvnvgP0cWJsAc',
      model: 'gemini-2.5-flash',
      content: [{ type: 'text', text: 'Hello! How can I help you today?' }],
      finish: { unified: 'stop', raw: 'STOP' },
      usage: { inputTokens: 5, outputTokens: 9, inputTextTokens: 5 },
    });
    expect(result.usage.reasoningTokens).toBeUndefined();
    expect(result.created).toBeGreaterThan(0);
  });

  it('reads thoughts as reasoning, keeps the signature of the text part on it, and counts thoughts as output', () => {
    const result = parse(fixture('thoughts.json'));
    expect(result.content).toEqual([
      { type: 'reasoning', text: '**Adding the numbers**\n\nTwo plus two is four.', signature: 'CiQB0e2Kb7a9xLr0Q0k3YxW8sV2dPv1H5m6Jp2ZfQ9nTq3vYw==' },
      { type: 'text', text: '2 + 2 = 4.' },
    ]);
    expect(result.usage).toEqual({
      inputTokens: 120,
      cachedInputTokens: 96,
      outputTokens: 78,
      reasoningTokens: 71,
      inputTextTokens: 120,
      raw: (fixture('thoughts.json') as { usageMetadata: unknown }).usageMetadata,
    });
  });

  it('reads function calls as tool calls in order, with signatures and generated ids, and finishes with tool-calls', () => {
    const result = parse(fixture('function-call.json'));
    expect(result.content).toEqual([
      { type: 'text', text: 'Let me check both cities.' },
      { type: 'tool-call', id: 'get_weather_1', name: 'get_weather', arguments: '{"location":"Paris"}', signature: 'EpYDCpMDAdHtim+sig1' },
      { type: 'tool-call', id: expect.stringMatching(/^call_[0-9a-f]{24}$/), name: 'get_weather', arguments: '{"location":"Tokyo","unit":"celsius"}' },
    ]);
    expect(result.finish).toEqual({ unified: 'tool-calls', raw: 'STOP' });
  });

  it('answers a blocked prompt (no candidates) as content-filter with an empty answer', () => {
    const result = parse(fixture('safety-block.json'));
    expect(result.content).toEqual([]);
    expect(result.finish).toEqual({ unified: 'content-filter', raw: 'PROHIBITED_CONTENT' });
    expect(result.usage).toMatchObject({ inputTokens: 12, outputTokens: 0 });
  });

  it('maps MAX_TOKENS to length', () => {
    expect(parse(fixture('max-tokens.json')).finish).toEqual({ unified: 'length', raw: 'MAX_TOKENS' });
  });

  it.each([
    ['SAFETY', 'content-filter'],
    ['RECITATION', 'content-filter'],
    ['BLOCKLIST', 'content-filter'],
    ['SPII', 'content-filter'],
    ['MALFORMED_FUNCTION_CALL', 'other'],
    ['LANGUAGE', 'other'],
    ['OTHER', 'other'],
  ])('maps finishReason %s to %s, keeping the raw word', (raw, unified) => {
    const result = parse({ candidates: [{ content: { parts: [{ text: 'x' }], role: 'model' }, finishReason: raw }] });
    expect(result.finish).toEqual({ unified, raw });
  });

  it('is loose: a missing answer defaults instead of throwing', () => {
    const result = parse({});
    expect(result).toMatchObject({ model: 'client-model', content: [], finish: { unified: 'other' }, usage: { inputTokens: 0, outputTokens: 0 } });
    expect(result.id).toMatch(/^gemini-/);
    expect(parse({ candidates: [{ content: { parts: [{ text: 'no reason' }] } }] }).finish).toEqual({ unified: 'stop' });
  });

  it('keeps a signature that came on a part of its own as an empty reasoning part', () => {
    const result = parse({ candidates: [{ content: { parts: [{ text: 'Hi.' }, { text: '', thoughtSignature: 'sig-end' }] }, finishReason: 'STOP' }] });
    expect(result.content).toEqual([
      { type: 'text', text: 'Hi.' },
      { type: 'reasoning', text: '', signature: 'sig-end' },
    ]);
  });
});
