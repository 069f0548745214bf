import { describe, expect, it } from 'vitest';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import { encodeGenerateContentResponse } from '../../../../relay/protocols/gemini-generate-content/encode-response.js';
import { decodeThoughtSignature } from '../../../../relay/wire/gemini/thought-signature.js';

const result = (content: ChatResult['content'], finish: ChatResult['finish'] = { unified: 'stop' }): ChatResult => ({
  id: 'resp-1',
  model: 'upstream-model',
  created: 1700000000,
  content,
  finish,
  usage: { inputTokens: 10, outputTokens: 8, reasoningTokens: 3, cachedInputTokens: 4 },
});

describe('IR answer → GenerateContentResponse', () => {
  it('text, usage (thoughts apart from the answer), the asked model and the answer id', () => {
    expect(encodeGenerateContentResponse(result([{ type: 'text', text: 'Hello' }]), 'gemini-2.5-flash', false)).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, thoughtsTokenCount: 3, cachedContentTokenCount: 4, totalTokenCount: 18 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'resp-1',
    });
  });

  it('thought parts only when asked for; the signature rides on the next part', () => {
    const content: ChatResult['content'] = [
      { type: 'reasoning', text: '', signature: 'gemini-sig' },
      { type: 'text', text: 'Hi' },
    ];
    expect(encodeGenerateContentResponse(result(content), 'm', true).candidates[0]!.content.parts).toEqual([{ text: 'Hi', thoughtSignature: 'gemini-sig' }]);

    const withText: ChatResult['content'] = [
      { type: 'reasoning', text: 'Thinking.', signature: 'anthropic-sig' },
      { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ];
    const shown = encodeGenerateContentResponse(result(withText, { unified: 'tool-calls' }), 'm', true).candidates[0]!;
    expect(shown.finishReason).toBe('STOP');
    expect(shown.content.parts[0]).toEqual({ text: 'Thinking.', thought: true });
    const call = shown.content.parts[1] as { functionCall: unknown; thoughtSignature: string };
    expect(call.functionCall).toEqual({ name: 'get_weather', args: { city: 'Paris' }, id: 'toolu_1' });
    expect(decodeThoughtSignature(call.thoughtSignature)).toEqual([{ text: 'Thinking.', signature: 'anthropic-sig' }]);

    const hidden = encodeGenerateContentResponse(result(withText), 'm', false).candidates[0]!.content.parts;
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toHaveProperty('functionCall');
  });

  it('reasoning at the very end goes on an empty text part; unsigned reasoning carries no signature', () => {
    const parts = encodeGenerateContentResponse(
      result([
        { type: 'reasoning', text: 'plain' },
        { type: 'text', text: 'A' },
        { type: 'reasoning', text: '', redacted: 'opaque' },
      ]),
      'm',
      false,
    ).candidates[0]!.content.parts;
    expect(parts[0]).toEqual({ text: 'A' });
    expect(parts[1]!.text).toBe('');
    expect(decodeThoughtSignature(parts[1]!.thoughtSignature as string)).toEqual([{ text: '', redacted: 'opaque' }]);
  });

  it('a tool call with its own (Gemini) signature keeps it', () => {
    const parts = encodeGenerateContentResponse(result([{ type: 'tool-call', id: 'c1', name: 'f', arguments: '', signature: 'own' }]), 'm', false).candidates[0]!.content.parts;
    expect(parts).toEqual([{ functionCall: { name: 'f', args: {}, id: 'c1' }, thoughtSignature: 'own' }]);
  });

  it.each([
    [{ unified: 'stop' }, 'STOP'],
    [{ unified: 'tool-calls' }, 'STOP'],
    [{ unified: 'length' }, 'MAX_TOKENS'],
    [{ unified: 'content-filter' }, 'SAFETY'],
    [{ unified: 'content-filter', raw: 'RECITATION' }, 'RECITATION'],
    [{ unified: 'content-filter', raw: 'refusal' }, 'SAFETY'],
    [{ unified: 'other' }, 'OTHER'],
    [{ unified: 'other', raw: 'MALFORMED_FUNCTION_CALL' }, 'MALFORMED_FUNCTION_CALL'],
    [{ unified: 'error' }, 'OTHER'],
  ] as const)('finish %j → %s', (finish, word) => {
    expect(encodeGenerateContentResponse(result([{ type: 'text', text: 'x' }], finish), 'm', false).candidates[0]!.finishReason).toBe(word);
  });

  it('an empty answer still has a content part', () => {
    expect(encodeGenerateContentResponse(result([], { unified: 'length' }), 'm', false).candidates[0]!.content.parts).toEqual([{ text: '' }]);
  });

  it('the codec shows thoughts when the request asked includeThoughts', () => {
    const { request, context } = geminiCodec.decodeRequest(
      { contents: [{ parts: [{ text: 'hi' }] }], generationConfig: { thinkingConfig: { includeThoughts: true } } },
      { model: 'gemini-2.5-flash', stream: false },
      [],
    );
    const body = geminiCodec.encodeResponse(result([{ type: 'reasoning', text: 'Hmm.' }, { type: 'text', text: 'Hi' }]), request, context) as any;
    expect(body.candidates[0].content.parts).toEqual([{ text: 'Hmm.', thought: true }, { text: 'Hi' }]);
    expect(geminiCodec.encodeTokenCount!(42)).toEqual({ totalTokens: 42 });
  });
});
