// Each rerank upstream kind's request, its answer read back, and its error body.
import { describe, expect, it } from 'vitest';
import type { RerankRequest } from '../../../../relay/ir/rerank.js';
import { ChannelType, embeddingsAdapterFor, moderationAdapterFor, rerankAdapterFor } from '../../../../relay/providers/registry.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target = (baseUrl: string): UpstreamTarget => ({ baseUrl, apiKey: 'secret', model: 'up', settings: {} });
const request: RerankRequest = { model: 'asked', query: 'q', documents: [{ text: 'a' }, { text: 'b', object: { text: 'b', id: 7 } }], topN: 5, returnDocuments: true, maxTokensPerDoc: 256 };
const adapter = (type: number) => rerankAdapterFor({ type, settings: {} })!;

describe('rerank requests by upstream kind', () => {
  it('Cohere: {base}/v2/rerank (also from a base naming a version), texts only, top_n at most the documents, max_tokens_per_doc', () => {
    for (const base of ['https://api.cohere.com', 'https://api.cohere.com/v2', 'https://api.cohere.com/v1/']) {
      expect(adapter(ChannelType.cohere).buildRerankRequest(request, target(base), []).url).toBe('https://api.cohere.com/v2/rerank');
    }
    const built = adapter(ChannelType.cohere).buildRerankRequest(request, target('https://api.cohere.com'), []);
    expect(built.headers.authorization).toBe('Bearer secret');
    expect(JSON.parse(built.body)).toEqual({ model: 'up', query: 'q', documents: ['a', 'b'], top_n: 2, max_tokens_per_doc: 256 });
  });

  it('Jina and OpenAI-compatible servers: {base}/v1/rerank, documents not asked back, no per-document limit (said in a warning)', () => {
    for (const type of [ChannelType.jina, ChannelType.custom, ChannelType.openai]) {
      const warnings: string[] = [];
      const built = adapter(type).buildRerankRequest(request, target('https://api.jina.ai/v1'), warnings);
      expect(built.url).toBe('https://api.jina.ai/v1/rerank');
      expect(built.headers.authorization).toBe('Bearer secret');
      expect(JSON.parse(built.body)).toEqual({ model: 'up', query: 'q', documents: ['a', 'b'], top_n: 2, return_documents: false });
      expect(warnings).toEqual([expect.stringContaining('max_tokens_per_doc')]);
    }
  });

  it('Anthropic, Gemini, Azure and advanced custom have no rerank endpoint', () => {
    for (const type of [ChannelType.anthropic, ChannelType.gemini, ChannelType.azure, ChannelType.advancedCustom]) expect(rerankAdapterFor({ type, settings: {} }), `type ${type}`).toBeUndefined();
  });
});

describe('rerank answers', () => {
  it("Cohere: scores, its id, and meta.billed_units' search units", () => {
    const result = adapter(ChannelType.cohere).parseRerankResponse({
      id: 'abc',
      results: [{ index: 1, relevance_score: 0.9 }, { index: 0, relevance_score: 0.1 }, { index: -1, relevance_score: 1 }, { relevance_score: 1 }],
      meta: { billed_units: { search_units: 3 } },
    });
    expect(result).toMatchObject({ id: 'abc', scores: [{ index: 1, relevanceScore: 0.9 }, { index: 0, relevanceScore: 0.1 }], usage: { inputTokens: 0, outputTokens: 0, units: { search_units: 3 } } });
  });

  it('Jina-shaped: usage.total_tokens, a `score` some servers say, no usage when none is reported', () => {
    const jina = adapter(ChannelType.jina);
    expect(jina.parseRerankResponse({ results: [{ index: 0, score: 0.5, document: { text: 'a' } }], usage: { total_tokens: 12 } })).toEqual({
      scores: [{ index: 0, relevanceScore: 0.5 }],
      usage: { inputTokens: 12, outputTokens: 0, raw: { total_tokens: 12 } },
    });
    expect(jina.parseRerankResponse({ results: [] })).toEqual({ scores: [] });
  });

  it("reads Jina's FastAPI detail, Cohere's message and an OpenAI error object", () => {
    const parse = adapter(ChannelType.jina).parseError;
    expect(parse(422, JSON.stringify({ detail: [{ loc: ['body', 'top_n'], msg: 'Input should be greater than 0' }] }))).toEqual({ status: 422, kind: 'invalid_request', message: 'body.top_n: Input should be greater than 0' });
    expect(parse(401, JSON.stringify({ detail: 'Unauthorized' }))).toMatchObject({ kind: 'authentication', message: 'Unauthorized' });
    expect(adapter(ChannelType.cohere).parseError(429, JSON.stringify({ id: 'x', message: 'trial key rate limit' }))).toMatchObject({ kind: 'rate_limit', message: 'trial key rate limit' });
    expect(parse(400, JSON.stringify({ error: { message: 'bad', code: 'c' } }))).toMatchObject({ message: 'bad', code: 'c' });
  });
});

describe('the rerank upstreams offer nothing else the relay could call', () => {
  it('Cohere has no embeddings or moderation endpoint, Jina no moderation endpoint', () => {
    expect(embeddingsAdapterFor({ type: ChannelType.cohere, settings: {} })).toBeUndefined();
    for (const type of [ChannelType.cohere, ChannelType.jina]) expect(moderationAdapterFor({ type, settings: {} }), `type ${type}`).toBeUndefined();
    expect(embeddingsAdapterFor({ type: ChannelType.jina, settings: {} })).toBeDefined();
  });
});
