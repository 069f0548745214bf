import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';

// An advanced custom channel (type 58) between real SDK clients and fake upstreams: its route
// decides the upstream URL, where the key goes and which protocol the upstream speaks.

const KEY = 'sk-advanced-custom-upstream-0123456789';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});
async function started(upstream: Promise<FakeUpstream>): Promise<FakeUpstream> {
  const fake = await upstream;
  upstreams.push(fake);
  return fake;
}

function advancedChannel(upstream: FakeUpstream, routes: unknown[], models = ['custom-model']) {
  return { type: 58, upstream, models, key: KEY, name: 'advanced', extra: { advanced_custom: JSON.stringify({ routes }) } };
}
const openai = (gateway: Gateway) => new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });

describe('advanced custom channel: OpenAI chat upstream under a custom path, key in a named header', () => {
  const routes = [{ path: '/v1/chat/completions', upstream_path: '/gateway/{model}/chat', models: ['custom-model'], auth: { header: 'X-Relay-Key' }, converter: 'none' }];

  it('answers a chat client, whole and streamed', async () => {
    const fake = await started(startFakeOpenAIChat({ path: '/gateway/custom-model/chat' }));
    const gateway = await startGateway([advancedChannel(fake, routes)]);
    const answer = await openai(gateway).chat.completions.create({ model: 'custom-model', messages: [{ role: 'user', content: 'hello route' }] });
    expect(answer.choices[0]!.message.content).toBe('Echo: hello route');
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/gateway/custom-model/chat');
    expect(sent.headers['x-relay-key']).toBe(KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body.model).toBe('custom-model');

    const stream = await openai(gateway).chat.completions.create({ model: 'custom-model', messages: [{ role: 'user', content: 'stream route' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Echo: stream route');
    expect(fake.requests[1]!.headers['x-relay-key']).toBe(KEY);
    expect(fake.requests[1]!.body.stream).toBe(true);

    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((log) => log.channel_name)).toEqual(['advanced', 'advanced']);
    expect(gateway.relay.logged.join('\n')).not.toContain(KEY);
  });

  it('a model no route serves is a clear error', async () => {
    const fake = await started(startFakeOpenAIChat({ path: '/gateway/custom-model/chat' }));
    // The channel offers two models, its only route serves one.
    const gateway = await startGateway([advancedChannel(fake, routes, ['custom-model', 'unrouted'])]);
    const error = await openai(gateway)
      .chat.completions.create({ model: 'unrouted', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toMatch(/no route for the model unrouted/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('advanced custom channel: converter anthropic-messages', () => {
  const routes = [{ path: '/v1/chat/completions', upstream_path: '/vendor/anthropic/v1/messages', auth: { header: 'x-api-key' }, converter: 'anthropic-messages' }];

  it('a chat client reaches the fake Anthropic upstream through the Anthropic adapter, whole and streamed', async () => {
    const fake = await started(startFakeAnthropic({ apiKey: KEY }));
    const gateway = await startGateway([advancedChannel(fake, routes, ['claude-custom'])]);
    const answer = await openai(gateway).chat.completions.create({ model: 'claude-custom', max_tokens: 64, messages: [{ role: 'user', content: 'hello anthropic' }] });
    expect(answer.choices[0]!.message.content).toBe('Echo: hello anthropic');
    expect(answer.usage?.prompt_tokens).toBeGreaterThan(0);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/vendor/anthropic/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBeTruthy();
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: 'claude-custom', max_tokens: 64, messages: [{ role: 'user' }] });

    const stream = await openai(gateway).chat.completions.create({ model: 'claude-custom', max_tokens: 64, messages: [{ role: 'user', content: 'stream anthropic' }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Echo: stream anthropic');
    expect(fake.requests[1]!.body.stream).toBe(true);
  });

  it('a messages client is served through the same route', async () => {
    const fake = await started(startFakeAnthropic({ apiKey: KEY }));
    const gateway = await startGateway([advancedChannel(fake, routes, ['claude-custom'])]);
    const client = new Anthropic({ baseURL: gateway.relay.origin, apiKey: gateway.key, maxRetries: 0 });
    const message = await client.messages.create({ model: 'claude-custom', max_tokens: 64, messages: [{ role: 'user', content: 'hi from messages' }] });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: hi from messages' })]);
    expect(fake.requests[0]!.path).toBe('/vendor/anthropic/v1/messages');
    expect(fake.requests[0]!.headers['x-api-key']).toBe(KEY);
  });

  it('an upstream 401 reaches the client as a clear error without the key', async () => {
    const fake = await started(startFakeAnthropic({ apiKey: 'another-key' }));
    const gateway = await startGateway([advancedChannel(fake, routes, ['claude-custom'])]);
    const error = await openai(gateway)
      .chat.completions.create({ model: 'claude-custom', max_tokens: 64, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toMatch(/invalid x-api-key/);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).not.toContain(KEY);
  });
});

describe('advanced custom channel: the families it serves', () => {
  const routes = [{ path: '/v1/chat/completions', upstream_path: '/gateway/{model}/chat', auth: 'bearer', converter: 'none' }];

  it('serves chat; an embeddings call of the same model goes to a channel that serves embeddings, even at a lower priority', async () => {
    const custom = await started(startFakeOpenAIChat({ path: '/gateway/shared-model/chat' }));
    const embedder = await started(startFakeOpenAIChat());
    const gateway = await startGateway([
      { ...advancedChannel(custom, routes, ['shared-model']), priority: 10 },
      { type: 1, upstream: embedder, models: ['shared-model'], name: 'embedder', priority: 0 },
    ]);
    const client = openai(gateway);
    const embedded = await client.embeddings.create({ model: 'shared-model', input: 'hi', encoding_format: 'float' });
    expect(embedded.data).toHaveLength(1);
    expect(embedder.requests.map((request) => request.path)).toEqual(['/v1/embeddings']);
    const answer = await client.chat.completions.create({ model: 'shared-model', messages: [{ role: 'user', content: 'to the route' }] });
    expect(answer.choices[0]!.message.content).toBe('Echo: to the route');
    expect(custom.requests.map((request) => request.path)).toEqual(['/gateway/shared-model/chat']);
    await gateway.relay.close();
  });

  it('answers a legacy completions call through its chat route', async () => {
    const custom = await started(startFakeOpenAIChat({ path: '/gateway/custom-model/chat' }));
    const gateway = await startGateway([advancedChannel(custom, routes)]);
    const completion = await openai(gateway).completions.create({ model: 'custom-model', prompt: 'complete me' });
    expect(completion.choices[0]!.text).toBe('Echo: complete me');
    expect(custom.requests.map((request) => request.path)).toEqual(['/gateway/custom-model/chat']);
    await gateway.relay.close();
  });

  it('set to serve embeddings by its own families, is left out of an embeddings call another channel can serve', async () => {
    const custom = await started(startFakeOpenAIChat({ path: '/gateway/shared-model/chat' }));
    const embedder = await started(startFakeOpenAIChat());
    const channel = advancedChannel(custom, routes, ['shared-model']);
    const gateway = await startGateway([
      { ...channel, priority: 10, extra: { ...channel.extra, families: ['chat', 'embeddings'] } },
      { type: 1, upstream: embedder, models: ['shared-model'], name: 'embedder', priority: 0 },
    ]);
    const embedded = await openai(gateway).embeddings.create({ model: 'shared-model', input: 'hi', encoding_format: 'float' });
    expect(embedded.data).toHaveLength(1);
    expect(embedder.requests).toHaveLength(1);
    expect(custom.requests).toHaveLength(0);
    await gateway.relay.close();
  });

  it('set to serve embeddings by its own families and alone, answers an embeddings call with a clear error and keeps serving chat', async () => {
    const custom = await started(startFakeOpenAIChat({ path: '/gateway/custom-model/chat' }));
    const channel = advancedChannel(custom, routes);
    const gateway = await startGateway([{ ...channel, extra: { ...channel.extra, families: ['chat', 'embeddings'] } }]);
    const client = openai(gateway);
    const error = (await client.embeddings.create({ model: 'custom-model', input: 'hi' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.code).toBe('embeddings_not_supported');
    expect(error.message).toMatch(/advanced has no embeddings endpoint.*families/);
    expect(custom.requests).toHaveLength(0);
    const answer = await client.chat.completions.create({ model: 'custom-model', messages: [{ role: 'user', content: 'still here' }] });
    expect(answer.choices[0]!.message.content).toBe('Echo: still here');
    await gateway.relay.close();
  });
});
