// Each upstream kind's embeddings request, and its answer read back in input order.
import { describe, expect, it } from 'vitest';
import type { EmbeddingsRequest } from '../../../../relay/ir/embeddings.js';
import { ChannelType, embeddingsAdapterFor } from '../../../../relay/providers/registry.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target = (baseUrl: string, model: string, settings: Record<string, unknown> = {}): UpstreamTarget => ({ baseUrl, apiKey: 'secret', model, settings });
const request: EmbeddingsRequest = { model: 'asked', inputs: ['a', 'bb'], encoding: 'base64', dimensions: 2 };
const adapter = (type: number) => embeddingsAdapterFor({ type, settings: {} })!;

describe('embeddings requests by upstream kind', () => {
  it('OpenAI-kind: {base}/v1/embeddings with a Bearer key; a pass-through keeps the body and maps the model', () => {
    const built = adapter(ChannelType.openai).buildEmbeddingsRequest(request, target('https://api.example.com/v1', 'up'));
    expect(built.url).toBe('https://api.example.com/v1/embeddings');
    expect(built.headers.authorization).toBe('Bearer secret');
    expect(JSON.parse(built.body)).toEqual({ model: 'up', input: ['a', 'bb'], encoding_format: 'base64', dimensions: 2 });
    const passed = adapter(ChannelType.custom).buildPassthroughRequest!({ model: 'asked', input: 'a', user: 'u' }, target('https://x.example.com', 'up'));
    expect(JSON.parse(passed.body)).toEqual({ model: 'up', input: 'a', user: 'u' });
  });

  it("Azure: the deployment's /embeddings with the api-version and an api-key header", () => {
    const built = adapter(ChannelType.azure).buildPassthroughRequest!({ model: 'asked', input: 'a' }, target('https://res.openai.azure.com/', 'text-embedding-3.5', { api_version: '2024-10-21' }));
    expect(built.url).toBe('https://res.openai.azure.com/openai/deployments/text-embedding-35/embeddings?api-version=2024-10-21');
    expect(built.headers['api-key']).toBe('secret');
  });

  it('Gemini: one batchEmbedContents request per input, dimensions as outputDimensionality', () => {
    const built = adapter(ChannelType.gemini).buildEmbeddingsRequest(request, target('https://generativelanguage.googleapis.com', 'models/gemini-embedding-001'));
    expect(built.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(built.headers['x-goog-api-key']).toBe('secret');
    expect(JSON.parse(built.body).requests[1]).toEqual({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'bb' }] }, outputDimensionality: 2 });
  });

  it('Anthropic has no embeddings endpoint', () => {
    expect(embeddingsAdapterFor({ type: ChannelType.anthropic, settings: {} })).toBeUndefined();
  });
});

describe('embeddings answers', () => {
  it('OpenAI-kind: vectors in index order, prompt tokens as usage', () => {
    const answer = { data: [{ index: 1, embedding: 'AAAA' }, { index: 0, embedding: [1, 2] }], usage: { prompt_tokens: 3, total_tokens: 3 } };
    expect(adapter(ChannelType.openai).parseEmbeddingsResponse(answer)).toMatchObject({ vectors: [[1, 2], 'AAAA'], usage: { inputTokens: 3, outputTokens: 0 } });
  });

  it('Gemini: embeddings[].values, no usage', () => {
    expect(adapter(ChannelType.gemini).parseEmbeddingsResponse({ embeddings: [{ values: [0.5] }, { values: [1] }] })).toEqual({ vectors: [[0.5], [1]] });
  });
});
