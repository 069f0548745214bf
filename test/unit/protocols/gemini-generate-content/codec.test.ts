import { rootObjectMember } from '../../../../relay/wire/json-member.js';
import { describe, expect, it } from 'vitest';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import { encodeGeminiError } from '../../../../relay/protocols/gemini-generate-content/encode-error.js';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';
import {
  SKIP_THOUGHT_SIGNATURE,
  decodeThoughtSignature,
  encodeThoughtSignature,
  unwrapThoughtSignatures,
} from '../../../../relay/wire/gemini/thought-signature.js';

describe('generate-content errors', () => {
  it.each([
    ['invalid_request', 400, 'INVALID_ARGUMENT'],
    ['authentication', 401, 'UNAUTHENTICATED'],
    ['permission', 403, 'PERMISSION_DENIED'],
    ['not_found', 404, 'NOT_FOUND'],
    ['rate_limit', 429, 'RESOURCE_EXHAUSTED'],
    ['quota', 403, 'RESOURCE_EXHAUSTED'],
    ['overloaded', 503, 'UNAVAILABLE'],
    ['upstream', 502, 'INTERNAL'],
    ['timeout', 504, 'DEADLINE_EXCEEDED'],
    ['not_implemented', 501, 'UNIMPLEMENTED'],
    ['internal', 500, 'INTERNAL'],
  ] as const)('%s → %i %s, one top-level key', (kind, status, word) => {
    const body = encodeGeminiError({ status, kind, message: 'boom' });
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ code: status, message: 'boom', status: word });
    expect(typeof body.error.type).toBe('string');
  });

  it('a bad key: UNAUTHENTICATED with the invalid_request_error type; the relay code as the ErrorInfo reason', () => {
    expect(geminiCodec.encodeError({ status: 401, kind: 'authentication', message: 'Invalid API key.', code: 'invalid_api_key' })).toEqual({
      error: {
        code: 401,
        message: 'Invalid API key.',
        status: 'UNAUTHENTICATED',
        type: 'invalid_request_error',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'invalid_api_key', domain: 'relaydesk' }],
      },
    });
  });
});

describe('thought signature envelopes', () => {
  it('a bare signature stays bare; anything more is wrapped and comes back exactly', () => {
    expect(encodeThoughtSignature([])).toBeUndefined();
    expect(encodeThoughtSignature([{ text: '', signature: 'abc' }])).toBe('abc');
    const blocks = [{ text: 'Thinking…', signature: 'EqQB' }, { text: '', redacted: 'opaque' }];
    const envelope = encodeThoughtSignature(blocks)!;
    expect(envelope).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeThoughtSignature(envelope)).toEqual(blocks);
    expect(decodeThoughtSignature('abc')).toBeUndefined();
    expect(decodeThoughtSignature(SKIP_THOUGHT_SIGNATURE)).toBeUndefined();
  });

  it('on the way to Gemini as it is, envelopes go back to what Gemini can take', () => {
    const fromGemini = encodeThoughtSignature([{ text: 'summary', signature: 'gemini-sig' }])!;
    const fromElsewhere = encodeThoughtSignature([{ text: 'thinking', redacted: 'x' }])!;
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        {
          role: 'model',
          parts: [
            { text: 'a', thoughtSignature: fromGemini },
            { functionCall: { name: 'f', args: {} }, thoughtSignature: fromElsewhere },
            { text: 'b', thoughtSignature: fromElsewhere },
            { text: 'c', thoughtSignature: 'plain' },
          ],
        },
      ],
      generationConfig: { temperature: 1 },
    };
    expect(unwrapThoughtSignatures(body)).toEqual({
      contents: [
        body.contents[0],
        {
          role: 'model',
          parts: [{ text: 'a', thoughtSignature: 'gemini-sig' }, { functionCall: { name: 'f', args: {} }, thoughtSignature: SKIP_THOUGHT_SIGNATURE }, { text: 'b' }, { text: 'c', thoughtSignature: 'plain' }],
        },
      ],
      generationConfig: { temperature: 1 },
    });
    const untouched = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    expect(unwrapThoughtSignatures(untouched)).toBe(untouched);
  });
});

