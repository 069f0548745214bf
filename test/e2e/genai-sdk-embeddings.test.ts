// The generate-content front door's embeddings with the official @google/genai SDK (which
// calls `:batchEmbedContents`) and `:embedContent` by fetch, reaching a Gemini channel and an
// OpenAI-kind one (translated to `/v1/embeddings`).
import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
const gateways: Gateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.relay.close()));
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function relayTo(kind: 'openai' | 'gemini') {
  const upstream = kind === 'openai' ? await startFakeOpenAIChat({ apiKey: 'upstream-key' }) : await startFakeGemini({ apiKey: 'upstream-key' });
  upstreams.push(upstream);
  const upstreamModel = kind === 'openai' ? 'text-embedding-3-small' : 'gemini-embedding-001';
  const gateway = await startGateway([{ type: kind === 'openai' ? 1 : 24, upstream, models: ['embedder'], model_mapping: { embedder: upstreamModel }, extra: { families: ['embeddings'] } }]);
  gateways.push(gateway);
  const ai = new GoogleGenAI({ apiKey: gateway.key, httpOptions: { baseUrl: gateway.relay.origin } });
  const embedOne = (body: unknown) =>
    fetch(`${gateway.relay.origin}/v1beta/models/embedder:embedContent`, { method: 'POST', headers: { 'x-goog-api-key': gateway.key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { upstream, ai, embedOne };
}

describe('genai SDK embeddings → Gemini channel', () => {
  it('embeds several texts in order, with outputDimensionality', async () => {
    const { ai, upstream } = await relayTo('gemini');
    const answer = await ai.models.embedContent({ model: 'embedder', contents: ['hello', 'hi'], config: { outputDimensionality: 3 } });
    expect(answer.embeddings?.map((e) => e.values)).toEqual([
      [5, 0.5, -0.25],
      [2, 0.5, -0.25],
    ]);
    expect(upstream.requests[0]!.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(upstream.requests[0]!.body.requests.map((r: any) => r.model)).toEqual(['models/gemini-embedding-001', 'models/gemini-embedding-001']);
  });

  it('answers :embedContent with one embedding', async () => {
    const { embedOne } = await relayTo('gemini');
    const response = await embedOne({ content: { parts: [{ text: 'hello' }] } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ embedding: { values: [5, 0.5, -0.25, 0.125] } });
  });

  it('refuses a content without text in Google’s error shape', async () => {
    const { embedOne, upstream } = await relayTo('gemini');
    const response = await embedOne({ content: { parts: [] } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('genai SDK embeddings → OpenAI-kind channel', () => {
  it('translates batchEmbedContents to /v1/embeddings (floats asked) and back', async () => {
    const { ai, upstream } = await relayTo('openai');
    const answer = await ai.models.embedContent({ model: 'embedder', contents: ['hello', 'hi'], config: { outputDimensionality: 3 } });
    expect(answer.embeddings?.map((e) => e.values)).toEqual([
      [0.1, 0.2, 0.3],
      [0.1, 0.2, 0.3],
    ]);
    expect(upstream.requests[0]!.path).toBe('/v1/embeddings');
    expect(upstream.requests[0]!.body).toEqual({ model: 'text-embedding-3-small', input: ['hello', 'hi'], encoding_format: 'float', dimensions: 3 });
  });

  it('answers :embedContent from an OpenAI-kind channel', async () => {
    const { embedOne } = await relayTo('openai');
    const response = await embedOne({ content: { parts: [{ text: 'hello' }] } });
    expect(await response.json()).toEqual({ embedding: { values: [0.1, 0.2, 0.3] } });
  });
});
