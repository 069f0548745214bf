// The minimal embeddings request a channel test sends to a channel serving embeddings but not chat.
import { describe, expect, it } from 'vitest';
import { ChannelType } from '../../../relay/providers/channel-facts.js';
import { endpointOf } from '../../../relay/upstream/channel-endpoint.js';
import { embeddingsProbeRequest } from '../../../relay/upstream/embeddings-probe.js';
import type { Dispatcher } from 'undici';

const request = (type: number, baseUrl: string, model: string, settings: Record<string, string> = {}) =>
  embeddingsProbeRequest({ type, settings }, endpointOf({ type, base_url: baseUrl, header_override: {} }, 'secret-key', {} as Dispatcher), model);

describe('embeddings probe request', () => {
  it('posts {model, input: "hi"} to {base}/v1/embeddings with a Bearer key for OpenAI-kind upstreams', () => {
    expect(request(ChannelType.custom, 'https://llm.example.com', 'bge-m3')).toEqual({
      url: 'https://llm.example.com/v1/embeddings',
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret-key' },
      body: JSON.stringify({ model: 'bge-m3', input: 'hi' }),
    });
    expect(request(ChannelType.openrouter, '', 'e').url).toBe('https://openrouter.ai/api/v1/embeddings');
    expect(request(ChannelType.custom, 'https://llm.example.com/v1', 'e').url).toBe('https://llm.example.com/v1/embeddings');
  });

  it("calls Gemini's embedContent and an Azure deployment's embeddings with their own key headers", () => {
    const gemini = request(ChannelType.gemini, '', 'models/gemini-embedding-001');
    expect(gemini.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:embedContent');
    expect(gemini.headers['x-goog-api-key']).toBe('secret-key');
    expect(JSON.parse(gemini.body)).toEqual({ content: { parts: [{ text: 'hi' }] } });
    const azure = request(ChannelType.azure, 'https://res.openai.azure.com', 'text-embedding-3-small', { api_version: '2024-10-21' });
    expect(azure.url).toBe('https://res.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-10-21');
    expect(azure.headers['api-key']).toBe('secret-key');
  });
});
