import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../relay/http/sse-decoder.js';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { startGateway } from '../helpers/gateway.js';
import { claudeCodeMessageCalls } from '../unit/protocols/anthropic-messages/captures.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** The model Claude Code asks for in the captures. */
const CAPTURED_MODEL = 'claude-opus-4-8';

/** Each upstream kind a messages client must reach through the relay, unmodified. */
const kinds = [
  {
    name: 'OpenAI chat',
    type: 1,
    start: () => startFakeOpenAIChat({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-4o-mini',
    extra: {},
    // The fake answers JSON only in this shape for any schema.
    status: (status: number) => ({ error: { message: status === 429 ? 'Rate limit reached for requests' : 'The server had an error while processing your request.', type: status === 429 ? 'requests' : 'server_error', param: null, code: status === 429 ? 'rate_limit_exceeded' : null } }),
  },
  {
    name: 'Anthropic (pass-through)',
    type: 14,
    start: () => startFakeAnthropic({ apiKey: 'upstream-key' }),
    upstreamModel: 'claude-sonnet-4-5',
    extra: {},
    status: (status: number) => ({ type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message: status === 429 ? 'Number of request tokens has exceeded your per-minute rate limit' : 'Internal server error' } }),
  },
  {
    name: 'Gemini',
    type: 24,
    start: () => startFakeGemini({ apiKey: 'upstream-key' }),
    upstreamModel: 'gemini-2.5-flash',
    extra: {},
    status: (status: number) => ({ error: { code: status, message: status === 429 ? 'Resource has been exhausted (e.g. check quota).' : 'An internal error has occurred.', status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }),
  },
  {
    name: 'OpenAI responses',
    type: 1,
    start: () => startFakeOpenAIResponses({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-5-mini',
    extra: { upstream_protocol: 'responses' },
    // OpenAI returns no reasoning text unless a summary is asked for, which the messages format cannot.
    showsReasoning: false,
    status: (status: number) => ({ error: { message: status === 429 ? 'Rate limit reached for requests' : 'The server had an error while processing your request.', type: status === 429 ? 'requests' : 'server_error', param: null, code: status === 429 ? 'rate_limit_exceeded' : null } }),
  },
];

type Kind = (typeof kinds)[number];

async function clientFor(kind: Kind) {
  const upstream = await kind.start();
  upstreams.push(upstream);
  // The client's model names are mapped to the upstream's own.
  const gateway = await startGateway([
    {
      type: kind.type,
      upstream,
      models: ['test-model', CAPTURED_MODEL],
      model_mapping: { 'test-model': kind.upstreamModel, [CAPTURED_MODEL]: kind.upstreamModel },
      extra: kind.extra,
    },
  ]);
  const baseURL = gateway.relay.relayBaseUrl.replace(/\/v1$/, '');
  const client = new Anthropic({ baseURL, apiKey: gateway.key, maxRetries: 0 });
  return { client, upstream, gateway, baseURL };
}

const weatherTool: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Weather of a city',
  input_schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};

function textOf(message: Anthropic.Message): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The events of a messages SSE body, each checked to carry its `event:` line. */
function messagesEvents(text: string) {
  return decodeSseText(text)
    .filter((e) => e.data !== '')
    .map((e) => {
      const data = JSON.parse(e.data);
      expect(e.event).toBe(data.type);
      return data;
    });
}

/** A stream of the messages format is well-formed: whole lifecycle, blocks balanced and in order. */
function expectWellFormed(events: any[]) {
  const types = events.map((e) => e.type).filter((t) => t !== 'ping');
  expect(types[0]).toBe('message_start');
  expect(events[0].message.usage).toBeDefined();
  expect(types.at(-2)).toBe('message_delta');
  expect(types.at(-1)).toBe('message_stop');
  let open: number | undefined;
  let next = 0;
  for (const event of events) {
    if (event.type === 'content_block_start') {
      expect(open).toBeUndefined();
      expect(event.index).toBe(next++);
      open = event.index;
    } else if (event.type === 'content_block_delta') {
      expect(event.index).toBe(open);
    } else if (event.type === 'content_block_stop') {
      expect(event.index).toBe(open);
      open = undefined;
    }
  }
  expect(open).toBeUndefined();
  const delta = events.find((e) => e.type === 'message_delta');
  expect(delta.delta.stop_reason).toBeTruthy();
  expect(typeof delta.usage.output_tokens).toBe('number');
}

describe.each(kinds)('anthropic SDK → relay → $name upstream', (kind) => {
  it('answers a plain call with text and usage, sending the mapped model upstream', async () => {
    const { client, upstream } = await clientFor(kind);
    const message = await client.messages.create({ model: 'test-model', max_tokens: 256, messages: [{ role: 'user', content: 'hello there' }] });
    expect(JSON.stringify(upstream.requests[0]!.body ?? {}) + upstream.requests[0]!.path).toContain(kind.upstreamModel);
    expect(message.type).toBe('message');
    expect(message.role).toBe('assistant');
    expect(message.id).toMatch(/^msg_/);
    expect(textOf(message)).toContain('hello there');
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it('streams with the SDK helper: text events and a whole final message', async () => {
    const { client } = await clientFor(kind);
    const stream = client.messages.stream({ model: 'test-model', max_tokens: 256, messages: [{ role: 'user', content: 'stream me please' }] });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    expect(text).toContain('stream me please');
    expect(textOf(final)).toBe(text);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.input_tokens + (final.usage.cache_read_input_tokens ?? 0) + (final.usage.cache_creation_input_tokens ?? 0)).toBeGreaterThan(0);
    expect(final.usage.output_tokens).toBeGreaterThan(0);
  });

  it('does a tool round trip: tool_use → tool_result → final text', async () => {
    const { client } = await clientFor(kind);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'what is the weather in Paris?' }];
    const first = await client.messages.create({ model: 'test-model', max_tokens: 1024, messages, tools: [weatherTool] });
    expect(first.stop_reason).toBe('tool_use');
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    expect(call?.name).toBe('get_weather');
    expect(Object.values(call!.input as Record<string, unknown>)).toContain('Paris');
    messages.push({ role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: call!.id, content: 'sunny, 21°C' }] });

    const second = await client.messages.stream({ model: 'test-model', max_tokens: 1024, messages, tools: [weatherTool] }).finalMessage();
    expect(textOf(second)).toContain('sunny, 21°C');
    expect(second.stop_reason).toBe('end_turn');
  });

  it('streams a tool call as the SDK assembles it', async () => {
    const { client } = await clientFor(kind);
    const final = await client.messages.stream({ model: 'test-model', max_tokens: 1024, messages: [{ role: 'user', content: 'weather in Paris?' }], tools: [weatherTool] }).finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    const call = final.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    expect(call?.name).toBe('get_weather');
    expect(call?.id).toBeTruthy();
    expect(Object.values(call!.input as Record<string, unknown>)).toContain('Paris');
  });

  it('takes a conversation that ends with a role: system message', async () => {
    const { client, upstream } = await clientFor(kind);
    const body = {
      model: 'test-model',
      max_tokens: 256,
      messages: [
        { role: 'user', content: 'hello there' },
        { role: 'system', content: 'Mind the house rules.' },
      ],
    };
    const message = await client.post<Anthropic.Message>('/v1/messages', { body });
    expect(textOf(message)).toBeTruthy();
    expect(JSON.stringify(upstream.requests.at(-1)!.body)).toContain('Mind the house rules.');

    const stream = await client.post('/v1/messages', { body: { ...body, stream: true }, stream: true });
    let text = '';
    for await (const event of stream as unknown as AsyncIterable<Anthropic.MessageStreamEvent>) {
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
    }
    expect(text).toBeTruthy();
  });

  it('carries a JSON schema (output_config.format) to the upstream and answers JSON', async () => {
    const { client } = await clientFor(kind);
    const message = await client.messages.create({
      model: 'test-model',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'route this' }],
      output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false } } },
    } as Anthropic.MessageCreateParamsNonStreaming);
    expect(JSON.parse(textOf(message))).toHaveProperty('answer');
  });

  it.each([429, 500])('an upstream %i reaches the client as the SDK error of that status', async (status) => {
    const { client, upstream } = await clientFor(kind);
    upstream.inject({ kind: 'status', status, body: kind.status(status) });
    const error = await client.messages.create({ model: 'test-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(status === 429 ? Anthropic.RateLimitError : Anthropic.InternalServerError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(status);
    expect(apiError.type).toBe(status === 429 ? 'rate_limit_error' : 'api_error');
    expect(Object.keys(apiError.error as object)).toEqual(['error']);
    expect(apiError.apiMessage).toBeTruthy();
  });

  it('replays a captured Claude Code call (stream, beta=true, its headers) and streams a well-formed answer', async () => {
    const { baseURL, gateway, upstream } = await clientFor(kind);
    for (const capture of claudeCodeMessageCalls()) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(capture.headers)) {
        if (!['host', 'content-length', 'connection', 'accept-encoding'].includes(name)) headers[name] = value;
      }
      headers['x-api-key'] = gateway.key;
      const response = await fetch(`${baseURL}${capture.path}?${new URLSearchParams(capture.query)}`, { method: 'POST', headers, body: JSON.stringify(capture.body) });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events = messagesEvents(text);
      expectWellFormed(events);
      const answer = events.filter((e) => e.type === 'content_block_delta' && e.delta.type === 'text_delta').map((e) => e.delta.text).join('');
      expect(answer).toBeTruthy();
    }
    expect(upstream.requests).toHaveLength(claudeCodeMessageCalls().length);
  });
});

