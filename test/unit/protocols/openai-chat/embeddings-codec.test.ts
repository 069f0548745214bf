// The OpenAI embeddings wire: what a client may send, and vectors answered in the encoding asked.
import { describe, expect, it } from 'vitest';
import { decodeEmbeddingsRequest, passthroughEmbeddingsAnswer } from '../../../../relay/protocols/openai-chat/embeddings-codec.js';
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
});
