// `POST /v1/embeddings` with the official openai SDK, which asks for base64 by default (and
// decodes little-endian float32s) or for floats when told: the relay answers exactly the
// encoding asked, converting when the upstream sent the other, on an OpenAI-kind channel (the
// client's body passes through) and on a Gemini channel (`:batchEmbedContents`).
import OpenAI from 'openai';
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
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (body: unknown) =>
    fetch(`${gateway.relay.relayBaseUrl}/embeddings`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { upstream, gateway, client, post, upstreamModel };
}

/** The float32s of a base64 embedding, as the SDK reads them. */
function float32s(base64: string): number[] {
  const bytes = Buffer.from(base64, 'base64');
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
}

async function logged(gateway: Gateway) {
  for (let i = 0; i < 40; i++) {
    const items = (await gateway.admin.call('GET', '/api/log/')).json.data.items as any[];
    if (items.length > 0) return items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

describe('embeddings through an OpenAI-kind channel (pass-through)', () => {
  it('answers the SDK default (base64) although the upstream sent floats, with its usage', async () => {
    const { client, upstream, post } = await relayTo('openai');
    const answer = await client.embeddings.create({ model: 'embedder', input: ['first', 'second'] });
    expect(answer.data.map((d) => d.index)).toEqual([0, 1]);
    for (const item of answer.data) {
      expect(item.embedding).toHaveLength(3);
      [0.1, 0.2, 0.3].forEach((value, i) => expect(item.embedding[i]).toBeCloseTo(value, 6));
    }
    expect(answer.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
    // The client's own body went upstream, with the mapped model.
    expect(upstream.requests[0]!.body).toEqual({ model: 'text-embedding-3-small', input: ['first', 'second'], encoding_format: 'base64' });
    // On the wire the relay answered base64, as asked.
    const raw: any = await (await post({ model: 'embedder', input: 'x', encoding_format: 'base64' })).json();
    expect(typeof raw.data[0].embedding).toBe('string');
    expect(float32s(raw.data[0].embedding)).toEqual([0.1, 0.2, 0.3].map(Math.fround));
  });

  it('answers floats when asked, token arrays included, and logs the call with its tokens', async () => {
    const { client, upstream, gateway } = await relayTo('openai');
    const answer = await client.embeddings.create({ model: 'embedder', input: [[1, 2, 3], [4, 5]], encoding_format: 'float', dimensions: 3 });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [0.1, 0.2, 0.3],
      [0.1, 0.2, 0.3],
    ]);
    expect(upstream.requests[0]!.body).toMatchObject({ input: [[1, 2, 3], [4, 5]], dimensions: 3, encoding_format: 'float' });
    const [record] = await logged(gateway);
    expect(record).toMatchObject({ model: 'embedder', upstream_model: 'text-embedding-3-small', prompt_tokens: 2, completion_tokens: 0 });
  });

  it('refuses a body without input in the OpenAI error shape, before any upstream call', async () => {
    const { post, upstream } = await relayTo('openai');
    const response = await post({ model: 'embedder' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ type: 'invalid_request_error', param: 'input' });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('embeddings routing', () => {
  it('never goes to a channel that serves the model for chat only, even at a higher priority', async () => {
    const chatOnly = await startFakeOpenAIChat();
    const embedder = await startFakeOpenAIChat();
    upstreams.push(chatOnly, embedder);
    const gateway = await startGateway([
      { type: 1, upstream: chatOnly, models: ['m'], priority: 10, extra: { families: ['chat'] } },
      { type: 1, upstream: embedder, models: ['m'], priority: 0 },
    ]);
    gateways.push(gateway);
    const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
    for (let i = 0; i < 3; i++) expect((await client.embeddings.create({ model: 'm', input: 'x' })).data).toHaveLength(1);
    expect(chatOnly.requests).toHaveLength(0);
    expect(embedder.requests).toHaveLength(3);
  });
});

describe('embeddings through a Gemini channel (batchEmbedContents)', () => {
  it('answers the SDK default (base64) from Gemini’s float values, one vector per input in order, usage counted by the relay', async () => {
    const { client, upstream } = await relayTo('gemini');
    const answer = await client.embeddings.create({ model: 'embedder', input: ['hello', 'hi'] });
    expect(answer.data.map((d) => d.embedding)).toEqual([
      [5, 0.5, -0.25, 0.125],
      [2, 0.5, -0.25, 0.125],
    ]);
    expect(answer.usage.prompt_tokens).toBeGreaterThan(0);
    expect(answer.usage.total_tokens).toBe(answer.usage.prompt_tokens);
    const request = upstream.requests[0]!;
    expect(request.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(request.headers['x-goog-api-key']).toBe('upstream-key');
    expect(request.body).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'hello' }] } },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'hi' }] } },
      ],
    });
  });

  it('answers floats when asked, cut to `dimensions` (outputDimensionality)', async () => {
    const { client, upstream, post } = await relayTo('gemini');
    const answer = await client.embeddings.create({ model: 'embedder', input: 'hello', encoding_format: 'float', dimensions: 2 });
    expect(answer).toMatchObject({ object: 'list', model: 'embedder', data: [{ object: 'embedding', index: 0, embedding: [5, 0.5] }] });
    expect(upstream.requests[0]!.body.requests[0].outputDimensionality).toBe(2);
    const raw: any = await (await post({ model: 'embedder', input: 'hello', encoding_format: 'base64' })).json();
    expect(float32s(raw.data[0].embedding)).toEqual([5, 0.5, -0.25, 0.125]);
  });

  it('refuses token arrays, which Gemini cannot embed, with a 400 naming the input', async () => {
    const { post, upstream } = await relayTo('gemini');
    const response = await post({ model: 'embedder', input: [[1, 2, 3]] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('token arrays') });
    expect(upstream.requests).toHaveLength(0);
  });
});
