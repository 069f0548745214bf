import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countTokens } from '../../relay/billing/estimate-tokens.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

function call(baseUrl: string, key: string, body: Record<string, unknown>) {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function stateOf(dataDir: string) {
  return JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8'));
}

describe('billing', () => {
  it('logs the call with its tokens but neither the API key nor the prompt, anywhere in the data folder', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }]);
    const prompt = 'a very particular prompt 7f3a9c';
    expect((await call(gateway.relay.relayBaseUrl, gateway.key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] })).status).toBe(200);
    await gateway.relay.close();
    const [log] = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(log!.prompt_tokens).toBeGreaterThan(0);
    for (const file of await readdir(gateway.relay.dataDir, { recursive: true })) {
      const path = join(gateway.relay.dataDir, file);
      if (!(await stat(path)).isFile()) continue;
      const text = await readFile(path, 'utf8');
      expect(text, file).not.toContain(gateway.key);
      expect(text, file).not.toContain(prompt);
    }
  });

  it('200 concurrent calls on a key with little quota: charges equal the logged quotas, the key never below zero', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const initial = 300;
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }], { unlimited_quota: false, remain_quota: initial });
    const body = { model: 'gpt-4o-mini', max_tokens: 100, messages: [{ role: 'user', content: 'repeat 20' }] };
    const responses = await Promise.all(Array.from({ length: 200 }, () => call(gateway.relay.relayBaseUrl, gateway.key, body)));
    const statuses = responses.map((r) => r.status);
    const refused = await Promise.all(responses.filter((r) => r.status !== 200).map((r) => r.json()));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0); // the key ran out
    expect(statuses.every((s) => s === 200 || s === 403)).toBe(true);
    expect(refused.every((r: any) => r.error.code === 'insufficient_token_quota')).toBe(true);
    await gateway.relay.close();

    const logs = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(logs).toHaveLength(statuses.filter((s) => s === 200).length);
    const logged = logs.reduce((sum, r) => sum + r.quota, 0);
    expect(logged).toBeGreaterThan(0);
    const state = await stateOf(gateway.relay.dataDir);
    const token = state.tokens[0];
    expect(token.used_quota).toBe(logged);
    expect(initial - token.remain_quota).toBe(logged);
    const user = state.users[0];
    expect(100_000_000 - user.quota).toBe(logged);
    expect(user.used_quota).toBe(logged);
    // Each reservation bounds what the upstream can charge within max_tokens.
    expect(token.remain_quota).toBeGreaterThanOrEqual(0);
  });

  it('refunds the reservation of a failed call and logs the error', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    upstream.inject({ kind: 'status', status: 400, body: { error: { message: 'bad request upstream' } } });
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }], { unlimited_quota: false, remain_quota: 50_000 });
    const response = await call(gateway.relay.relayBaseUrl, gateway.key, { model: 'gpt-4o', max_tokens: 1000, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(400);
    await gateway.relay.close();
    const state = await stateOf(gateway.relay.dataDir);
    expect(state.tokens[0]).toMatchObject({ remain_quota: 50_000, used_quota: 0 });
    expect(state.users[0].quota).toBe(100_000_000);
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log).toMatchObject({ type: 5, quota: 0, error: expect.stringContaining('bad request upstream') });
  });

  it('counts tokens locally when the upstream reports no usage', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    upstream.inject({ kind: 'no-usage' });
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }]);
    const response = await call(gateway.relay.relayBaseUrl, gateway.key, { model: 'gpt-4o', messages: [{ role: 'user', content: 'repeat 50' }] });
    expect(response.status).toBe(200);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    // "word " × 50 is 50 tokens in o200k; the prompt is a handful.
    expect(log.completion_tokens).toBeGreaterThanOrEqual(45);
    expect(log.completion_tokens).toBeLessThanOrEqual(55);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.other.usage_estimated).toBe(true);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('logs one record per call with what a user needs and nothing secret', async () => {
    const upstream = await startFakeOpenAIChat({ apiKey: 'sk-upstream-secret-value' });
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'], key: 'sk-upstream-secret-value', model_mapping: { 'gpt-4o': 'gpt-4o-2024-11-20' } }]);
    const response = await call(gateway.relay.relayBaseUrl, gateway.key, { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'secret prompt text' }] });
    await response.text();
    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: 2,
      username: 'owner',
      token_name: 'test key',
      model: 'gpt-4o',
      upstream_model: 'gpt-4o-2024-11-20',
      group: 'default',
      is_stream: true,
      ip: expect.stringMatching(/127\.0\.0\.1/),
      request_id: response.headers.get('x-request-id'),
    });
    expect(logs[0].prompt_tokens).toBeGreaterThan(0);
    expect(logs[0].completion_tokens).toBeGreaterThan(0);
    expect(logs[0].total_ms).toBeGreaterThanOrEqual(logs[0].first_byte_ms);
    const text = JSON.stringify(logs);
    expect(text).not.toContain('sk-upstream-secret-value');
    expect(text).not.toContain(gateway.key);
    expect(text).not.toContain('secret prompt text');
  });

  it('bills a Messages stream the upstream cut for the text it delivered, not the 1 output token of its message_start', async () => {
    const upstream = await startFakeAnthropic({ chunkDelayMs: 2 });
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 14, upstream, key: FAKE_ANTHROPIC_API_KEY, models: ['claude-sonnet-4'] }]);
    const messages = [{ role: 'user', content: 'tell me a long enough story about billing and streams, please' }];
    const asked = [
      ['/messages', { model: 'claude-sonnet-4', max_tokens: 200, stream: true, messages }], // passed through
      ['/chat/completions', { model: 'claude-sonnet-4', stream: true, messages }], // translated
    ] as const;
    const delivered: string[] = [];
    for (const [path, body] of asked) {
      // message_start, content_block_start, ping, then four text deltas of two words each.
      upstream.inject({ kind: 'reset-after-chunks', afterChunks: 7, times: 1 });
      const response = await fetch(`${gateway.relay.relayBaseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      delivered.push(textOfEvents(await response.text()));
    }
    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs).toHaveLength(2);
    for (const [i, log] of logs.entries()) {
      expect(delivered[i]!.split(' ').length).toBeGreaterThanOrEqual(8);
      expect(log.completion_tokens).toBe(await countTokens(delivered[i]!));
      expect(log.error).toMatch(/before the answer was complete/);
    }
  });
});

/** The answer text of a Messages or chat completions event stream (text deltas, delta contents). */
function textOfEvents(stream: string): string {
  let text = '';
  for (const line of stream.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const event = JSON.parse(line.slice(6));
    text += event.delta?.text ?? event.choices?.[0]?.delta?.content ?? '';
  }
  return text;
}
