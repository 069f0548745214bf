// Every client protocol × every upstream kind: an upstream failure (429 and 500 in the
// upstream's own error shape) reaches the client in the client's own error shape, with the
// status and the upstream's message; a channel key the upstream refuses answers 502.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { Fault, FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const openAIError = (status: number, message: string) => ({ error: { message, type: status === 429 ? 'rate_limit_error' : 'server_error', param: null, code: null } });
const upstreamKinds = [
  { name: 'OpenAI chat', type: 1, model: 'gpt-4o-mini', extra: {}, start: () => startFakeOpenAIChat({ apiKey: 'good-key' }), error: openAIError },
  {
    name: 'Anthropic',
    type: 14,
    model: 'claude-sonnet-4-5',
    extra: {},
    start: () => startFakeAnthropic({ apiKey: 'good-key' }),
    error: (status: number, message: string) => ({ type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } }),
  },
  {
    name: 'Gemini',
    type: 24,
    model: 'gemini-2.5-flash',
    extra: {},
    start: () => startFakeGemini({ apiKey: 'good-key' }),
    // Gemini answers a refused key with 400 INVALID_ARGUMENT ("API key not valid").
    refusedKeyStatus: 400,
    error: (status: number, message: string) => ({ error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }),
  },
  { name: 'OpenAI responses', type: 1, model: 'gpt-5-mini', extra: { upstream_protocol: 'responses' }, start: () => startFakeOpenAIResponses({ apiKey: 'good-key' }), error: openAIError },
];

const clients = [
  {
    name: 'chat completions',
    call: (origin: string, key: string) =>
      fetch(`${origin}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) }),
    check: (body: any) => {
      expect(Object.keys(body)).toEqual(['error']);
      expect(typeof body.error.type).toBe('string');
      return body.error.message as string;
    },
  },
  {
    name: 'messages',
    call: (origin: string, key: string) =>
      fetch(`${origin}/v1/messages`, { method: 'POST', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }) }),
    check: (body: any) => {
      expect(Object.keys(body)).toEqual(['error']);
      expect(['invalid_request_error', 'authentication_error', 'permission_error', 'rate_limit_error', 'api_error', 'overloaded_error', 'not_found_error']).toContain(body.error.type);
      return body.error.message as string;
    },
  },
  {
    name: 'responses',
    call: (origin: string, key: string) =>
      fetch(`${origin}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', input: 'hi' }) }),
    check: (body: any) => {
      expect(Object.keys(body)).toEqual(['error']);
      expect(typeof body.error.type).toBe('string');
      return body.error.message as string;
    },
  },
  {
    name: 'generate-content',
    call: (origin: string, key: string) =>
      fetch(`${origin}/v1beta/models/m:generateContent`, { method: 'POST', headers: { 'x-goog-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) }),
    check: (body: any, status: number) => {
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.code).toBe(status);
      expect(typeof body.error.status).toBe('string');
      return body.error.message as string;
    },
  },
];

const cases = clients.flatMap((client) => upstreamKinds.map((upstream) => ({ client, upstream, label: `${client.name} client, ${upstream.name} upstream` })));

describe.each(cases)('$label', ({ client, upstream: kind }) => {
  async function gatewayWith(fault: Fault | undefined, channelKey = 'good-key') {
    const upstream = await kind.start();
    upstreams.push(upstream);
    if (fault) upstream.inject(fault);
    return startGateway([{ type: kind.type, upstream, models: ['m'], key: channelKey, model_mapping: { m: kind.model }, extra: kind.extra }]);
  }

  it.each([429, 500])('upstream %i: same status, the client’s shape, the upstream’s message', async (status) => {
    const message = `upstream says ${status} for this test`;
    const { relay, key } = await gatewayWith({ kind: 'status', status, body: kind.error(status, message) });
    const response = await client.call(relay.origin, key);
    expect(response.status).toBe(status);
    expect(client.check(await response.json(), status)).toContain(message);
  });

  it('the upstream refuses the channel key: 502 in the client’s shape, saying the client’s key is fine, with the upstream’s status', async () => {
    const upstreamStatus = ('refusedKeyStatus' in kind ? kind.refusedKeyStatus : undefined) ?? 401;
    const { relay, key } = await gatewayWith(undefined, 'a-revoked-key');
    const response = await client.call(relay.origin, key);
    expect(response.status).toBe(502);
    const message = client.check(await response.json(), 502);
    expect(message).toContain(`refused the relay's channel key (${upstreamStatus}: `);
    expect(message).toContain('Your API key is fine');
  });
});
