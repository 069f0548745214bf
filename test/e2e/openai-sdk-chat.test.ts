import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { startGateway } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';
import { decodeSseText } from '../../relay/http/sse-decoder.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** Each upstream kind the chat client must reach through the relay, unmodified. */
const kinds = [
  { name: 'OpenAI (pass-through)', type: 1, start: () => startFakeOpenAIChat({ apiKey: 'upstream-key' }), upstreamModel: 'gpt-4o-mini', extra: {} },
  { name: 'Anthropic', type: 14, start: () => startFakeAnthropic({ apiKey: 'upstream-key' }), upstreamModel: 'claude-sonnet-4-5', extra: {} },
  { name: 'Gemini', type: 24, start: () => startFakeGemini({ apiKey: 'upstream-key' }), upstreamModel: 'gemini-2.5-flash', extra: {} },
  // OpenAI returns no reasoning text unless a summary is asked for (which needs a verified organisation).
  { name: 'OpenAI responses', type: 1, start: () => startFakeOpenAIResponses({ apiKey: 'upstream-key' }), upstreamModel: 'gpt-5-mini', extra: { upstream_protocol: 'responses' }, showsReasoning: false },
];

async function clientFor(kind: (typeof kinds)[number]) {
  const upstream = await kind.start();
  upstreams.push(upstream);
  // The client's model name is mapped to the upstream's own.
  const gateway = await startGateway([{ type: kind.type, upstream, models: ['test-model'], model_mapping: { 'test-model': kind.upstreamModel }, extra: kind.extra }]);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  return { client, upstream, gateway };
}

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

