import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { sleep } from '../fake-upstreams/harness.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel, startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';
import { startHttpProxy, startSocks5Proxy } from '../helpers/proxies.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});
async function fake(options: Parameters<typeof startFakeOpenAIChat>[0] = {}) {
  const upstream = await startFakeOpenAIChat(options);
  upstreams.push(upstream);
  return upstream;
}
function client(gateway: Gateway) {
  return new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
}
async function setOption(gateway: Gateway, key: string, value: unknown) {
  const response = await gateway.admin.call('PUT', '/api/option/', { key, value });
  expect(response.json.success, response.text).toBe(true);
}
const ask = (gateway: Gateway, content = 'hi') => client(gateway).chat.completions.create({ model: 'm', messages: [{ role: 'user', content }] });

describe('failover', () => {
  it('goes down the priorities on a retryable failure and logs the retry chain', async () => {
    const broken = await fake();
    broken.inject({ kind: 'status', status: 500, body: { error: { message: 'boom', type: 'server_error' } } });
    const healthy = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: broken, models: ['m'], priority: 10, name: 'first' },
      { type: 1, upstream: healthy, models: ['m'], priority: 5, name: 'second' },
    ]);
    const answer = await ask(gateway, 'fail over please');
    expect(answer.choices[0]!.message.content).toContain('fail over please');
    expect(broken.requests).toHaveLength(1);
    expect(healthy.requests).toHaveLength(1);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log.channel_name).toBe('second');
    expect(log.retry_chain).toEqual([expect.objectContaining({ status: 500, error: expect.stringContaining('boom') })]);
  });

  it('never tries a failed channel again within the same call', async () => {
    const a = await fake();
    const b = await fake();
    for (const upstream of [a, b]) upstream.inject({ kind: 'status', status: 503, body: { error: { message: 'overloaded' } } });
    const c = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: a, models: ['m'], priority: 10 },
      { type: 1, upstream: b, models: ['m'], priority: 10 },
      { type: 1, upstream: c, models: ['m'], priority: 0 },
    ]);
    await ask(gateway);
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 1, 1]);
  });

  it('gives up after the configured number of retries, answering the last error', async () => {
    const upstreamsInOrder = await Promise.all([fake(), fake(), fake()]);
    for (const upstream of upstreamsInOrder) upstream.inject({ kind: 'status', status: 502, body: { error: { message: 'bad gateway upstream' } } });
    const gateway = await startGateway(upstreamsInOrder.map((upstream, i) => ({ type: 1, upstream, models: ['m'], priority: 10 - i })));
    await setOption(gateway, 'retry_times', 1);
    const error = (await ask(gateway).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(502);
    expect(error.message).toContain('bad gateway upstream');
    expect(upstreamsInOrder.map((u) => u.requests.length)).toEqual([1, 1, 0]);
  });

  it('does not retry a client error (400) on another channel', async () => {
    const a = await fake();
    a.inject({ kind: 'status', status: 400, body: { error: { message: 'context too long', type: 'invalid_request_error' } } });
    const b = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: a, models: ['m'], priority: 10 },
      { type: 1, upstream: b, models: ['m'], priority: 0 },
    ]);
    const error = (await ask(gateway).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toContain('context too long');
    expect(b.requests).toHaveLength(0);
  });

  it('fails over when the upstream resets the connection or is too slow to answer', async () => {
    const resets = await fake();
    resets.inject({ kind: 'reset-before-first-byte' });
    const slow = await fake();
    slow.inject({ kind: 'delay-headers', ms: 3_000 });
    const healthy = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: resets, models: ['m'], priority: 10 },
      { type: 1, upstream: slow, models: ['m'], priority: 5 },
      { type: 1, upstream: healthy, models: ['m'], priority: 0 },
    ]);
    await setOption(gateway, 'first_byte_timeout_seconds', 1);
    const stream = client(gateway).chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'patience' }] });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content).toContain('patience');
    expect([resets.requests.length, slow.requests.length, healthy.requests.length]).toEqual([1, 1, 1]);
  });

  it('never retries once the answer has begun: the client gets a well-formed error instead', async () => {
    const cuts = await fake();
    cuts.inject({ kind: 'reset-after-chunks', afterChunks: 3 });
    const other = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: cuts, models: ['m'], priority: 10 },
      { type: 1, upstream: other, models: ['m'], priority: 0 },
    ]);
    const received: string[] = [];
    const error = await (async () => {
      for await (const chunk of await client(gateway).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a long enough answer' }], stream: true })) {
        received.push(chunk.choices[0]?.delta.content ?? '');
      }
    })().catch((e: unknown) => e);
    expect(received.join('')).not.toBe('');
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(other.requests).toHaveLength(0);
  });
});

