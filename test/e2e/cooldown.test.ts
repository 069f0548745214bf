// A channel that failed retryably is skipped by every call for a short, growing while, and
// the first-byte limit moves whole (non-streamed) answers on to the next channel too.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { sleep } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { addChannel, startGateway } from '../helpers/gateway.js';
import type { Gateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});
async function fake() {
  const upstream = await startFakeOpenAIChat();
  upstreams.push(upstream);
  return upstream;
}
async function setOption(gateway: Gateway, key: string, value: unknown) {
  const response = await gateway.admin.call('PUT', '/api/option/', { key, value });
  expect(response.json.success, response.text).toBe(true);
}
const ask = (gateway: Gateway, content: string) =>
  new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 }).chat.completions.create({ model: 'm', messages: [{ role: 'user', content }] });
const channelView = async (gateway: Gateway, id: number) => (await gateway.admin.call('GET', `/api/channel/${id}`)).json.data;

describe('first-byte timeout', () => {
  it('moves a non-streamed call to the next channel when the upstream does not answer in time', async () => {
    const silent = await fake();
    silent.inject({ kind: 'never-answer' });
    const healthy = await fake();
    const gateway = await startGateway([
      { type: 1, upstream: silent, models: ['m'], priority: 10, name: 'silent' },
      { type: 1, upstream: healthy, models: ['m'], priority: 0, name: 'healthy' },
    ]);
    await setOption(gateway, 'first_byte_timeout_seconds', 1);
    const started = Date.now();
    const answer = await ask(gateway, 'anyone there');
    expect(answer.choices[0]!.message.content).toContain('anyone there');
    // Served after about the first-byte limit (1 s), far from the 300 s idle limit.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(silent.requests).toHaveLength(1);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log.channel_name).toBe('healthy');
    expect(log.retry_chain).toEqual([{ channel_id: expect.any(Number), channel_name: 'silent', key_index: 0, status: 0, ms: expect.any(Number), error: expect.stringContaining('did not answer within 1 s') }]);
    expect(log.retry_chain[0].ms).toBeGreaterThanOrEqual(900);
  });

  it('leaves the rest of a whole answer to the idle limit once its headers have come', async () => {
    const upstream = await fake();
    upstream.inject({ kind: 'delay-body', ms: 1_500 });
    const gateway = await startGateway([{ type: 1, upstream, models: ['m'] }]);
    await setOption(gateway, 'first_byte_timeout_seconds', 1);
    expect((await ask(gateway, 'slow body')).choices[0]!.message.content).toContain('slow body');
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('cooldown', () => {
  it('skips a failing channel for its cooldown, tries it again after, and a successful Test ends it', async () => {
    const failing = await fake();
    failing.inject({ kind: 'status', status: 500, body: { error: { message: 'boom', type: 'server_error' } } });
    const healthy = await fake();
    const gateway = await startGateway([]);
    const a = await addChannel(gateway.admin, { type: 1, upstream: failing, models: ['m'], priority: 10, name: 'A' });
    await addChannel(gateway.admin, { type: 1, upstream: healthy, models: ['m'], priority: 0, name: 'B' });
    await setOption(gateway, 'channel_cooldown_seconds', 1);
    const counts = () => [failing.requests.length, healthy.requests.length];

    await ask(gateway, 'one');
    expect(counts()).toEqual([1, 1]);
    // The next call goes straight to B: A is cooling down, and the channel API says until when.
    await ask(gateway, 'two');
    expect(counts()).toEqual([1, 2]);
    let view = await channelView(gateway, a);
    expect(view).toMatchObject({ cooldown_failures: 1, status: 1 });
    expect(view.cooldown_until).toBeGreaterThan(Date.now());
    const listed = (await gateway.admin.call('GET', '/api/channel/')).json.data.items.find((c: { id: number }) => c.id === a);
    expect(listed).toMatchObject({ cooldown_until: view.cooldown_until, cooldown_failures: 1 });

    // Once it has passed, A is tried first again; failing again, it cools for twice as long.
    await sleep(view.cooldown_until - Date.now() + 50);
    await ask(gateway, 'three');
    expect(counts()).toEqual([2, 3]);
    view = await channelView(gateway, a);
    expect(view.cooldown_failures).toBe(2);
    expect(view.cooldown_until - Date.now()).toBeGreaterThan(1_000);

    // A works again: a successful Test ends the cooldown, and calls go to A at once.
    failing.faults.length = 0;
    const test = await gateway.admin.call('GET', `/api/channel/test/${a}`);
    expect(test.json.data, test.text).toMatchObject({ ok: true, cooldown_until: 0, cooldown_failures: 0 });
    expect(await channelView(gateway, a)).toMatchObject({ cooldown_until: 0, cooldown_failures: 0 });
    await ask(gateway, 'four');
    expect(counts()).toEqual([4, 3]); // the test's call, then this one

    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((l) => l.retry_chain.map((r: { channel_name: string }) => r.channel_name))).toEqual([['A'], [], ['A'], []]);
    expect(logs.map((l) => l.channel_name)).toEqual(['B', 'B', 'B', 'A']);
  });

  it('cools only the key a 429 came from, honouring Retry-After', async () => {
    const upstream = await fake();
    const gateway = await startGateway([]);
    const id = await addChannel(gateway.admin, { type: 1, upstream, models: ['m'], key: 'key-one\nkey-two', extra: { key_mode: 'polling' } });
    upstream.inject({ kind: 'status', status: 429, body: { error: { message: 'slow down', type: 'rate_limit_error' } }, headers: { 'retry-after': '120' }, times: 1 });
    // key-one answers 429: the call fails (a 429 skips the channel for this call) …
    await expect(ask(gateway, 'first')).rejects.toMatchObject({ status: 429 });
    const keys = (await gateway.admin.call('GET', `/api/channel/${id}/keys`)).json.data.items;
    expect(keys[0].cooldown_until - Date.now()).toBeGreaterThan(110_000);
    expect(keys[1]).toMatchObject({ cooldown_until: 0, cooldown_failures: 0 });
    expect(await channelView(gateway, id)).toMatchObject({ cooldown_until: 0 });
    // … and later calls use key-two only, while key-one cools.
    await ask(gateway, 'second');
    await ask(gateway, 'third');
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual(['Bearer key-one', 'Bearer key-two', 'Bearer key-two']);
  });
});
