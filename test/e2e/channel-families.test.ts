// Channels serve call families (chat, embeddings…): routing never sends a call to a channel
// that does not serve its family, and the channel test uses a call the channel serves.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
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
async function fake() {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  return upstream;
}
async function gatewayWith(...args: Parameters<typeof startGateway>) {
  const gateway = await startGateway(...args);
  gateways.push(gateway);
  return gateway;
}
const chat = (gateway: Gateway, model: string) =>
  new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 }).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
const embeddingsOnly = { families: ['embeddings'] };

describe('routing by call family', () => {
  it('never picks an embeddings-only channel for a chat call, even at a higher priority', async () => {
    const embedder = await fake();
    const chatter = await fake();
    const gateway = await gatewayWith([
      { type: 1, upstream: embedder, models: ['m'], priority: 10, extra: embeddingsOnly },
      { type: 1, upstream: chatter, models: ['m'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await chat(gateway, 'm')).choices[0]!.message.content).toBe('Echo: hi');
    expect(embedder.requests).toHaveLength(0);
    expect(chatter.requests).toHaveLength(3);
  });

  it('answers 404 model_not_found to a chat call for a model only embeddings channels serve', async () => {
    const embedder = await fake();
    const gateway = await gatewayWith([{ type: 1, upstream: embedder, models: ['text-embedding-3-small'], extra: embeddingsOnly }]);
    const error = (await chat(gateway, 'text-embedding-3-small').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe('model_not_found');
    expect(embedder.requests).toHaveLength(0);
  });
});

describe('families on the channel API', () => {
  it("stores a channel's own families, answers them, and refuses an unknown family", async () => {
    const gateway = await gatewayWith([]);
    const created = await gateway.admin.call('POST', '/api/channel/', { type: 1, key: 'k', models: 'm', families: ['embeddings', 'chat'] });
    expect(created.json.success, created.text).toBe(true);
    const id = created.json.data.id;
    expect((await gateway.admin.call('GET', `/api/channel/${id}`)).json.data.families).toEqual(['chat', 'embeddings']);
    const reset = await gateway.admin.call('PUT', '/api/channel/', { id, families: [] });
    expect(reset.json.data.families).toEqual([]);
    const refused = await gateway.admin.call('POST', '/api/channel/', { type: 1, key: 'k', models: 'm', families: ['telepathy'] });
    expect(refused.status).toBe(400);
    expect(refused.json.success).toBe(false);
  });
});

describe('channel test by family', () => {
  it('tests an embeddings-only channel with an embedding request, and a chat channel with chat', async () => {
    const embedder = await fake();
    const chatter = await fake();
    const gateway = await gatewayWith([
      { type: 1, upstream: embedder, models: ['text-embedding-3-small'], extra: embeddingsOnly },
      { type: 1, upstream: chatter, models: ['m'] },
    ]);
    const [embedderId, chatterId] = ((await gateway.admin.call('GET', '/api/channel/?sort=id&order=asc')).json.data.items as { id: number }[]).map((c) => c.id);
    const tested = await gateway.admin.call('GET', `/api/channel/test/${embedderId}`);
    expect(tested.json.data).toMatchObject({ ok: true, status_code: 200, family: 'embeddings', model: 'text-embedding-3-small', error: '' });
    expect(embedder.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: 'hi' } })]);
    expect(embedder.requests[0]!.headers.authorization).toBe('Bearer upstream-key');

    const chatTest = await gateway.admin.call('GET', `/api/channel/test/${chatterId}`);
    expect(chatTest.json.data).toMatchObject({ ok: true, family: 'chat' });
    expect(chatter.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
  });

  it('tests a moderation-only channel, or a moderation model of a chat channel, with a moderation of "hi"', async () => {
    const moderator = await fake();
    const both = await fake();
    const gateway = await gatewayWith([
      { type: 1, upstream: moderator, models: ['mod'], extra: { families: ['moderation'] } },
      { type: 8, upstream: both, models: ['m', 'omni-moderation-latest'] },
    ]);
    const [moderatorId, bothId] = ((await gateway.admin.call('GET', '/api/channel/?sort=id&order=asc')).json.data.items as { id: number }[]).map((c) => c.id);
    expect((await gateway.admin.call('GET', `/api/channel/test/${moderatorId}`)).json.data).toMatchObject({ ok: true, status_code: 200, family: 'moderation', model: 'mod' });
    expect(moderator.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/moderations', body: { model: 'mod', input: ['hi'] } })]);
    expect((await gateway.admin.call('GET', `/api/channel/test/${bothId}`)).json.data).toMatchObject({ ok: true, family: 'chat', model: 'm' });
    expect((await gateway.admin.call('GET', `/api/channel/test/${bothId}?model=omni-moderation-latest`)).json.data).toMatchObject({ ok: true, family: 'moderation' });
    expect(both.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/moderations']);
  });

  it('fails the test of an embeddings channel whose upstream answers 2xx without JSON', async () => {
    const embedder = await fake();
    embedder.inject({ kind: 'status', status: 200, body: 'It works!', headers: { 'content-type': 'text/html' } });
    const gateway = await gatewayWith([{ type: 1, upstream: embedder, models: ['e'], extra: embeddingsOnly }]);
    const [id] = ((await gateway.admin.call('GET', '/api/channel/')).json.data.items as { id: number }[]).map((c) => c.id);
    const tested = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(tested.json.data).toMatchObject({ ok: false, status_code: 200, family: 'embeddings', error: expect.stringContaining('without a JSON body') });
  });

  it('tests an audio channel with the speech of "hi", and a transcription model with half a second of silence', async () => {
    const speaker = await fake();
    const gateway = await gatewayWith([{ type: 1, upstream: speaker, models: ['tts-1', 'whisper-1'], extra: { families: ['audio'] } }]);
    const [id] = ((await gateway.admin.call('GET', '/api/channel/')).json.data.items as { id: number }[]).map((c) => c.id);
    expect((await gateway.admin.call('GET', `/api/channel/test/${id}`)).json.data).toMatchObject({ ok: true, status_code: 200, family: 'audio', model: 'tts-1', error: '' });
    expect(speaker.requests[0]).toMatchObject({ method: 'POST', path: '/v1/audio/speech', body: { model: 'tts-1', input: 'hi' } });
    const heard = (await gateway.admin.call('GET', `/api/channel/test/${id}?model=whisper-1`)).json.data;
    expect(heard).toMatchObject({ ok: true, status_code: 200, family: 'audio', model: 'whisper-1' });
    expect(speaker.requests[1]).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions' });
    expect(speaker.requests.map((r) => r.path)).not.toContain('/v1/chat/completions');
  });
});