describe('multi-key channels', () => {
  it('disables a rejected key with its reason, uses another, and re-enables it after a successful probe', async () => {
    const accepted = ['key-two'];
    const upstream = await fake({ apiKeys: accepted });
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: 'key-one\nkey-two', extra: { key_mode: 'polling' } });
    await setOption(gateway, 'key_recovery_seconds', 1);

    expect((await ask(gateway, 'first')).choices[0]!.message.content).toContain('first');
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual(['Bearer key-one', 'Bearer key-two']);
    let channel = (await gateway.admin.call('GET', `/api/channel/${id}`)).json.data;
    expect(channel.status).toBe(1);
    expect(channel.key_states[0]).toMatchObject({ status: 3, reason: expect.stringContaining('401') });
    expect(JSON.stringify(channel)).not.toContain('key-one');

    // While disabled, calls use only the working key.
    upstream.requests.length = 0;
    await ask(gateway, 'second');
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual(['Bearer key-two']);

    // The upstream accepts the key again: the recovery probe brings it back.
    accepted.push('key-one');
    const started = Date.now();
    do {
      await sleep(200);
      channel = (await gateway.admin.call('GET', `/api/channel/${id}`)).json.data;
    } while (channel.key_states[0].status !== 1 && Date.now() - started < 10_000);
    expect(channel.key_states[0]).toMatchObject({ status: 1, reason: '' });
  });

  it('disables a single-key channel that answers 401, with the reason, and routes around it', async () => {
    const rejects = await fake({ apiKey: 'the-right-key' });
    const healthy = await fake();
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream: rejects, models: ['m'], priority: 10, key: 'a-revoked-key' });
    await addChannel(gateway.admin, { type: 1, upstream: healthy, models: ['m'], priority: 0 });
    await ask(gateway);
    const channel = (await gateway.admin.call('GET', `/api/channel/${id}`)).json.data;
    expect(channel.status).toBe(3);
    expect(channel.status_reason).toContain('Incorrect API key');
    await ask(gateway);
    expect(rejects.requests).toHaveLength(1);
    expect(healthy.requests).toHaveLength(2);
  });
});

describe("the upstream refusing the channel's own key", () => {
  it("answers 502 saying the client's key is fine, not the upstream's 401, and logs the 401", async () => {
    const rejects = await fake({ apiKey: 'the-right-key' });
    const gateway = await startGateway([{ type: 1, upstream: rejects, models: ['m'], key: 'a-revoked-key' }]);
    const error = await ask(gateway).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError).not.toBeInstanceOf(OpenAI.AuthenticationError);
    expect(apiError.status).toBe(502);
    expect(apiError.code).toBe('upstream_key_refused');
    expect(apiError.message).toContain("refused the relay's channel key (401: Incorrect API key");
    expect(apiError.message).toContain('Your API key is fine');
    expect(apiError.message).not.toContain('a-revoked-key');
    const [log] = (await gateway.admin.call('GET', '/api/log/')).json.data.items as any[];
    expect(log).toMatchObject({ type: 5, retry_chain: [{ status: 401 }] });
  });

  it("turns Gemini's 400 'API key not valid' into the same 502 for a Gemini client", async () => {
    const gemini = await startFakeGemini({ apiKey: 'the-right-key' });
    upstreams.push(gemini);
    const gateway = await startGateway([{ type: 24, upstream: gemini, models: ['gemini-2.5-flash'], key: 'a-wrong-key' }]);
    const ai = new GoogleGenAI({ apiKey: gateway.key, httpOptions: { baseUrl: gateway.relay.origin } });
    const error = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toContain('(400: API key not valid');
    expect((error as ApiError).message).toContain('Your API key is fine');
  });
});

describe('header override', () => {
  it('adds and replaces upstream headers, filling {api_key} with the attempt key', async () => {
    const upstream = await fake({ apiKey: 'sk-real' });
    const gateway = await startGateway([]);
    await addChannel(gateway.admin, {
      type: 1,
      upstream,
      models: ['m'],
      key: 'sk-real',
      extra: { header_override: JSON.stringify({ 'X-Team': 'research', Authorization: 'Bearer {api_key}', 'X-Key-Copy': 'k={api_key}' }) },
    });
    await ask(gateway);
    expect(upstream.requests[0]!.headers).toMatchObject({ 'x-team': 'research', authorization: 'Bearer sk-real', 'x-key-copy': 'k=sk-real' });
  });

  it("never shows the key or an override's secret that an upstream's error echoes, to the client or in the log", async () => {
    const key = 'sk-echoed-upstream-key-0000';
    const upstream = await fake();
    upstream.inject({ kind: 'status', status: 400, body: { error: { message: `Bad request with key ${key} for org-secret-value-77`, type: 'invalid_request_error' } } });
    const gateway = await startGateway([]);
    await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key, extra: { header_override: JSON.stringify({ 'X-Org': 'org-secret-value-77' }) } });
    const error = await ask(gateway).catch((e: unknown) => e as Error);
    expect(upstream.requests[0]!.headers['x-org']).toBe('org-secret-value-77');
    expect(String((error as Error).message)).toContain('Bad request with key *** for ***');
    await gateway.relay.close();
    const logs = JSON.stringify(await readCallLogs(gateway.relay.dataDir));
    expect(logs).toContain('Bad request with key ***');
    for (const shown of [String((error as Error).message), logs, ...gateway.relay.logged]) {
      expect(shown).not.toContain(key);
      expect(shown).not.toContain('org-secret-value-77');
    }
  });
});

