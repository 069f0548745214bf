// What the relay refuses before doing any work: a call without a valid key (before its body
// is read), and JSON nested deeper than the limit (in every protocol's error shape, and on
// the management API).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { startGateway } from '../helpers/gateway.js';
import { startTestRelay } from '../helpers/relay.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/**
 * Sends the headers and the first `sentBytes` of a body declared `declaredBytes` long, then
 * waits for the answer while sending no more.
 */
function partialPost(url: string, headers: Record<string, string>, declaredBytes: number, sentBytes: number): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(declaredBytes), ...headers } });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, connection: response.headers.connection }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.write(`{"model":"test-model","messages":[{"role":"user","content":"${'x'.repeat(sentBytes)}`);
  });
}

describe('the key is checked before the body is read', () => {
  const declared = 100 * 1024 * 1024;
  const routes: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'chat completions', path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-wrong' } },
    { name: 'messages', path: '/v1/messages', headers: { 'x-api-key': 'sk-wrong', 'anthropic-version': '2023-06-01' } },
    { name: 'generate-content (key in the query)', path: '/v1beta/models/test-model:generateContent?key=sk-wrong', headers: {} },
    { name: 'count_tokens', path: '/v1/messages/count_tokens', headers: {} },
    { name: 'playground without a session', path: '/pg/chat/completions', headers: {} },
  ];
  for (const route of routes) {
    it(`${route.name}: a bad or missing key gets its 401 at once, with a body declared as 100 MB barely begun`, async () => {
      const relay = await startTestRelay();
      const headers: Record<string, string> = route.path.startsWith('/pg/') ? { ...route.headers, origin: relay.origin } : route.headers;
      const answer = await partialPost(relay.origin + route.path, headers, declared, 4_096);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).error.message).toMatch(/API key|sign in/i);
      expect(answer.connection).toBe('close');
    });
  }
});

describe('JSON nested deeper than 128 levels', () => {
  const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  async function gateway() {
    const started = await Promise.all([startFakeOpenAIChat({ apiKey: 'k' }), startFakeAnthropic({ apiKey: 'k' }), startFakeGemini({ apiKey: 'k' }), startFakeOpenAIResponses({ apiKey: 'k' })]);
    upstreams.push(...started);
    const [chat, messages, gemini, responses] = started;
    const g = await startGateway([
      { type: 1, upstream: chat!, models: ['chat-model'], key: 'k' },
      { type: 14, upstream: messages!, models: ['messages-model'], key: 'k' },
      { type: 24, upstream: gemini!, models: ['gemini-model'], key: 'k' },
      { type: 1, upstream: responses!, models: ['responses-model'], key: 'k', extra: { upstream_protocol: 'responses' } },
    ]);
    return { ...g, upstreams: started };
  }

  // Each call passes through to an upstream of its own protocol, an unknown field carrying the nesting.
  const calls = [
    { name: 'chat completions', path: '/v1/chat/completions', auth: 'authorization', body: (extra: string) => `{"model":"chat-model","messages":[{"role":"user","content":"hi"}],"metadata_x":${extra}}` },
    { name: 'messages', path: '/v1/messages', auth: 'x-api-key', body: (extra: string) => `{"model":"messages-model","max_tokens":16,"messages":[{"role":"user","content":"hi"}],"metadata_x":${extra}}` },
    { name: 'responses', path: '/v1/responses', auth: 'authorization', body: (extra: string) => `{"model":"responses-model","input":"hi","metadata_x":${extra}}` },
    { name: 'generate-content', path: '/v1beta/models/gemini-model:generateContent', auth: 'x-goog-api-key', body: (extra: string) => `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"metadata_x":${extra}}` },
  ];

  it('are refused with 400 naming the limit, in each protocol’s own error shape, and reach no upstream', async () => {
    const g = await gateway();
    for (const call of calls) {
      const headers = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', [call.auth]: call.auth === 'authorization' ? `Bearer ${g.key}` : g.key };
      const response = await fetch(g.relay.origin + call.path, { method: 'POST', headers, body: call.body(deep(5_000)) });
      const body: any = await response.json();
      expect(response.status, call.name).toBe(400);
      expect(Object.keys(body), call.name).toEqual(['error']);
      expect(body.error.message, call.name).toContain('nested deeper than 128 levels');
      if (call.name === 'generate-content') expect(body.error.status).toBe('INVALID_ARGUMENT');
      else expect(body.error.type, call.name).toBe('invalid_request_error');
    }
    for (const upstream of g.upstreams) expect(upstream.requests).toHaveLength(0);

    // 128 levels are served as before.
    const fine = await fetch(g.relay.origin + calls[0]!.path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${g.key}` }, body: calls[0]!.body(deep(120)) });
    expect(fine.status).toBe(200);
  });

  it('are refused by the management API too, in its envelope, and nothing is created', async () => {
    const g = await gateway();
    const before = (await g.admin.call('GET', '/api/channel/')).json.data.total;
    const answer = await g.admin.call('POST', '/api/channel/', `{"type":1,"name":"deep","key":"k","base_url":"http://127.0.0.1:9","models":"m","group":"default","extra_x":${deep(5_000)}}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, message: 'The request body is nested deeper than 128 levels.', data: null });
    expect((await g.admin.call('GET', '/api/channel/')).json.data.total).toBe(before);
  });
});
