// A limited key under concurrency: the reservation is an upper bound of what an honest
// upstream can charge, so the key never ends below zero, and a small quota still serves as
// many calls as it can pay for, with the output limit lowered when only part of it is left.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startHonestChat } from '../fake-upstreams/honest-chat.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function started(upstream: Promise<FakeUpstream>): Promise<FakeUpstream> {
  upstreams.push(await upstream);
  return upstreams.at(-1)!;
}

function chat(baseUrl: string, key: string, body: Record<string, unknown>) {
  return fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
}

/** `total` calls, `concurrency` at a time; answers their statuses and error codes. */
async function burst(total: number, concurrency: number, send: () => Promise<Response>): Promise<{ status: number; code?: string }[]> {
  const results: { status: number; code?: string }[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const response = await send();
      const json = (await response.json()) as { error?: { code?: string } };
      results.push({ status: response.status, code: json.error?.code });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

async function tokenOf(dataDir: string) {
  return JSON.parse(await readFile(join(dataDir, 'state.json'), 'utf8')).tokens[0];
}

describe('a key with 350 quota', () => {
  it('1 000 calls with max_tokens 20, 100 at a time: never below zero, as many served as one at a time would be', async () => {
    const upstream = await started(startHonestChat());
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }], { unlimited_quota: false, remain_quota: 350 });
    const results = await burst(1000, 100, () => chat(gateway.relay.relayBaseUrl, gateway.key, { max_tokens: 20 }));
    await gateway.relay.close();

    const served = results.filter((r) => r.status === 200).length;
    // Each call costs 7 (8 prompt + 20 output tokens of gpt-4o-mini): one at a time, 50 are served.
    expect(served).toBeGreaterThanOrEqual(45);
    expect(results.every((r) => r.status === 200 || (r.status === 403 && r.code === 'insufficient_token_quota'))).toBe(true);
    const token = await tokenOf(gateway.relay.dataDir);
    expect(token.remain_quota).toBeGreaterThanOrEqual(0);
    expect(token.remain_quota + token.used_quota).toBe(350);
  });

  it('without max_tokens still serves about the 50 calls it can pay for, sending the limit its quota pays for', async () => {
    const upstream = await started(startHonestChat());
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }], { unlimited_quota: false, remain_quota: 350 });
    const results = await burst(1000, 100, () => chat(gateway.relay.relayBaseUrl, gateway.key, {}));
    await gateway.relay.close();

    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(45);
    const token = await tokenOf(gateway.relay.dataDir);
    expect(token.remain_quota).toBeGreaterThanOrEqual(0);
    // The default reservation (4 096 output tokens, 1 230 quota) did not fit: the upstream was
    // asked for no more than what was left pays for, and the log says so.
    const limits = upstream.requests.map((r) => r.body.max_completion_tokens as number);
    expect(limits.every((limit) => limit > 0 && limit < 4096)).toBe(true);
    const logs = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(logs.every((r) => r.other.warnings.some((w: string) => w.startsWith('Output limited to')))).toBe(true);
  });

  it('lowers the field the client used on a pass-through', async () => {
    const upstream = await started(startHonestChat());
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }], { unlimited_quota: false, remain_quota: 100 });
    expect((await chat(gateway.relay.relayBaseUrl, gateway.key, { max_tokens: 100_000 })).status).toBe(200);
    expect(upstream.requests[0]!.body.max_tokens).toBeLessThan(400);
    expect(upstream.requests[0]!.body.max_completion_tokens).toBeUndefined();
  });
});

describe('when nothing is left', () => {
  it('refuses at once with 403 in the shape of each protocol', async () => {
    const upstream = await started(startHonestChat());
    // 1 quota left: not enough for the prompt of any call to gpt-4o.
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }], { unlimited_quota: false, remain_quota: 1 });
    const base = gateway.relay.origin;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${gateway.key}` };
    const chatAnswer = await chat(gateway.relay.relayBaseUrl, gateway.key, { model: 'gpt-4o' });
    expect(chatAnswer.status).toBe(403);
    expect(await chatAnswer.json()).toMatchObject({ error: { code: 'insufficient_token_quota', message: expect.stringMatching(/quota is used up: 1 left/) } });
    const messages = await fetch(`${base}/v1/messages`, { method: 'POST', headers, body: JSON.stringify({ model: 'gpt-4o', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }) });
    expect(messages.status).toBe(403);
    expect(await messages.json()).toEqual({ error: { type: 'rate_limit_error', message: expect.stringMatching(/quota is used up/) } });
    const gemini = await fetch(`${base}/v1beta/models/gpt-4o:generateContent`, { method: 'POST', headers, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) });
    expect(gemini.status).toBe(403);
    expect(await gemini.json()).toMatchObject({ error: { code: 403, status: 'RESOURCE_EXHAUSTED' } });
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('a capped call translated for another provider', () => {
  it('sends the lowered max_tokens, with a thinking budget that fits under it', async () => {
    const upstream = await started(startFakeAnthropic());
    const gateway = await startGateway([{ type: 14, upstream, models: ['claude-sonnet-4-5'], key: FAKE_ANTHROPIC_API_KEY }], { unlimited_quota: false, remain_quota: 20_000 });
    const response = await chat(gateway.relay.relayBaseUrl, gateway.key, { model: 'claude-sonnet-4-5', max_tokens: 30_000, reasoning_effort: 'high' });
    expect(response.status).toBe(200);
    const sent = upstream.requests[0]!.body;
    // 20 000 quota at claude-sonnet's 1.5 × 5 output price pays for ~2 600 tokens.
    expect(sent.max_tokens).toBeLessThan(3000);
    expect(sent.thinking.budget_tokens).toBeLessThan(sent.max_tokens);
  });
});