describe.each(kinds)('openai SDK → relay → $name upstream', (kind) => {
  it('answers a plain call with text and usage, sending the mapped model upstream', async () => {
    const { client, upstream } = await clientFor(kind);
    const completion = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hello there' }] });
    expect(JSON.stringify(upstream.requests[0]!.body ?? {}) + upstream.requests[0]!.path).toContain(kind.upstreamModel);
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toContain('hello there');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
  });

  it('streams with the SDK helpers: text arrives, the final completion is whole, usage only when asked', async () => {
    const { client } = await clientFor(kind);
    const stream = client.chat.completions.stream({ model: 'test-model', messages: [{ role: 'user', content: 'stream me please' }], stream_options: { include_usage: true } });
    let text = '';
    stream.on('content', (delta) => (text += delta));
    const final = await stream.finalChatCompletion();
    expect(text).toContain('stream me please');
    expect(final.choices[0]!.message.content).toBe(text);
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(final.usage?.completion_tokens).toBeGreaterThan(0);

    const chunks = [];
    for await (const chunk of await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'no usage' }], stream: true })) chunks.push(chunk);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.some((c) => c.usage)).toBe(false);
  });

  it('does a tool-call round trip', async () => {
    const { client } = await clientFor(kind);
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'what is the weather in Paris?' }];
    const first = await client.chat.completions.create({ model: 'test-model', messages, tools: [weatherTool] });
    const call = first.choices[0]!.message.tool_calls?.[0];
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    expect(Object.values(JSON.parse(call!.type === 'function' ? call!.function.arguments : '{}'))).toContain('Paris');
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call!.id, content: 'sunny, 21°C' });

    const stream = client.chat.completions.stream({ model: 'test-model', messages, tools: [weatherTool] });
    const second = await stream.finalChatCompletion();
    expect(second.choices[0]!.message.content).toContain('sunny, 21°C');
  });

  it('carries a JSON schema to the upstream and answers JSON', async () => {
    const { client } = await clientFor(kind);
    const completion = await client.chat.completions.create({
      model: 'test-model',
      messages: [{ role: 'user', content: 'route this' }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'route', strict: true, schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false } },
      },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toHaveProperty('answer');
  });

  it('answers exactly what the OpenAPI description of chat completions allows', async () => {
    const { gateway } = await clientFor(kind);
    const post = (body: Record<string, unknown>) =>
      fetch(`${gateway.relay.relayBaseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'what is the weather in Paris?' }], tools: [weatherTool], ...body }),
      });
    const schemas = openAISchemas();
    expect(schemas.check(await (await post({})).json(), 'CreateChatCompletionResponse')).toEqual([]);
    const events = decodeSseText(await (await post({ stream: true, stream_options: { include_usage: true } })).text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    for (const event of events.slice(0, -1)) expect(schemas.check(JSON.parse(event.data), 'CreateChatCompletionStreamResponse')).toEqual([]);
  });

  it('keeps system instructions in place, including a conversation that ends with one', async () => {
    const { client, upstream } = await clientFor(kind);
    const completion = await client.chat.completions.create({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'second question' },
        { role: 'system', content: 'Reminder: answer in one line.' },
      ],
    });
    expect(completion.choices[0]!.message.content).toBeTruthy();
    expect(upstream.requests[0]!.rawBody).toContain('Reminder: answer in one line.');
    expect(upstream.requests[0]!.rawBody).toContain('You are terse.');
  });

  it('streams a tool call as the SDK assembles it', async () => {
    const { client } = await clientFor(kind);
    const stream = client.chat.completions.stream({ model: 'test-model', messages: [{ role: 'user', content: 'weather in Paris?' }], tools: [weatherTool] });
    const final = await stream.finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    expect(Object.values(JSON.parse(call!.type === 'function' ? call!.function.arguments : '{}'))).toContain('Paris');
  });
});

// Only upstreams that return reasoning text at all.
describe.each(kinds.filter((k) => k.showsReasoning !== false))('openai SDK → relay → $name upstream, reasoning', (kind) => {
  it('carries reasoning back as reasoning_content, streamed and whole', async () => {
    const { client } = await clientFor(kind);
    const params = { model: 'test-model', reasoning_effort: 'low' as const, messages: [{ role: 'user' as const, content: 'think first' }] };
    const whole = await client.chat.completions.create(params);
    expect((whole.choices[0]!.message as unknown as { reasoning_content?: string }).reasoning_content).toBeTruthy();
    expect(whole.choices[0]!.message.content).toContain('think first');
    let reasoning = '';
    for await (const chunk of await client.chat.completions.create({ ...params, stream: true })) {
      reasoning += (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
    }
    expect(reasoning).toBeTruthy();
  });

});

describe('same protocol on both sides', () => {
  it('passes the upstream answer through byte for byte', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['gpt-4o-mini'] }]);
    const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'bytes' }], some_vendor_field: { kept: true } }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.system_fingerprint).toBe('fp_fake'); // a field only the upstream's own answer has
    expect(String(body.id)).toMatch(/^chatcmpl-fake/);
    expect(upstream.requests[0]!.body.some_vendor_field).toEqual({ kept: true }); // the client's own body went up
  });
});

describe('chat completions errors, in the error object', () => {
  it('bad key: 401 invalid_request_error', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    const error = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).type).toBe('invalid_request_error');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    [{ temperature: 3 }, 'temperature', 'decimal_above_max_value'],
    [{ top_p: -0.1 }, 'top_p', 'decimal_below_min_value'],
    [{ n: 0 }, 'n', 'integer_below_min_value'],
    [{ presence_penalty: 2.5 }, 'presence_penalty', 'decimal_above_max_value'],
    [{ frequency_penalty: -3 }, 'frequency_penalty', 'decimal_below_min_value'],
    [{ tool_choice: 'sometimes' }, 'tool_choice', 'invalid_value'],
    [{ reasoning_effort: 'extreme' }, 'reasoning_effort', 'invalid_value'],
    [{ modalities: ['text', 'video'] }, 'modalities', 'invalid_value'],
  ])('%j: 400 naming the field', async (params, param, code) => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const response = await fetch(`${relay.relayBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], ...params }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: Record<string, string> };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param, code });
    expect(upstream.requests).toHaveLength(0);
  });

  it('a model no channel serves: 404 model_not_found, as OpenAI answers for a model it does not have', async () => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: key, maxRetries: 0 });
    const error = (await client.chat.completions.create({ model: 'other-model', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe('model_not_found');
    expect(error.type).toBe('invalid_request_error');
  });
});
