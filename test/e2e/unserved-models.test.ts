// A model no channel serves answers 404 model_not_found, as the providers answer for a model
// they do not have; a model whose channels are all disabled or cooling down answers 503 —
// each in the client protocol's own error shape.
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const post = (url: string, headers: Record<string, string>, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Each protocol: a call for `model`, and the error body it must answer for each case. */
const protocols = [
  {
    name: 'chat completions',
    call: (g: Gateway, model: string) => post(`${g.relay.relayBaseUrl}/chat/completions`, { authorization: `Bearer ${g.key}` }, { model, messages: [{ role: 'user', content: 'hi' }] }),
    notFound: { error: { type: 'invalid_request_error', code: 'model_not_found' } },
    unavailable: (code: string) => ({ error: { type: 'upstream_error', code } }),
  },
  {
    name: 'responses',
    call: (g: Gateway, model: string) => post(`${g.relay.relayBaseUrl}/responses`, { authorization: `Bearer ${g.key}` }, { model, input: 'hi' }),
    notFound: { error: { type: 'invalid_request_error', code: 'model_not_found' } },
    unavailable: (code: string) => ({ error: { type: 'upstream_error', code } }),
  },
  {
    name: 'messages',
    call: (g: Gateway, model: string) =>
      post(`${g.relay.relayBaseUrl}/messages`, { 'x-api-key': g.key, 'anthropic-version': '2023-06-01' }, { model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    notFound: { error: { type: 'not_found_error' } },
    unavailable: () => ({ error: { type: 'overloaded_error' } }),
  },
  {
    name: 'generate-content',
    call: (g: Gateway, model: string) => post(`${g.relay.origin}/v1beta/models/${model}:generateContent`, { 'x-goog-api-key': g.key }, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    notFound: { error: { code: 404, status: 'NOT_FOUND' } },
    unavailable: (code: string) => ({ error: { code: 503, status: 'UNAVAILABLE', details: [expect.objectContaining({ reason: code })] } }),
  },
];

describe('models that cannot be served', () => {
  it('404 for a model no channel serves; 503 for one whose channels are disabled or cooling down (with Retry-After)', async () => {
    const broken = await startFakeOpenAIChat();
    upstreams.push(broken);
    broken.inject({ kind: 'status', status: 500, body: { error: { message: 'boom', type: 'server_error' } } });
    const gateway = await startGateway([
      { type: 1, upstream: broken, models: ['cooling-model'] },
      { type: 1, upstream: broken, models: ['off-model'], extra: { status: 2 } },
    ]);
    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'channel_cooldown_seconds', value: 60 })).json.success).toBe(true);
    expect((await protocols[0]!.call(gateway, 'cooling-model')).status).toBe(500);
    const reachedUpstream = broken.requests.length;

    for (const protocol of protocols) {
      const missing = await protocol.call(gateway, 'no-such-model');
      expect(missing.status, protocol.name).toBe(404);
      expect(await missing.json(), protocol.name).toMatchObject(protocol.notFound);

      const off = await protocol.call(gateway, 'off-model');
      expect(off.status, protocol.name).toBe(503);
      expect(await off.json(), protocol.name).toMatchObject(protocol.unavailable('no_available_channel'));

      const cooling = await protocol.call(gateway, 'cooling-model');
      expect(cooling.status, protocol.name).toBe(503);
      const retryAfter = Number(cooling.headers.get('retry-after'));
      expect(retryAfter, protocol.name).toBeGreaterThan(0);
      expect(retryAfter, protocol.name).toBeLessThanOrEqual(60);
      const body = await cooling.json();
      expect(body, protocol.name).toMatchObject(protocol.unavailable('channels_cooling_down'));
      expect(JSON.stringify(body)).toMatch(/tried again in \d+ s/);
    }
    expect(broken.requests).toHaveLength(reachedUpstream);
  });
});