// Only upstreams that return reasoning text at all.
describe.each(kinds.filter((k) => k.showsReasoning !== false))('anthropic SDK → relay → $name upstream, thinking', (kind) => {
  it('surfaces reasoning as thinking blocks, whole and streamed, and takes them back next turn', async () => {
    const { client } = await clientFor(kind);
    const params = { model: 'test-model', max_tokens: 4096, thinking: { type: 'enabled' as const, budget_tokens: 2048 }, messages: [{ role: 'user' as const, content: 'think first' }] };
    const whole = await client.messages.create(params);
    const thinking = whole.content.find((b): b is Anthropic.ThinkingBlock => b.type === 'thinking');
    expect(thinking?.thinking).toBeTruthy();
    expect(typeof thinking?.signature).toBe('string');
    expect(whole.content.findIndex((b) => b.type === 'thinking')).toBeLessThan(whole.content.findIndex((b) => b.type === 'text'));
    expect(textOf(whole)).toContain('think first');

    const streamed = await client.messages.stream(params).finalMessage();
    expect(streamed.content.find((b): b is Anthropic.ThinkingBlock => b.type === 'thinking')?.thinking).toBeTruthy();

    const next = await client.messages.create({
      ...params,
      messages: [...params.messages, { role: 'assistant', content: whole.content }, { role: 'user', content: 'and again' }],
    });
    expect(textOf(next)).toContain('and again');
  });
});

