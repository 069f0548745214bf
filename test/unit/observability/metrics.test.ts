// GET /metrics as a Prometheus scraper sees it: off by default, behind its bearer token, and
// counting what real calls through the relay did (fake upstreams, the OpenAI SDK as client).
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedUsageUpstream } from './fixed-usage-upstream.js';
import type { FakeUpstream } from '../../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../../fake-upstreams/openai-chat.js';
import { startGateway } from '../../helpers/gateway.js';
import type { Gateway } from '../../helpers/gateway.js';
import { METRICS_TOKEN, enableMetrics, scrape, total } from './prometheus-text.js';

const OPENAI = 1;
const upstreams: FakeUpstream[] = [];

afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
});

/** 10 input tokens (4 of them cached) and 5 output tokens a call. */
async function fixedUsage(): Promise<FakeUpstream> {
  const upstream = await fixedUsageUpstream(4);
  upstreams.push(upstream);
  return upstream;
}

function client(gateway: Gateway): OpenAI {
  return new OpenAI({ apiKey: gateway.key, baseURL: gateway.relay.relayBaseUrl, maxRetries: 0 });
}

async function ask(gateway: Gateway, model: string) {
  return client(gateway).chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });
}

describe('GET /metrics', () => {
  it('is off by default (404), and once on answers only the metrics token (401 otherwise)', async () => {
    const gateway = await startGateway([]);
    const url = `${gateway.relay.origin}/metrics`;
    const off = await fetch(url);
    expect(off.status).toBe(404);
    expect(await off.text()).toContain('metrics_enabled');

    const enabledWithoutToken = await gateway.admin.call('PUT', '/api/option/', { values: { metrics_enabled: true } });
    expect(enabledWithoutToken.json?.success).toBe(true);
    const noTokenSet = await fetch(url, { headers: { authorization: 'Bearer anything' } });
    expect(noTokenSet.status).toBe(401);
    expect(await noTokenSet.text()).toContain('No metrics_token is set');

    await enableMetrics(gateway);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    // The API key of a user is not the metrics token.
    expect((await fetch(url, { headers: { authorization: `Bearer ${gateway.key}` } })).status).toBe(401);
    const scraped = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(text).toContain('# TYPE relaydesk_calls_total counter');
    expect(text).toContain('# TYPE relaydesk_upstream_first_byte_seconds histogram');

    // The token is a secret option: the settings never answer it.
    const options = await gateway.admin.call('GET', '/api/option/');
    expect(options.text).not.toContain(METRICS_TOKEN);
  });

  it('refuses an address that sent 10 wrong tokens (429, right token or not) until its window ends', async () => {
    const gateway = await startGateway([]);
    await enableMetrics(gateway);
    const url = `${gateway.relay.origin}/metrics`;
    for (let guess = 0; guess < 10; guess++) expect((await fetch(url, { headers: { authorization: `Bearer guess-${guess}` } })).status).toBe(401);
    const blocked = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Too many wrong metrics tokens');
  });

  it('counts a served call, its tokens, cost and latency by model, channel and family', async () => {
    const upstream = await fixedUsage();
    const gateway = await startGateway([{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'main' }]);
    await enableMetrics(gateway);
    const before = await scrape(gateway);
    expect(total(before, 'relaydesk_calls_total', { model: 'gpt-4o' })).toBe(0);

    const answer = await ask(gateway, 'gpt-4o');
    expect(answer.usage?.prompt_tokens).toBe(10);

    const after = await scrape(gateway);
    const labels = { model: 'gpt-4o', family: 'chat', channel: 'main' };
    expect(total(after, 'relaydesk_calls_total', { ...labels, status: '200' })).toBe(1);
    expect(total(after, 'relaydesk_tokens_total', { ...labels, type: 'input' })).toBe(10);
    expect(total(after, 'relaydesk_tokens_total', { ...labels, type: 'output' })).toBe(5);
    expect(total(after, 'relaydesk_tokens_total', { ...labels, type: 'cached' })).toBe(4);
    expect(total(after, 'relaydesk_call_errors_total')).toBe(0);
    // gpt-4o has a built-in price: the call cost something, in USD (a fraction of a cent).
    const cost = total(after, 'relaydesk_cost_usd_total', labels);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(0.01);
    expect(total(after, 'relaydesk_upstream_attempts_total', { ...labels, outcome: 'ok', status: '200' })).toBe(1);
    expect(total(after, 'relaydesk_upstream_duration_seconds_count', labels)).toBe(1);
    expect(total(after, 'relaydesk_upstream_first_byte_seconds_count', labels)).toBe(1);
    expect(total(after, 'relaydesk_call_duration_seconds_count', { model: 'gpt-4o', status: '200' })).toBe(1);
    // Closed once the call ended.
    expect(total(after, 'relaydesk_open_reservations')).toBe(0);
    expect(total(after, 'relaydesk_open_streams')).toBe(0);

    await ask(gateway, 'gpt-4o');
    const twice = await scrape(gateway);
    expect(total(twice, 'relaydesk_calls_total', { ...labels, status: '200' })).toBe(2);
    expect(total(twice, 'relaydesk_tokens_total', { ...labels, type: 'input' })).toBe(20);
  });

  it('counts calls only while metrics are on: a call made while off is in no scrape', async () => {
    const upstream = await fixedUsage();
    const gateway = await startGateway([{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'main' }]);
    await ask(gateway, 'gpt-4o'); // metrics off (the default)
    await enableMetrics(gateway);
    await ask(gateway, 'gpt-4o');
    const samples = await scrape(gateway);
    expect(total(samples, 'relaydesk_calls_total', { model: 'gpt-4o', status: '200' })).toBe(1);
    expect(total(samples, 'relaydesk_call_duration_seconds_count', { model: 'gpt-4o' })).toBe(1);
  });

  it('counts a failing channel: its attempt errors, its cooldown, and a call no channel could serve', async () => {
    const good = await fixedUsage();
    const bad = await startFakeOpenAIChat();
    upstreams.push(bad);
    bad.inject({ kind: 'status', status: 500, body: { error: { message: 'upstream broke', type: 'server_error' } } });
    const gateway = await startGateway([
      { type: OPENAI, upstream: bad, models: ['gpt-4o', 'gpt-4o-mini'], name: 'flaky', priority: 10 },
      { type: OPENAI, upstream: good, models: ['gpt-4o'], name: 'steady', priority: 0 },
    ]);
    await enableMetrics(gateway);

    await ask(gateway, 'gpt-4o'); // flaky first (higher priority) answers 500; steady serves it
    const served = await scrape(gateway);
    expect(total(served, 'relaydesk_upstream_attempts_total', { channel: 'flaky', outcome: 'error', status: '500' })).toBe(1);
    expect(total(served, 'relaydesk_upstream_attempts_total', { channel: 'steady', outcome: 'ok' })).toBe(1);
    expect(total(served, 'relaydesk_calls_total', { model: 'gpt-4o', channel: 'steady', status: '200' })).toBe(1);
    // The failed channel cools down (its first wait is 5 s), the good one does not.
    expect(total(served, 'relaydesk_channel_cooldown_seconds', { channel: 'flaky' })).toBeGreaterThan(0);
    expect(total(served, 'relaydesk_channel_cooldown_seconds', { channel: 'steady' })).toBe(0);
    expect(total(served, 'relaydesk_channel_status', { channel: 'flaky', state: 'enabled' })).toBe(1);
    expect(total(served, 'relaydesk_channel_status', { channel: 'flaky', state: 'auto_disabled' })).toBe(0);
    expect(total(served, 'relaydesk_channel_keys', { channel: 'flaky', state: 'enabled' })).toBe(1);

    // Only the cooling flaky channel serves gpt-4o-mini: the call fails, and is counted as an error.
    await expect(ask(gateway, 'gpt-4o-mini')).rejects.toMatchObject({ status: expect.any(Number) });
    const failed = await scrape(gateway);
    const errors = failed.filter((s) => s.name === 'relaydesk_call_errors_total' && s.labels.model === 'gpt-4o-mini');
    expect(errors).toHaveLength(1);
    expect(Number(errors[0]!.labels.status)).toBeGreaterThanOrEqual(500);
    expect(errors[0]!.value).toBe(1);
    expect(total(failed, 'relaydesk_calls_total', { model: 'gpt-4o-mini', status: errors[0]!.labels.status! })).toBe(1);
    expect(total(failed, 'relaydesk_tokens_total', { model: 'gpt-4o-mini' })).toBe(0);
    expect(total(failed, 'relaydesk_open_reservations')).toBe(0);
  });

  it('counts a key refused before any upstream (401) as an error of no model', async () => {
    const gateway = await startGateway([]);
    await enableMetrics(gateway);
    const refused = await fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-not-a-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(refused.status).toBe(401);
    const samples = await scrape(gateway);
    expect(total(samples, 'relaydesk_calls_total', { status: '401', model: '', channel: '' })).toBe(1);
    expect(total(samples, 'relaydesk_call_errors_total', { status: '401' })).toBe(1);
  });

  it('counts a stream the upstream cut after the answer began: served (200), and an error', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    upstream.inject({ kind: 'reset-after-chunks', afterChunks: 2, times: 1 });
    const gateway = await startGateway([{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'cut' }]);
    await enableMetrics(gateway);
    const response = await fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'repeat 20' }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('error');
    await expect.poll(async () => total(await scrape(gateway), 'relaydesk_calls_total', { model: 'gpt-4o', status: '200' }), { timeout: 10_000 }).toBe(1);
    const samples = await scrape(gateway);
    expect(total(samples, 'relaydesk_call_errors_total', { model: 'gpt-4o', channel: 'cut', status: '502', kind: 'upstream' })).toBe(1);
    expect(total(samples, 'relaydesk_open_streams')).toBe(0);
  });

  it('shows a stream open while it runs, and closed after', async () => {
    const upstream = await startFakeOpenAIChat({ chunkDelayMs: 150 });
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: OPENAI, upstream, models: ['gpt-4o'], name: 'slow' }]);
    await enableMetrics(gateway);
    const stream = await client(gateway).chat.completions.create({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'repeat 12' }] });
    const chunks = stream[Symbol.asyncIterator]();
    await chunks.next(); // the answer has begun
    const during = await scrape(gateway);
    expect(total(during, 'relaydesk_open_streams', { family: 'chat' })).toBe(1);
    expect(total(during, 'relaydesk_open_reservations')).toBe(1);
    for (let next = await chunks.next(); !next.done; next = await chunks.next());
    await expect.poll(async () => total(await scrape(gateway), 'relaydesk_calls_total', { model: 'gpt-4o', status: '200' }), { timeout: 10_000 }).toBe(1);
    const after = await scrape(gateway);
    expect(total(after, 'relaydesk_open_streams', { family: 'chat' })).toBe(0);
    expect(total(after, 'relaydesk_open_reservations')).toBe(0);
  });
});
