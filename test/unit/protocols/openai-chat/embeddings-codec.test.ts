// The OpenAI embeddings wire: what a client may send, and vectors answered in the encoding asked.
import { describe, expect, it } from 'vitest';
import { decodeEmbeddingsRequest, embeddingsAnswerAsIs, passthroughEmbeddingsAnswer } from '../../../../relay/protocols/openai-chat/embeddings-codec.js';
import { RelayError } from '../../../../relay/ir/relay-error.js';

function refusal(body: unknown): RelayError {
  try {
    decodeEmbeddingsRequest(body);
  } catch (error) {
    return error as RelayError;
  }
  throw new Error('accepted');
}

describe('embeddings request', () => {
  it('takes a string, strings, token ids and arrays of token ids; floats unless base64 is asked', () => {
    expect(decodeEmbeddingsRequest({ model: 'm', input: 'a' })).toEqual({ model: 'm', inputs: ['a'], encoding: 'float' });
    expect(decodeEmbeddingsRequest({ model: 'm', input: ['a', 'b'], encoding_format: 'base64', dimensions: 8 })).toEqual({ model: 'm', inputs: ['a', 'b'], encoding: 'base64', dimensions: 8 });
    expect(decodeEmbeddingsRequest({ model: 'm', input: [1, 2] }).inputs).toEqual([[1, 2]]);
    expect(decodeEmbeddingsRequest({ model: 'm', input: [[1], [2, 3]] }).inputs).toEqual([[1], [2, 3]]);
  });

  it('refuses what OpenAI refuses, naming the field', () => {
    expect(refusal({ input: 'a' })).toMatchObject({ status: 400, param: 'model' });
    expect(refusal({ model: 'm' })).toMatchObject({ status: 400, param: 'input' });
    expect(refusal({ model: 'm', input: [] })).toMatchObject({ status: 400, param: 'input' });
    expect(refusal({ model: 'm', input: ['a', ''] })).toMatchObject({ status: 400, param: 'input[1]' });
    expect(refusal({ model: 'm', input: 'a', encoding_format: 'int8' })).toMatchObject({ status: 400, param: 'encoding_format' });
    expect(refusal({ model: 'm', input: 'a', dimensions: 0 })).toMatchObject({ status: 400, param: 'dimensions' });
  });
});

describe('pass-through answer', () => {
  const floats = { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1.5, -2] }], model: 'up', usage: { prompt_tokens: 1, total_tokens: 1 } };
  const base64 = Buffer.from(new Float32Array([1.5, -2]).buffer).toString('base64');

  it('keeps the upstream bytes when it answered in the encoding asked', () => {
    const text = JSON.stringify(floats);
    expect(passthroughEmbeddingsAnswer(text, floats, { model: 'm', inputs: ['a'], encoding: 'float' })).toBe(text);
  });

  it('converts floats to little-endian float32 base64 and back', () => {
    const asBase64 = JSON.parse(passthroughEmbeddingsAnswer(JSON.stringify(floats), floats, { model: 'm', inputs: ['a'], encoding: 'base64' }));
    expect(asBase64).toEqual({ ...floats, data: [{ object: 'embedding', index: 0, embedding: base64 }] });
    const back = JSON.parse(passthroughEmbeddingsAnswer(JSON.stringify(asBase64), asBase64, { model: 'm', inputs: ['a'], encoding: 'float' }));
    expect(back).toEqual(floats);
  });

  it('sends the text unparsed, with its usage, only when every vector is in the encoding asked', () => {
    const float = { model: 'm', inputs: ['a', 'b'], encoding: 'float' as const };
    const b64 = { ...float, encoding: 'base64' as const };
    const two = (first: unknown, second: unknown) => ({ ...floats, data: [{ object: 'embedding', index: 0, embedding: first }, { object: 'embedding', index: 1, embedding: second }], usage: { prompt_tokens: 7, total_tokens: 7 } });
    expect(embeddingsAnswerAsIs(JSON.stringify(two([1.5], [2])), float)).toMatchObject({ inputTokens: 7, outputTokens: 0 });
    expect(embeddingsAnswerAsIs(JSON.stringify(two(base64, base64), null, 2), b64)).toMatchObject({ inputTokens: 7 });
    // One vector in the other encoding, or none at all: parsed, and converted where it must be.
    expect(embeddingsAnswerAsIs(JSON.stringify(two([1.5], base64)), float)).toBeUndefined();
    expect(embeddingsAnswerAsIs(JSON.stringify(two(base64, [2])), b64)).toBeUndefined();
    expect(embeddingsAnswerAsIs(JSON.stringify({ ...floats, data: [] }), float)).toBeUndefined();
    // No usage to bill: counted locally, which needs the inputs, not the answer.
    expect(embeddingsAnswerAsIs(JSON.stringify({ ...floats, usage: { prompt_tokens: 0, total_tokens: 0 } }), float)).toBeUndefined();
    expect(embeddingsAnswerAsIs(JSON.stringify({ data: floats.data }), float)).toBeUndefined();
  });
});