describe('messages pass-through headers', () => {
  it('forwards the client\'s anthropic-beta values to an Anthropic upstream', async () => {
    const upstream = await startFakeAnthropic({ apiKey: 'upstream-key' });
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 14, upstream, models: ['claude-sonnet-4-5'] }]);
    const response = await fetch(`${relay.origin}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(String(upstream.requests[0]!.headers['anthropic-beta']).split(',')).toEqual(
      expect.arrayContaining(['interleaved-thinking-2025-05-14', 'fine-grained-tool-streaming-2025-05-14']),
    );
  });
});

describe('messages count_tokens', () => {
  it('counts locally, whatever channel serves the model: {"input_tokens": N}, no max_tokens needed', async () => {
    const { client, upstream } = await clientFor(kinds[0]!);
    const count = await client.messages.countTokens({
      model: 'test-model',
      system: 'be brief',
      messages: [{ role: 'user', content: 'how many tokens is this?' }],
      tools: [weatherTool],
    });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(Object.keys(count)).toEqual(['input_tokens']);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('messages errors, in the error object', () => {
  it('bad key: 401 AuthenticationError, type invalid_request_error, nothing sent upstream', async () => {
    const upstream = await startFakeAnthropic({ apiKey: 'upstream-key' });
    upstreams.push(upstream);
    const { relay } = await startGateway([{ type: 14, upstream, models: ['test-model'] }]);
    const client = new Anthropic({ baseURL: relay.relayBaseUrl.replace(/\/v1$/, ''), apiKey: 'sk-wrong', maxRetries: 0 });
    const error = await client.messages.create({ model: 'test-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(401);
    expect(apiError.type).toBe('invalid_request_error');
    expect(Object.keys(apiError.error as object)).toEqual(['error']);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    [{ max_tokens: undefined }, 'max_tokens'],
    [{ temperature: 1.5 }, 'temperature'],
    [{ thinking: { type: 'enabled', budget_tokens: 10 } }, 'thinking.budget_tokens'],
    [{ tool_choice: { type: 'sometimes' } }, 'tool_choice.type'],
    [{ messages: [{ role: 'user', content: [{ type: 'hologram' }] }] }, 'messages[0].content[0].type'],
  ])('%j: 400 invalid_request_error naming %s, nothing sent upstream', async (override, param) => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const response = await fetch(`${relay.relayBaseUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], ...override }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain(param);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a model no channel serves: 404 NotFoundError (not_found_error)', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const client = new Anthropic({ baseURL: relay.relayBaseUrl.replace(/\/v1$/, ''), apiKey: key, maxRetries: 0 });
    const error = (await client.messages.create({ model: 'other-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>;
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.type).toBe('not_found_error');
  });

  it('logs the server tools it dropped with the call', async () => {
    const upstream = await startFakeOpenAIChat({ apiKey: 'upstream-key' });
    upstreams.push(upstream);
    const gateway = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const client = new Anthropic({ baseURL: gateway.relay.relayBaseUrl.replace(/\/v1$/, ''), apiKey: gateway.key, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'test-model',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hello there' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 2 }, weatherTool],
    });
    expect(textOf(message)).toContain('hello there');
    expect(upstream.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['get_weather']);
    await gateway.relay.close();
    const [log] = await readCallLogs(gateway.relay.dataDir);
    expect(log.other.warnings).toEqual(expect.arrayContaining([expect.stringContaining('web_search_20250305')]));
  });
});
