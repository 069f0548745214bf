// `POST /v1/completions` (legacy text completions) with the official openai SDK: passed through
// to an OpenAI-kind upstream's own /v1/completions (plain and streamed), and answered through
// chat by an Anthropic, a Gemini, a chat-only OpenAI and a Responses-upstream channel; the reservation bounds every
// candidate, the call is charged; what a chat upstream cannot honour goes elsewhere or is
// refused in OpenAI's error shape; a channel not serving completions is never tried.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import type { ChannelSpec, Gateway } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';

const upstreams: FakeUpstream[] = [];
const gateways: Gateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.relay.close()));
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function started(upstream: Promise<FakeUpstream>) {
  const fake = await upstream;
  upstreams.push(fake);
  return fake;
}

async function relay(channels: ChannelSpec[], token: Record<string, unknown> = {}) {
  const gateway = await startGateway(channels, token);
  gateways.push(gateway);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (body: unknown) =>
    fetch(`${gateway.relay.relayBaseUrl}/completions`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { gateway, client, post };
}

const openaiKind = () => started(startFakeOpenAIChat({ apiKey: 'upstream-key' }));

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const chunks: T[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('completions on an OpenAI-kind channel (the body passes through)', () => {
  it('answers a plain call with the upstream’s text_completion, its usage, and the client’s body sent with the mapped model', async () => {
    const upstream = await openaiKind();
    const { client } = await relay([{ type: 1, upstream, models: ['instruct'], model_mapping: { instruct: 'gpt-3.5-turbo-instruct' } }]);
    const completion = await client.completions.create({ model: 'instruct', prompt: 'Say this is a test', max_tokens: 5, temperature: 0 });
    expect(upstream.requests.map((r) => r.path)).toEqual(['/v1/completions']);
    expect(upstream.requests[0]!.body).toEqual({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say this is a test', max_tokens: 5, temperature: 0 });
    expect(completion).toMatchObject({ object: 'text_completion', model: 'gpt-3.5-turbo-instruct' });
    expect(completion.choices).toEqual([{ text: ' completed: Say this is a', index: 0, logprobs: null, finish_reason: 'length' }]);
    expect(completion.usage).toEqual({ prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 });
    expect(openAISchemas().check(completion, 'CreateCompletionResponse')).toEqual([]);
  });

  it('passes through what only a completions endpoint does: several prompts, n, echo, suffix, logprobs, token ids', async () => {
    const upstream = await openaiKind();
    const { client } = await relay([{ type: 1, upstream, models: ['instruct'] }]);
    const completion = await client.completions.create({ model: 'instruct', prompt: ['a', 'b'], n: 2, echo: true, suffix: 'end', logprobs: 1, max_tokens: 50 });
    expect(completion.choices.map((c) => [c.index, c.text])).toEqual([
      [0, 'a completed: a before end'],
      [1, 'a completed: a before end'],
      [2, 'b completed: b before end'],
      [3, 'b completed: b before end'],
    ]);
    expect(completion.choices[0]!.logprobs?.tokens?.[0]).toBe('a');
    const tokens = await client.completions.create({ model: 'instruct', prompt: [[1, 2]], max_tokens: 50 });
    expect(tokens.choices[0]!.text).toBe(' completed: <1> <2>');
  });

  it('streams the upstream’s chunks, each choice ending with its finish_reason, the usage chunk only when asked', async () => {
    const upstream = await openaiKind();
    const { client } = await relay([{ type: 1, upstream, models: ['instruct'] }]);
    const chunks = await collect(await client.completions.create({ model: 'instruct', prompt: 'stream me', max_tokens: 20, stream: true, stream_options: { include_usage: true } }));
    const withChoices = chunks.filter((c) => c.choices.length > 0);
    expect(withChoices.map((c) => c.choices[0]!.text).join('')).toBe(' completed: stream me');
    expect(withChoices.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 } });

    const plain = await collect(await client.completions.create({ model: 'instruct', prompt: 'no usage', stream: true }));
    expect(plain.every((c) => c.choices.length === 1 && !c.usage)).toBe(true);
    expect(plain.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    // The relay asked the upstream for usage all the same, to bill the call.
    expect(upstream.requests[1]!.body.stream_options).toEqual({ include_usage: true });
  });
});

const chatKinds = [
  { name: 'Anthropic', type: 14, start: () => startFakeAnthropic({ apiKey: 'upstream-key' }), upstreamModel: 'claude-sonnet-4-5', path: '/v1/messages', extra: {} },
  { name: 'Gemini', type: 24, start: () => startFakeGemini({ apiKey: 'upstream-key' }), upstreamModel: 'gemini-2.5-flash', path: '/v1beta/models/gemini-2.5-flash:generateContent', extra: {} },
  {
    name: 'chat-only OpenAI',
    type: 1,
    start: () => startFakeOpenAIChat({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-4o-mini',
    path: '/v1/chat/completions',
    extra: { completions_upstream: 'chat' },
  },
  {
    name: 'OpenAI Responses',
    type: 1,
    start: () => startFakeOpenAIResponses({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-5-mini',
    path: '/v1/responses',
    extra: { upstream_protocol: 'responses' },
  },
];

describe.each(chatKinds)('completions through chat on a $name channel', (kind) => {
  async function setup() {
    const upstream = await started(kind.start());
    const gateway = await relay([{ type: kind.type, upstream, models: ['m'], model_mapping: { m: kind.upstreamModel }, extra: kind.extra }]);
    return { upstream, ...gateway };
  }

  it('sends the prompt as one user message with OpenAI’s default limit, and answers a text_completion', async () => {
    const { client, upstream } = await setup();
    const completion = await client.completions.create({ model: 'm', prompt: 'Once upon a time' });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.path).toBe(kind.path);
    expect(JSON.stringify(upstream.requests[0]!.body)).toContain('Once upon a time');
    expect(JSON.stringify(upstream.requests[0]!.body)).toMatch(/"(max_tokens|max_completion_tokens|max_output_tokens|maxOutputTokens)":16\b/);
    expect(completion).toMatchObject({ object: 'text_completion', model: 'm' });
    expect(completion.id).toMatch(/^cmpl-/);
    expect(completion.choices).toEqual([{ text: expect.stringContaining('Echo: Once upon a time'), index: 0, logprobs: null, finish_reason: 'stop' }]);
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    expect(openAISchemas().check(completion, 'CreateCompletionResponse')).toEqual([]);
  });

  it('streams text_completion chunks with the prompt echoed first, a finish_reason at the end and the usage when asked', async () => {
    const { client } = await setup();
    const chunks = await collect(await client.completions.create({ model: 'm', prompt: 'Tell me', echo: true, max_tokens: 40, stream: true, stream_options: { include_usage: true } }));
    const withChoices = chunks.filter((c) => c.choices.length > 0);
    expect(withChoices[0]!.choices[0]!.text).toBe('Tell me');
    expect(withChoices.map((c) => c.choices[0]!.text).join('')).toMatch(/^Tell meEcho: Tell me/);
    expect(withChoices.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null)).toBe(true);
    expect(withChoices.at(-1)!.choices[0]).toMatchObject({ text: '', finish_reason: 'stop' });
    expect(chunks.every((c) => c.object === 'text_completion' && c.model === 'm')).toBe(true);
    expect(chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('refuses in OpenAI’s error shape what chat cannot honour, without calling the upstream', async () => {
    const { client, upstream } = await setup();
    const error = (await client.completions.create({ model: 'm', prompt: 'def f(', suffix: 'return x' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toMatchObject({ type: 'invalid_request_error', param: 'suffix', code: 'unsupported_parameter' });
    expect(error.message).toContain('chat upstream');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('completions routing', () => {
  it('sends what chat cannot honour to a channel with a completions endpoint, even at a lower priority', async () => {
    const claude = await started(startFakeAnthropic({ apiKey: 'upstream-key' }));
    const openai = await openaiKind();
    const { client } = await relay([
      { type: 14, upstream: claude, models: ['m'], priority: 10 },
      { type: 1, upstream: openai, models: ['m'], priority: 0 },
    ]);
    const completion = await client.completions.create({ model: 'm', prompt: 'x', n: 2 });
    expect(completion.choices).toHaveLength(2);
    expect(claude.requests).toHaveLength(0);
    expect(openai.requests.map((r) => r.path)).toEqual(['/v1/completions']);
    // A call chat can honour takes the higher priority.
    await client.completions.create({ model: 'm', prompt: 'x' });
    expect(claude.requests).toHaveLength(1);
  });

  it('never tries a channel that does not serve completions, and answers 404 when none does', async () => {
    const chatOnly = await openaiKind();
    const completer = await openaiKind();
    const { client } = await relay([
      { type: 1, upstream: chatOnly, models: ['m', 'chat-model'], priority: 10, extra: { families: ['chat'] } },
      { type: 1, upstream: completer, models: ['m'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await client.completions.create({ model: 'm', prompt: 'x' })).choices).toHaveLength(1);
    expect(chatOnly.requests).toHaveLength(0);
    expect(completer.requests).toHaveLength(3);
    const error = (await client.completions.create({ model: 'chat-model', prompt: 'x' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe('model_not_found');
    expect(chatOnly.requests).toHaveLength(0);
  });

  it('tests a completions-only channel with a one-token completion at its completions endpoint', async () => {
    const upstream = await openaiKind();
    const { gateway } = await relay([{ type: 1, upstream, models: ['davinci-002'], extra: { families: ['completions'] } }]);
    const [id] = ((await gateway.admin.call('GET', '/api/channel/')).json.data.items as { id: number }[]).map((c) => c.id);
    const tested = await gateway.admin.call('GET', `/api/channel/test/${id}`);
    expect(tested.json.data).toMatchObject({ ok: true, status_code: 200, family: 'completions', model: 'davinci-002' });
    expect(upstream.requests).toEqual([expect.objectContaining({ path: '/v1/completions', body: { model: 'davinci-002', prompt: 'hi', max_tokens: 1 } })]);
  });

  it('answers bad input with 400 in OpenAI’s error shape, before any upstream call', async () => {
    const upstream = await openaiKind();
    const { post } = await relay([{ type: 1, upstream, models: ['m'] }]);
    for (const [body, param] of [
      [{ model: 'm' }, 'prompt'],
      [{ model: 'm', prompt: 'x', n: 0 }, 'n'],
      [{ model: 'm', prompt: 'x', best_of: 2, stream: true }, 'best_of'],
      [{ model: 'm', prompt: [{ text: 'x' }] }, 'prompt[0]'],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as any;
      expect(Object.keys(answer)).toEqual(['error']);
      expect(answer.error).toMatchObject({ type: 'invalid_request_error', param, message: expect.any(String) });
    }
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('completions billing', () => {
  it('counts a streamed answer locally when the upstream reports no usage', async () => {
    const upstream = await openaiKind();
    upstream.inject({ kind: 'no-usage' });
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }]);
    const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
    const prompt = 'one two three four five six seven eight';
    const chunks = await collect(await client.completions.create({ model: 'gpt-4o', prompt, n: 2, max_tokens: 50, stream: true }));
    expect(chunks.filter((c) => c.choices[0]?.finish_reason === 'stop').map((c) => c.choices[0]!.index)).toEqual([0, 1]);
    await gateway.relay.close();
    const [log] = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    // Both choices' text (" completed: one … eight" twice, ~20 tokens) and the prompt, in o200k.
    expect(log.completion_tokens).toBeGreaterThanOrEqual(16);
    expect(log.completion_tokens).toBeLessThanOrEqual(30);
    expect(log.prompt_tokens).toBeGreaterThanOrEqual(6);
    expect(log.other.usage_estimated).toBe(true);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('reserves for every candidate (max_tokens × best_of), lowering max_tokens to what the quota pays, and charges the call', async () => {
    const upstream = await openaiKind();
    const gateway = await startGateway([{ type: 1, upstream, models: ['gpt-4o'] }], { unlimited_quota: false, remain_quota: 2000 });
    const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
    const completion = await client.completions.create({ model: 'gpt-4o', prompt: 'hi', max_tokens: 1000, n: 3, best_of: 4 });
    expect(completion.choices).toHaveLength(3);
    // gpt-4o: 1.25 per prompt token, 4 × that per output token; 2000 pays for at most 100 tokens for each of 4 candidates.
    const sent = upstream.requests[0]!.body.max_tokens;
    expect(sent).toBeGreaterThan(16);
    expect(sent).toBeLessThanOrEqual(100);

    const claude = await started(startFakeAnthropic({ apiKey: 'upstream-key' }));
    await gateway.admin.call('POST', '/api/channel/', { type: 14, key: 'upstream-key', base_url: claude.url, models: 'gpt-4o-translated', model_mapping: '{"gpt-4o-translated":"claude-sonnet-4-5"}' });
    await client.completions.create({ model: 'gpt-4o-translated', prompt: 'hi', max_tokens: 20 });
    await gateway.relay.close();

    const logs = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(logs.map((r) => r.model)).toEqual(['gpt-4o', 'gpt-4o-translated']);
    expect(logs[0]).toMatchObject({ prompt_tokens: completion.usage!.prompt_tokens, completion_tokens: completion.usage!.completion_tokens });
    for (const log of logs) expect(log.quota).toBeGreaterThan(0);
    const charged = logs.reduce((sum, r) => sum + r.quota, 0);
    const state = JSON.parse(await readFile(join(gateway.relay.dataDir, 'state.json'), 'utf8'));
    expect(state.tokens[0]).toMatchObject({ used_quota: charged, remain_quota: 2000 - charged });
  });
});
