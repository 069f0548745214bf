// The generate-content embeddings wire: `:embedContent` and `:batchEmbedContents` in and out.
import { describe, expect, it } from 'vitest';
import { geminiEmbeddingsCodec } from '../../../../relay/protocols/gemini-generate-content/embeddings-codec.js';

const batch = { model: 'models/m', action: 'batchEmbedContents' };
const one = { model: 'm', action: 'embedContent' };
const content = (text: string) => ({ parts: [{ text }] });

describe('generate-content embeddings', () => {
  it('reads the texts of a batch in order, the model from the path, and the dimensions asked', () => {
    const warnings: string[] = [];
    const request = geminiEmbeddingsCodec.decode({ requests: [{ model: 'models/m', content: content('a'), outputDimensionality: 8 }, { model: 'models/m', content: content('b'), outputDimensionality: 8, taskType: 'RETRIEVAL_QUERY' }] }, batch, warnings);
    expect(request).toEqual({ model: 'm', inputs: ['a', 'b'], encoding: 'float', dimensions: 8 });
    expect(warnings).toEqual(['taskType and title are not relayed.']);
  });

  it('refuses a batch asking different dimensions, and a content without text', () => {
    expect(() => geminiEmbeddingsCodec.decode({ requests: [{ content: content('a'), outputDimensionality: 8 }, { content: content('b') }] }, batch, [])).toThrow(/same outputDimensionality/);
    expect(() => geminiEmbeddingsCodec.decode({ content: { parts: [] } }, one, [])).toThrow(/text part is required/);
    expect(() => geminiEmbeddingsCodec.decode({ requests: [] }, batch, [])).toThrow(/at least one request/);
  });

  it('answers one embedding or a list, as numbers even when the upstream sent base64', () => {
    const base64 = Buffer.from(new Float32Array([0.5, 2]).buffer).toString('base64');
    const result = { vectors: [[1, 2], base64] };
    const request = { model: 'm', inputs: ['a', 'b'], encoding: 'float' as const };
    const usage = { inputTokens: 2, outputTokens: 0 };
    expect(geminiEmbeddingsCodec.encodeResponse(result, request, usage, batch)).toEqual({ embeddings: [{ values: [1, 2] }, { values: [0.5, 2] }] });
    expect(geminiEmbeddingsCodec.encodeResponse({ vectors: [[1]] }, request, usage, one)).toEqual({ embedding: { values: [1] } });
  });
});
