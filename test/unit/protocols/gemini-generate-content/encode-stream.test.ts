import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import { GenerateContentStreamEncoder } from '../../../../relay/protocols/gemini-generate-content/encode-stream.js';
import { createGeminiStreamDecoder } from '../../../../relay/providers/gemini/stream-decoder.js';
import { decodeThoughtSignature } from '../../../../relay/wire/gemini/thought-signature.js';

const parts: StreamPart[] = [
  { type: 'start', id: 'abc', model: 'upstream-model', created: 1700000000 },
  { type: 'reasoning-start' },
  { type: 'reasoning-delta', text: 'Let me ' },
  { type: 'reasoning-delta', text: 'think.' },
  { type: 'reasoning-signature', signature: 'sig-1' },
  { type: 'reasoning-end' },
  { type: 'text-start' },
  { type: 'text-delta', text: 'Hel' },
  { type: 'text-delta', text: 'lo' },
  { type: 'text-end' },
  { type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '1}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'finish', reason: { unified: 'tool-calls' }, usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 2 } },
];

function encode(options: { sse: boolean; includeThoughts: boolean }, input = parts) {
  const encoder = new GenerateContentStreamEncoder({ model: 'gemini-2.5-flash', ...options });
  return { encoder, text: input.map((p) => encoder.encode(p)).join('') };
}

/** What the genai SDK reads out of an SSE body. */
function sseChunks(text: string): any[] {
  expect(text.split('\r\n\r\n').at(-1)).toBe('');
  for (const event of text.split('\r\n\r\n').slice(0, -1)) expect(event.startsWith('data: ')).toBe(true);
  return decodeSseText(text).map((e) => JSON.parse(e.data));
}

describe('IR stream → GenerateContentResponse chunks', () => {
  it('SSE: one chunk per delta, `data:` lines only, CRLF framed; the last has finishReason and usageMetadata', () => {
    const { encoder, text } = encode({ sse: true, includeThoughts: true });
    expect(encoder.contentType).toBeUndefined();
    expect(text).not.toContain('event:');
    const chunks = sseChunks(text);
    expect(chunks.every((c) => c.modelVersion === 'gemini-2.5-flash' && c.responseId === 'abc' && c.candidates[0].index === 0)).toBe(true);
    const allParts = chunks.flatMap((c) => c.candidates[0].content.parts);
    expect(allParts.filter((p) => p.thought).map((p) => p.text).join('')).toBe('Let me think.');
    expect(allParts.filter((p) => !p.thought && p.text).map((p) => p.text).join('')).toBe('Hello');
    // The signature of the reasoning rides on the first part after it.
    const firstText = allParts.find((p) => !p.thought && p.text);
    expect(decodeThoughtSignature(firstText.thoughtSignature)).toEqual([{ text: 'Let me think.', signature: 'sig-1' }]);
    // The call goes out whole.
    const calls = allParts.filter((p) => p.functionCall);
    expect(calls).toEqual([{ functionCall: { name: 'f', args: { a: 1 }, id: 'call_1' } }]);
    const last = chunks.at(-1);
    expect(last.candidates[0].finishReason).toBe('STOP');
    expect(last.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 3, thoughtsTokenCount: 2, totalTokenCount: 15 });
    expect(chunks.slice(0, -1).every((c) => c.candidates[0].finishReason === undefined && c.usageMetadata === undefined)).toBe(true);
  });

  it('without alt=sse: one JSON array, streamed element by element', () => {
    const { encoder, text } = encode({ sse: false, includeThoughts: false });
    expect(encoder.contentType).toBe('application/json');
    expect(text.startsWith('[')).toBe(true);
    expect(text.endsWith(']')).toBe(true);
    const chunks = JSON.parse(text) as any[];
    expect(chunks.flatMap((c) => c.candidates[0].content.parts).some((p) => p.thought)).toBe(false);
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP');
    expect(chunks.at(-1).usageMetadata.totalTokenCount).toBe(15);
  });

  it('usage from a usage part when the finish has none; zeros rather than no usageMetadata', () => {
    const finishOnly: StreamPart[] = [
      { type: 'start', id: 'x', model: 'm', created: 0 },
      { type: 'text-delta', text: 'a' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 1 } },
      { type: 'finish', reason: { unified: 'length' } },
    ];
    const chunks = sseChunks(encode({ sse: true, includeThoughts: false }, finishOnly).text);
    expect(chunks.at(-1).candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(chunks.at(-1).usageMetadata).toEqual({ promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 });
    const bare = sseChunks(encode({ sse: true, includeThoughts: false }, [{ type: 'finish', reason: { unified: 'stop' } }]).text);
    expect(bare).toHaveLength(1);
    expect(bare[0].usageMetadata).toEqual({ promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 });
  });

  it('an error after the start: the error object, then the end (SSE and array)', () => {
    const begun: StreamPart[] = [
      { type: 'start', id: 'x', model: 'm', created: 0 },
      { type: 'text-delta', text: 'a' },
    ];
    const error = { status: 502, kind: 'upstream' as const, message: 'cut', code: 'upstream_stream_incomplete' };
    const sse = encode({ sse: true, includeThoughts: false }, begun);
    const sseText = sse.text + sse.encoder.error(error);
    expect(sseChunks(sseText).at(-1).error).toMatchObject({ code: 502, status: 'INTERNAL', message: 'cut' });
    expect(sse.encoder.encode({ type: 'finish', reason: { unified: 'stop' } })).toBe('');

    const array = encode({ sse: false, includeThoughts: false }, begun);
    const arrayText = array.text + array.encoder.error(error);
    expect((JSON.parse(arrayText) as any[]).at(-1).error.status).toBe('INTERNAL');
    const empty = new GenerateContentStreamEncoder({ model: 'm', sse: false, includeThoughts: false });
    expect(JSON.parse(empty.error(error))).toHaveLength(1);
    // After the end nothing more is written.
    const done = encode({ sse: false, includeThoughts: false });
    expect(done.encoder.error(error)).toBe('');
  });

  it('a Gemini stream through the IR comes back as Gemini sent it (text, thoughts, usage; the signature wrapped with its thoughts)', () => {
    const fixture = readFileSync(fileURLToPath(new URL('../../../fixtures/gemini/thoughts.chunks.txt', import.meta.url)), 'utf8');
    const original = decodeSseText(fixture).map((e) => JSON.parse(e.data));
    const { request, context } = geminiCodec.decodeRequest(
      { contents: [{ parts: [{ text: 'a haiku' }] }], generationConfig: { thinkingConfig: { includeThoughts: true } } },
      { model: 'gemini-3.8-flash', stream: true, sse: true },
      [],
    );
    const decoder = createGeminiStreamDecoder(request);
    const encoder = geminiCodec.createStreamEncoder(request, context);
    let text = '';
    for (const event of decodeSseText(fixture)) for (const part of decoder.push(event)) text += encoder.encode(part);
    for (const part of decoder.end()) text += encoder.encode(part);
    const chunks = sseChunks(text);
    const flat = (list: any[]) => list.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []).filter((p: any) => p.text);
    const withoutSignature = (list: any[]) => flat(list).map(({ thoughtSignature: _, ...part }) => part);
    expect(withoutSignature(chunks)).toEqual(withoutSignature(original));
    const signed = flat(chunks).find((p: any) => p.thoughtSignature);
    expect(signed.text).toBe('Leaves fall');
    expect(decodeThoughtSignature(signed.thoughtSignature)).toEqual([{ text: '**Planning**\n\nThe user wants a haiku.', signature: 'c2lnLWZvci10ZXh0' }]);
    expect(chunks.at(-1).usageMetadata).toEqual(original.at(-1).usageMetadata);
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP');
  });

  it('the codec frames by ?alt=sse', () => {
    const encoderFor = (sse: boolean) => {
      const { request, context } = geminiCodec.decodeRequest({ contents: [{ parts: [{ text: 'x' }] }] }, { model: 'g', stream: true, sse }, []);
      return geminiCodec.createStreamEncoder(request, context);
    };
    expect(encoderFor(true).contentType).toBeUndefined();
    expect(encoderFor(false).contentType).toBe('application/json');
  });
});