describe('streams and time limits', () => {
  it('ends a stream that goes quiet with an error event, and logs what was produced', async () => {
    const stalls = await fake();
    stalls.inject({ kind: 'stall-after-chunks', afterChunks: 3 });
    const gateway = await startGateway([{ type: 1, upstream: stalls, models: ['m'] }]);
    await setOption(gateway, 'stream_idle_timeout_seconds', 1);
    let text = '';
    const error = await (async () => {
      for await (const chunk of await client(gateway).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'then silence' }], stream: true })) {
        text += chunk.choices[0]?.delta.content ?? '';
      }
    })().catch((e: unknown) => e);
    expect(text.length).toBeGreaterThan(0);
    expect(String((error as Error).message)).toMatch(/sent nothing for 1 s/);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log.error).toMatch(/sent nothing/);
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('sends keep-alive comments while a started stream is quiet, when asked', async () => {
    const upstream = await fake();
    const gateway = await startGateway([{ type: 1, upstream, models: ['m'] }]);
    await setOption(gateway, 'stream_keepalive_seconds', 1);
    upstream.inject({ kind: 'stall-after-chunks', afterChunks: 2 });
    await setOption(gateway, 'stream_idle_timeout_seconds', 3);
    const response = await fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'ping me' }], stream: true }),
    });
    const body = await response.text();
    expect(body).toContain(': PING');
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('aborts the upstream at once when the client disconnects, and bills what was produced', async () => {
    const upstream = await fake();
    const gateway = await startGateway([{ type: 1, upstream, models: ['m'] }]);
    const slowStream = { kind: 'stall-after-chunks' as const, afterChunks: 4 };
    upstream.inject(slowStream);
    const closedBefore = upstream.closedConnections;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${gateway.relay.relayBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (e) => (e.message.includes('socket hang up') ? resolve() : reject(e)));
      req.end(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'I will leave early' }], stream: true }));
    });
    const started = Date.now();
    while (upstream.closedConnections === closedBefore && Date.now() - started < 3_000) await sleep(20);
    expect(upstream.closedConnections).toBeGreaterThan(closedBefore);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log.error).toBe('client disconnected');
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(0); // unpriced model `m` is free by default
  });
});

describe('per-channel proxy', () => {
  it('gives up quickly on a proxy that drops every tunnel, and fails over', async () => {
    const dropping = createServer();
    let tunnels = 0;
    dropping.on('connect', (_req, socket: Socket) => {
      tunnels++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const behind = await fake();
      const healthy = await fake();
      const gateway = await startGateway([
        { type: 1, upstream: behind, models: ['m'], priority: 10, extra: { proxy: `http://127.0.0.1:${(dropping.address() as AddressInfo).port}` } },
        { type: 1, upstream: healthy, models: ['m'], priority: 0 },
      ]);
      const answer = await ask(gateway, 'around the broken proxy');
      expect(answer.choices[0]!.message.content).toContain('around the broken proxy');
      const settled = tunnels;
      await sleep(300);
      expect(tunnels).toBe(settled); // no tunnel loop left running
    } finally {
      dropping.close();
    }
  });

  it('keeps a proxy password out of the state file and the API, and still uses it', async () => {
    const upstream = await fake();
    const proxy = await startHttpProxy({ user: 'relay', password: 'proxy-pass-word-77' });
    try {
      const gateway = await startGateway([]);
      const withPassword = proxy.url.replace('http://', 'http://relay:proxy-pass-word-77@');
      const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], extra: { proxy: withPassword } });
      expect((await ask(gateway, 'authenticated proxy')).choices[0]!.message.content).toContain('authenticated proxy');
      expect(proxy.seen.length).toBeGreaterThan(0);
      const shown = await gateway.admin.call('GET', `/api/channel/${id}`);
      expect(shown.json.data.proxy).toBe(proxy.url.replace('http://', 'http://relay:***@'));
      await gateway.relay.close();
      expect(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8')).not.toContain('proxy-pass-word-77');
    } finally {
      await proxy.close();
    }
  });

  it.each([
    ['HTTP', startHttpProxy],
    ['SOCKS5', startSocks5Proxy],
  ])('sends the upstream call through a %s proxy', async (_name, startProxy) => {
    const upstream = await fake();
    const proxy = await startProxy();
    try {
      const gateway = await startGateway([{ type: 1, upstream, models: ['m'], extra: { proxy: proxy.url } }]);
      const answer = await ask(gateway, 'via proxy');
      expect(answer.choices[0]!.message.content).toContain('via proxy');
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(proxy.seen[0]).toContain(`:${new URL(upstream.url).port}`);
    } finally {
      await proxy.close();
    }
  });
});
