// The rerank family's own rules: ranking what the upstream answered, and what a call is billed and reserved.
import { describe, expect, it } from 'vitest';
import type { RerankRequest } from '../../../relay/ir/rerank.js';
import { rerankCodec } from '../../../relay/protocols/openai-chat/rerank-codec.js';
import { billedUsage, ranked, rerankFamily } from '../../../relay/pipeline/rerank-family.js';

const documents = (count: number, text = 'd') => Array.from({ length: count }, () => ({ text }));
const request = (overrides: Partial<RerankRequest> = {}): RerankRequest => ({ model: 'm', query: 'q', documents: documents(4), returnDocuments: false, ...overrides });

describe('ranking an answer', () => {
  it('puts the best first (ties in document order), drops unknown and repeated documents, keeps top_n', () => {
    const scores = [
      { index: 0, relevanceScore: 0.1 },
      { index: 3, relevanceScore: 0.7 },
      { index: 9, relevanceScore: 0.99 },
      { index: 1, relevanceScore: 0.7 },
      { index: 3, relevanceScore: 0.2 },
    ];
    expect(ranked(scores, request()).map((s) => s.index)).toEqual([1, 3, 0]);
    expect(ranked(scores, request({ topN: 2 })).map((s) => s.index)).toEqual([1, 3]);
  });
});

describe('billing a rerank', () => {
  it("bills the upstream's search units, else one per 100 documents, with the tokens it reported", () => {
    expect(billedUsage(request({ documents: documents(100) }), undefined).units).toEqual({ search_units: 1 });
    expect(billedUsage(request({ documents: documents(101) }), undefined).units).toEqual({ search_units: 2 });
    expect(billedUsage(request(), { inputTokens: 0, outputTokens: 0, units: { search_units: 5 } }).units).toEqual({ search_units: 5 });
    expect(billedUsage(request(), { inputTokens: 40, outputTokens: 0 })).toEqual({ inputTokens: 40, outputTokens: 0, units: { search_units: 1 } });
  });

  it('reserves for the search units Cohere can bill: a long document once per chunk', () => {
    const estimate = (r: RerankRequest) => rerankFamily(rerankCodec).estimate(r, 0);
    expect(estimate(request({ documents: documents(100) })).units).toEqual({ search_units: 1 });
    const long = [...documents(99), { text: 'x'.repeat(2000) }];
    expect(estimate(request({ documents: long })).units).toEqual({ search_units: 2 });
    // Cut where the upstream cuts it.
    expect(estimate(request({ documents: long, maxTokensPerDoc: 100 })).units).toEqual({ search_units: 1 });
    expect(estimate(request({ documents: documents(2, 'abc') }))).toMatchObject({ promptTokens: 8, outputTokens: 0 });
  });
});
