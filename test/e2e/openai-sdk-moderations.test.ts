// `POST /v1/moderations` with the official openai SDK: a string, an array of strings and
// multimodal parts, flagged and not, in OpenAI's shape (checked against its OpenAPI
// description); a call without a model goes as the default_moderation_model setting; only
// channels serving moderation are reached; the call is billed; refusals in OpenAI's error shape.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
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

async function relay(channels: (Omit<ChannelSpec, 'upstream'> & { upstream?: FakeUpstream })[], token: Record<string, unknown> = {}) {
  const openai = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
  upstreams.push(openai);
  const gateway = await startGateway(channels.map((channel) => ({ upstream: openai, ...channel })), token);
  gateways.push(gateway);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  const post = (body: unknown) =>
    fetch(`${gateway.relay.relayBaseUrl}/moderations`, { method: 'POST', headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { openai, gateway, client, post };
}

const OMNI = 'omni-moderation-latest';
const CATEGORIES = ['harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'self-harm', 'self-harm/instructions', 'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic'];

function expectOpenAIShape(answer: unknown) {
  expect(openAISchemas().check(answer, 'CreateModerationResponse')).toEqual([]);
}

describe('moderations through an OpenAI-kind channel', () => {
  it('judges a string: not flagged, every category with its score and input types, the body passed through', async () => {
    const { client, openai } = await relay([{ type: 1, models: ['mod'], model_mapping: { mod: OMNI } }]);
    const answer = await client.moderations.create({ model: 'mod', input: 'What a lovely day.' });
    expectOpenAIShape(answer);
    expect(answer.id).toMatch(/^modr-/);
    expect(answer.model).toBe('omni-moderation-2024-09-26');
    expect(answer.results).toHaveLength(1);
    const [result] = answer.results;
    expect(result!.flagged).toBe(false);
    expect(Object.keys(result!.categories).sort()).toEqual(CATEGORIES);
    expect(Object.keys(result!.category_scores).sort()).toEqual(CATEGORIES);
    expect(result!.category_applied_input_types.violence).toEqual(['text']);
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]!.path).toBe('/v1/moderations');
    expect(openai.requests[0]!.headers.authorization).toBe('Bearer upstream-key');
    expect(openai.requests[0]!.body).toEqual({ model: OMNI, input: 'What a lovely day.' });
  });

  it('judges an array of strings one by one, flagging the violent one', async () => {
    const { client } = await relay([{ type: 1, models: [OMNI] }]);
    const answer = await client.moderations.create({ model: OMNI, input: ['I will kill you.', 'Good morning.'] });
    expectOpenAIShape(answer);
    expect(answer.results.map((r) => r.flagged)).toEqual([true, false]);
    expect(answer.results[0]!.categories.violence).toBe(true);
    expect(answer.results[0]!.category_scores.violence).toBeGreaterThan(0.5);
    expect(answer.results[1]!.categories.violence).toBe(false);
  });

  it('judges text and image parts together as one input (omni-moderation)', async () => {
    const { client, openai } = await relay([{ type: 8, models: [OMNI] }]);
    const input = [
      { type: 'text' as const, text: 'Look at this.' },
      { type: 'image_url' as const, image_url: { url: 'https://example.com/gore.png' } },
    ];
    const answer = await client.moderations.create({ model: OMNI, input });
    expectOpenAIShape(answer);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({ flagged: true, categories: { 'violence/graphic': true, harassment: false } });
    expect(answer.results[0]!.category_applied_input_types['violence/graphic']).toEqual(['text', 'image']);
    expect(answer.results[0]!.category_applied_input_types.harassment).toEqual(['text']);
    expect(openai.requests[0]!.body).toEqual({ model: OMNI, input });
  });

  it('routes a call without a model as default_moderation_model (omni-moderation-latest until changed)', async () => {
    const { client, openai, gateway } = await relay([{ type: 1, models: [OMNI, 'house-moderator'], model_mapping: { 'house-moderator': 'text-moderation-latest' } }]);
    const first = await client.moderations.create({ input: 'hello' });
    expect(first.model).toBe('omni-moderation-2024-09-26');
    expect(openai.requests[0]!.body).toEqual({ model: OMNI, input: 'hello' });
    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'default_moderation_model', value: 'house-moderator' })).json.success).toBe(true);
    const second = await client.moderations.create({ input: 'hello' });
    expect(second.model).toBe('text-moderation-007');
    expect(openai.requests[1]!.body).toEqual({ model: 'text-moderation-latest', input: 'hello' });
  });
});

