// The /v1/rerank wire: what a client may send, and the answer it gets.
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { decodeRerankRequest, encodeRerankResponse } from '../../../../relay/protocols/openai-chat/rerank-codec.js';

describe('rerank request', () => {
  it('takes strings and objects with a text, top_n, return_documents and max_tokens_per_doc', () => {
    const object = { text: 'b', title: 'B' };
    expect(decodeRerankRequest({ model: 'm', query: 'q', documents: ['a', object], top_n: 1, return_documents: true, max_tokens_per_doc: 100 })).toEqual({
      model: 'm',
      query: 'q',
      documents: [{ text: 'a' }, { text: 'b', object }],
      topN: 1,
      returnDocuments: true,
      maxTokensPerDoc: 100,
    });
    expect(decodeRerankRequest({ model: 'm', query: 'q', documents: ['a'] })).toEqual({ model: 'm', query: 'q', documents: [{ text: 'a' }], returnDocuments: false });
  });

  it('refuses an image document and more documents than Cohere takes, naming the field', () => {
    const refusal = (body: unknown) => {
      try {
        decodeRerankRequest(body);
      } catch (error) {
        return error as RelayError;
      }
      throw new Error('accepted');
    };
    expect(refusal({ model: 'm', query: 'q', documents: [{ image: 'https://x/y.png' }] })).toMatchObject({ status: 400, param: 'documents[0]' });
    expect(refusal({ model: 'm', query: 'q', documents: Array.from({ length: 10_001 }, () => 'd') })).toMatchObject({ status: 400, param: 'documents' });
  });
});

describe('rerank answer', () => {
  const request = { model: 'm', query: 'q', documents: [{ text: 'a' }, { text: 'b', object: { text: 'b', id: 2 } }], returnDocuments: true };

  it('keeps the order given, the client’s documents, the search units and the reported tokens', () => {
    const answer = encodeRerankResponse({ id: 'up-1', scores: [{ index: 1, relevanceScore: 0.8 }, { index: 0, relevanceScore: 0.2 }] }, request, { inputTokens: 9, outputTokens: 0, units: { search_units: 1 } });
    expect(answer).toEqual({
      id: 'up-1',
      model: 'm',
      results: [
        { index: 1, relevance_score: 0.8, document: { text: 'b', id: 2 } },
        { index: 0, relevance_score: 0.2, document: { text: 'a' } },
      ],
      meta: { billed_units: { search_units: 1, input_tokens: 9 } },
      usage: { total_tokens: 9 },
    });
  });

  it('makes up an id, and names no tokens when the upstream reported none', () => {
    const answer = encodeRerankResponse({ scores: [{ index: 0, relevanceScore: 1 }] }, { ...request, returnDocuments: false }, { inputTokens: 0, outputTokens: 0, units: { search_units: 1 } });
    expect(answer.id).toMatch(/^rerank-[0-9a-f-]{36}$/);
    expect(answer.results).toEqual([{ index: 0, relevance_score: 1 }]);
    expect(answer.meta).toEqual({ billed_units: { search_units: 1 } });
    expect(answer).not.toHaveProperty('usage');
  });
});