describe('pass-through to a Gemini upstream', () => {
  const target = { baseUrl: 'http://gemini.local', apiKey: 'upstream-key', model: 'gemini-2.5-pro', settings: {} };

  it('the body goes as it came, to the mapped model, with the channel key', () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { topK: 3 } };
    expect(geminiAdapter.buildPassthroughRequest!(body, target, false)).toEqual({
      url: 'http://gemini.local/v1beta/models/gemini-2.5-pro:generateContent',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'upstream-key' },
      body: JSON.stringify(body),
    });
    expect(geminiAdapter.buildPassthroughRequest!(body, target, true).url).toBe('http://gemini.local/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
  });

  it('only streams with alt=sse pass through (the upstream is always asked with it)', () => {
    const accepts = geminiCodec.passthrough!.accepts!;
    expect(accepts({ model: 'g', stream: false, sse: false })).toBe(true);
    expect(accepts({ model: 'g', stream: true, sse: true })).toBe(true);
    expect(accepts({ model: 'g', stream: true, sse: false })).toBe(false);
  });

  it('usage of a whole answer, read out of its text', () => {
    const { usageMember, usageOf } = geminiCodec.passthrough!;
    const answer = { candidates: [{ content: { parts: [{ text: 'hi' }] } }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, thoughtsTokenCount: 3, totalTokenCount: 10 }, modelVersion: 'g' };
    expect(usageOf(rootObjectMember(JSON.stringify(answer, null, 2), usageMember))).toMatchObject({
      inputTokens: 5,
      outputTokens: 5,
      reasoningTokens: 3,
    });
    expect(usageOf(rootObjectMember('{"candidates":[]}', usageMember))).toBeUndefined();
  });

  it('the stream tap: answering at the first content, usage from the last chunk, finished at the finishReason', () => {
    const { request, context } = geminiCodec.decodeRequest({ contents: [{ parts: [{ text: 'x' }] }] }, { model: 'g', stream: true, sse: true }, []);
    const tap = geminiCodec.passthrough!.createStreamTap(request, context);
    const event = (data: unknown) => {
      const json = JSON.stringify(data);
      const raw = `data: ${json}\r\n\r\n`;
      expect(tap.forward(raw, json)).toBe(raw);
    };
    event({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hmm', thought: true }] }, index: 0 }], usageMetadata: { promptTokenCount: 5 } });
    expect(tap.answering).toBe(true);
    expect(tap.finished).toBe(false);
    event({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] }, index: 0 }] });
    event({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 },
    });
    expect(tap.finished).toBe(true);
    expect(tap.usage).toMatchObject({ inputTokens: 5, outputTokens: 2 });
    // With usage reported there is nothing to count locally.
    expect(tap.outputText).toBe('');
    expect(tap.error).toBeUndefined();
  });

  it('the stream tap: without usage, the answer text (thoughts and call arguments too) for a local count', () => {
    const { request, context } = geminiCodec.decodeRequest({ contents: [{ parts: [{ text: 'x' }] }] }, { model: 'g', stream: true, sse: true }, []);
    const tap = geminiCodec.passthrough!.createStreamTap(request, context);
    for (const chunk of [
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hmm', thought: true }] }, index: 0 }] },
      { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] }, index: 0 }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, finishReason: 'STOP', index: 0 }] },
    ]) {
      const json = JSON.stringify(chunk);
      tap.forward(`data: ${json}\r\n\r\n`, json);
    }
    expect(tap.finished).toBe(true);
    expect(tap.usage).toBeUndefined();
    expect(tap.outputText).toBe('Hmm{"a":1}Hello');
  });

  it('the stream tap: an error object is the upstream failing', () => {
    const { request, context } = geminiCodec.decodeRequest({ contents: [{ parts: [{ text: 'x' }] }] }, { model: 'g', stream: true, sse: true }, []);
    const tap = geminiCodec.passthrough!.createStreamTap(request, context);
    const data = JSON.stringify({ error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } });
    tap.forward(`data: ${data}\r\n\r\n`, data);
    expect(tap.error).toMatchObject({ status: 429, kind: 'rate_limit', message: 'Resource has been exhausted' });
    expect(tap.answering).toBe(false);
  });
});