describe('moderation routing', () => {
  it('never reaches a channel that does not serve moderation, even of the same model at a higher priority', async () => {
    const anthropic = await startFakeAnthropic();
    const chatOnly = await startFakeOpenAIChat();
    upstreams.push(anthropic, chatOnly);
    const { client, openai } = await relay([
      { type: 14, upstream: anthropic, models: ['mod'], priority: 10 },
      { type: 1, upstream: chatOnly, models: ['mod'], priority: 10, extra: { families: ['chat'] } },
      { type: 1, models: ['mod'], priority: 0 },
    ]);
    for (let i = 0; i < 3; i++) expect((await client.moderations.create({ model: 'mod', input: 'x' })).results).toHaveLength(1);
    expect(anthropic.requests).toHaveLength(0);
    expect(chatOnly.requests).toHaveLength(0);
    expect(openai.requests).toHaveLength(3);
  });

  it('leaves out a channel told to serve moderation whose kind has none (Azure); 400 when no other is left', async () => {
    const azure = await startFakeOpenAIChat();
    upstreams.push(azure);
    const { client, openai, post } = await relay([
      { type: 3, upstream: azure, models: ['mod', 'azure-only'], priority: 10, extra: { families: ['moderation'] } },
      { type: 1, models: ['mod'], priority: 0 },
    ]);
    expect((await client.moderations.create({ model: 'mod', input: 'x' })).results).toHaveLength(1);
    const response = await post({ model: 'azure-only', input: 'x' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({ type: 'invalid_request_error', code: 'moderation_not_supported' });
    expect(azure.requests).toHaveLength(0);
    expect(openai.requests).toHaveLength(1);
  });

  it('takes an answer without results for a failure and goes to the next channel', async () => {
    const broken = await startFakeOpenAIChat();
    upstreams.push(broken);
    broken.inject({ kind: 'status', status: 200, body: { object: 'list', data: [] } });
    const { client, openai, gateway } = await relay([
      { type: 1, upstream: broken, models: ['mod'], priority: 10 },
      { type: 1, models: ['mod'], priority: 0 },
    ]);
    expect((await client.moderations.create({ model: 'mod', input: 'x' })).results).toHaveLength(1);
    expect(broken.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(1);
    await gateway.relay.close();
    const [log] = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(log.retry_chain[0]).toMatchObject({ status: 502, error: expect.stringContaining('without moderation results') });
  });

  it('answers 404 model_not_found when only an Anthropic channel has the model', async () => {
    const anthropic = await startFakeAnthropic();
    upstreams.push(anthropic);
    const { post } = await relay([{ type: 14, upstream: anthropic, models: ['claude-sonnet-4'] }]);
    const response = await post({ model: 'claude-sonnet-4', input: 'x' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as any).error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_found' });
    expect(anthropic.requests).toHaveLength(0);
  });
});

describe('moderation billing', () => {
  it('charges a model priced per call once per request, and one priced per token by the text counted locally', async () => {
    const { client, gateway } = await relay([{ type: 1, models: ['flat-mod', 'token-mod'] }], { unlimited_quota: false, remain_quota: 1_000_000 });
    expect((await gateway.admin.call('POST', '/api/models/meta', { name: 'flat-mod', price_per_call: 0.002 })).json.success).toBe(true);
    expect((await gateway.admin.call('POST', '/api/models/meta', { name: 'token-mod', model_ratio: 100 })).json.success).toBe(true);
    await client.moderations.create({ model: 'flat-mod', input: ['one', 'two', 'three'] });
    await client.moderations.create({ model: 'token-mod', input: 'a few words of text to count' });
    await gateway.relay.close();
    const logs = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    const flat = logs.find((r) => r.model === 'flat-mod');
    const perToken = logs.find((r) => r.model === 'token-mod');
    expect(flat.quota).toBe(1000); // 0.002 USD × 500 000
    expect(perToken.prompt_tokens).toBeGreaterThan(3);
    expect(perToken.quota).toBe(perToken.prompt_tokens * 100);
    expect(perToken.completion_tokens).toBe(0);
  });

  it('charges unit prices per request, alone or beside a token price, and reserves for them', async () => {
    const { client, gateway } = await relay([{ type: 1, models: ['req-mod', 'both-mod'] }], { unlimited_quota: false, remain_quota: 1_000_000 });
    expect((await gateway.admin.call('POST', '/api/models/meta', { name: 'req-mod', unit_prices: { requests: 0.002 } })).json.success).toBe(true);
    expect((await gateway.admin.call('POST', '/api/models/meta', { name: 'both-mod', model_ratio: 100, unit_prices: { requests: 0.002 } })).json.success).toBe(true);
    await client.moderations.create({ model: 'req-mod', input: ['one', 'two'] });
    await client.moderations.create({ model: 'both-mod', input: 'count these words' });
    // A key left with less than one request's price is refused before any upstream call.
    const poor = (await gateway.admin.call('POST', '/api/token/', { name: 'poor', unlimited_quota: false, remain_quota: 999 })).json.data.key;
    const refused = await fetch(`${gateway.relay.relayBaseUrl}/moderations`, { method: 'POST', headers: { authorization: `Bearer ${poor}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'req-mod', input: 'x' }) });
    expect(refused.status).toBe(403);
    await gateway.relay.close();
    const logs = (await readCallLogs(gateway.relay.dataDir)).filter((r) => r.type === 2);
    expect(logs).toHaveLength(2);
    expect(logs.find((r) => r.model === 'req-mod').quota).toBe(1000); // 0.002 USD × 500 000
    const both = logs.find((r) => r.model === 'both-mod');
    expect(both.quota).toBe(1000 + both.prompt_tokens * 100);
  });
});

describe('moderation refusals in OpenAI’s error shape', () => {
  it('refuses an image for a text-moderation model with a 400 naming the part, before any upstream call', async () => {
    const { post, client, openai } = await relay([{ type: 1, models: ['text-moderation-latest'] }]);
    const response = await post({ model: 'text-moderation-latest', input: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] });
    expect(response.status).toBe(400);
    const body: any = await response.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param: 'input[1]', code: 'invalid_value', message: expect.stringContaining('text only') });
    await expect(client.moderations.create({ model: 'text-moderation-latest', input: undefined as never })).rejects.toMatchObject({ status: 400, param: 'input', code: 'missing_required_parameter' });
    expect(openai.requests).toHaveLength(0);
  });

  it('names the faulty part of a multimodal input', async () => {
    const { post } = await relay([{ type: 1, models: [OMNI] }]);
    const cases: [unknown, string][] = [
      [[], 'input'],
      [['fine', 3], 'input[1]'],
      [[{ type: 'text', text: 'a' }, 'b'], 'input[1]'],
      [[{ type: 'image_url', image_url: {} }], 'input[0].image_url.url'],
      [[{ type: 'audio', audio: 'x' }], 'input[0].type'],
    ];
    for (const [input, param] of cases) {
      const response = await post({ model: OMNI, input });
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(((await response.json()) as any).error, JSON.stringify(input)).toMatchObject({ type: 'invalid_request_error', param });
    }
  });
});
