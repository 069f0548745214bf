// The responses front door end to end: the OpenAI SDK's `client.responses` (and a replayed
// Codex CLI request) through the relay to every upstream kind — translated for chat,
// Anthropic and Gemini channels, passed through for a responses channel.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../relay/http/sse-decoder.js';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { FAKE_ENCRYPTED_PREFIX, startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { readCallLogs } from '../helpers/call-logs.js';
import { readCaptures } from '../helpers/fixtures.js';
import { startGateway } from '../helpers/gateway.js';
import { openAISchemas } from '../helpers/openapi-schema.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

/** The model Codex asks for in the captures. */
const CODEX_MODEL = 'gpt-5-codex';

type Kind = {
  name: string;
  type: number;
  start: () => Promise<FakeUpstream>;
  upstreamModel: string;
  extra: Record<string, unknown>;
  passthrough?: boolean;
  /** Whether its reasoning carries data that must go back verbatim (a signature, encrypted content). */
  signsReasoning?: boolean;
  /** The fake calls whichever tool it is given (the chat fake always names `get_weather`, the responses fake passes namespaces through). */
  callsAnyTool?: boolean;
  /** What of its own reasoning data the upstream must find in the next turn's request. */
  reasoningEcho?: string;
  /** Error bodies in the upstream's own shape. */
  errorBody: (status: number, message: string) => unknown;
};

const openAIError = (status: number, message: string) => ({
  error: { message, type: status === 429 ? 'requests' : 'server_error', param: null, code: status === 429 ? 'rate_limit_exceeded' : null },
});

/** Each upstream kind the responses client must reach through the relay, unmodified. */
const kinds: Kind[] = [
  // Chat upstreams give reasoning as plain text (DeepSeek-style reasoning_content), nothing signed.
  { name: 'OpenAI chat', type: 1, start: () => startFakeOpenAIChat({ apiKey: 'upstream-key' }), upstreamModel: 'gpt-4o-mini', extra: {}, signsReasoning: false, errorBody: openAIError },
  {
    name: 'Anthropic',
    type: 14,
    start: () => startFakeAnthropic({ apiKey: 'upstream-key' }),
    upstreamModel: 'claude-sonnet-4-5',
    extra: {},
    // A thinking block with its signature (the fake signs with `Eq…`).
    reasoningEcho: '"signature":"Eq',
    callsAnyTool: true,
    errorBody: (status, message) => ({ type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message }, request_id: 'req_011' }),
  },
  {
    name: 'Gemini',
    type: 24,
    start: () => startFakeGemini({ apiKey: 'upstream-key' }),
    upstreamModel: 'gemini-2.5-flash',
    extra: {},
    reasoningEcho: FAKE_THOUGHT_SIGNATURE,
    callsAnyTool: true,
    errorBody: (status, message) => ({ error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }),
  },
  {
    name: 'OpenAI responses (pass-through)',
    type: 1,
    start: () => startFakeOpenAIResponses({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-5-mini',
    extra: { upstream_protocol: 'responses' },
    passthrough: true,
    reasoningEcho: FAKE_ENCRYPTED_PREFIX,
    errorBody: openAIError,
  },
];

async function clientFor(kind: Kind) {
  const upstream = await kind.start();
  upstreams.push(upstream);
  // The client's model names are mapped to the upstream's own.
  const gateway = await startGateway([
    {
      type: kind.type,
      upstream,
      models: ['test-model', CODEX_MODEL],
      model_mapping: { 'test-model': kind.upstreamModel, [CODEX_MODEL]: kind.upstreamModel },
      extra: kind.extra,
    },
  ]);
  const client = new OpenAI({ baseURL: gateway.relay.relayBaseUrl, apiKey: gateway.key, maxRetries: 0 });
  return { client, upstream, gateway };
}

const weatherTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'], additionalProperties: false },
  strict: false,
};

function functionCalls(response: OpenAI.Responses.Response): OpenAI.Responses.ResponseFunctionToolCall[] {
  return response.output.filter((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call');
}

function reasoningText(response: OpenAI.Responses.Response): string {
  return response.output
    .filter((item): item is OpenAI.Responses.ResponseReasoningItem => item.type === 'reasoning')
    .flatMap((item) => item.summary.map((part) => part.text))
    .join('');
}

function post(gateway: { relay: { relayBaseUrl: string }; key: string }, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${gateway.relay.relayBaseUrl}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, authorization: `Bearer ${gateway.key}` },
    body: JSON.stringify(body),
  });
}

describe.each(kinds)('openai SDK responses → relay → $name upstream', (kind) => {
  it('answers a plain call with output_text and usage, sending the mapped model upstream', async () => {
    const { client, upstream } = await clientFor(kind);
    const response = await client.responses.create({ model: 'test-model', input: 'hello there' });
    expect(JSON.stringify(upstream.requests[0]!.body ?? {}) + upstream.requests[0]!.path).toContain(kind.upstreamModel);
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.output_text).toContain('hello there');
    expect(response.usage!.input_tokens).toBeGreaterThan(0);
    expect(response.usage!.output_tokens).toBeGreaterThan(0);
    expect(response.usage!.total_tokens).toBe(response.usage!.input_tokens + response.usage!.output_tokens);
    if (!kind.passthrough) expect(response.model).toBe('test-model');
  });

  it('streams with the SDK helper: deltas arrive, the final response is whole', async () => {
    const { client } = await clientFor(kind);
    const stream = client.responses.stream({ model: 'test-model', input: 'stream me please' });
    let text = '';
    const types: string[] = [];
    stream.on('event', (event) => types.push(event.type));
    stream.on('response.output_text.delta', (event) => (text += event.delta));
    const final = await stream.finalResponse();
    expect(text).toContain('stream me please');
    expect(final.output_text).toBe(text);
    expect(final.status).toBe('completed');
    expect(final.usage?.output_tokens).toBeGreaterThan(0);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
  });

  it('does a function-call round trip: function_call → function_call_output → final text', async () => {
    const { client } = await clientFor(kind);
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'what is the weather in Paris?' }];
    const first = await client.responses.create({ model: 'test-model', input, tools: [weatherTool] });
    const [call] = functionCalls(first);
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed', call_id: expect.any(String) });
    expect(Object.values(JSON.parse(call!.arguments))).toContain('Paris');
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: call!.call_id, output: 'sunny, 21°C' });

    const second = await client.responses.stream({ model: 'test-model', input, tools: [weatherTool] }).finalResponse();
    expect(second.output_text).toContain('sunny, 21°C');
    expect(functionCalls(second)).toEqual([]);
  });

  it('streams a function call as the SDK assembles it', async () => {
    const { client } = await clientFor(kind);
    const stream = client.responses.stream({ model: 'test-model', input: 'weather in Paris?', tools: [weatherTool] });
    let argumentDeltas = '';
    stream.on('response.function_call_arguments.delta', (event) => (argumentDeltas += event.delta));
    const final = await stream.finalResponse();
    const [call] = functionCalls(final);
    expect(call?.name).toBe('get_weather');
    expect(Object.values(JSON.parse(call!.arguments))).toContain('Paris');
    expect(argumentDeltas).toBe(call!.arguments);
  });

  it('carries reasoning back as a summary, whole and streamed', async () => {
    const { client } = await clientFor(kind);
    const params = { model: 'test-model', input: 'think first', reasoning: { effort: 'low' as const, summary: 'auto' as const } };
    const whole = await client.responses.create(params);
    expect(reasoningText(whole)).toBeTruthy();
    expect(whole.output_text).toContain('think first');
    let summary = '';
    const stream = client.responses.stream(params);
    stream.on('response.reasoning_summary_text.delta', (event) => (summary += event.delta));
    const final = await stream.finalResponse();
    expect(summary).toBeTruthy();
    expect(reasoningText(final)).toBe(summary);
  });

  it('keeps reasoning across a tool round trip (encrypted content / signatures go back verbatim)', async () => {
    const { client, upstream } = await clientFor(kind);
    const params = { model: 'test-model', tools: [weatherTool], reasoning: { effort: 'low' as const, summary: 'auto' as const }, include: ['reasoning.encrypted_content' as const], store: false };
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'what is the weather in Paris?' }];
    const first = await client.responses.stream({ ...params, input }).finalResponse();
    const reasoning = first.output.filter((item) => item.type === 'reasoning');
    expect(reasoning.length).toBeGreaterThan(0);
    expect(reasoning.some((item) => item.type === 'reasoning' && item.encrypted_content)).toBe(kind.signsReasoning !== false);
    const [call] = functionCalls(first);
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: call!.call_id, output: 'sunny, 21°C' });
    const second = await client.responses.create({ ...params, input });
    expect(second.output_text).toContain('sunny, 21°C');
    // The upstream got its own reasoning data back, not a stand-in.
    expect(upstream.requests).toHaveLength(2);
    if (kind.reasoningEcho) expect(upstream.requests[1]!.rawBody).toContain(kind.reasoningEcho);
    expect(upstream.requests[1]!.rawBody).not.toContain('skip_thought_signature_validator');
  });

  it('takes instructions and developer messages, also a conversation ending with a system message', async () => {
    const { client, upstream } = await clientFor(kind);
    const response = await client.responses.create({
      model: 'test-model',
      instructions: 'Answer briefly.',
      input: [
        { role: 'developer', content: [{ type: 'input_text', text: 'You are a terse assistant.' }] },
        { role: 'user', content: 'hello dev' },
        { role: 'system', content: 'Reply in English.' },
      ],
    });
    expect(response.status).toBe('completed');
    expect(response.output_text).toBeTruthy();
    const sent = upstream.requests[0]!.rawBody;
    for (const text of ['Answer briefly.', 'You are a terse assistant.', 'hello dev', 'Reply in English.']) expect(sent).toContain(text);
  });

  it('carries a JSON schema (text.format) to the upstream and answers JSON', async () => {
    const { client } = await clientFor(kind);
    const response = await client.responses.create({
      model: 'test-model',
      input: 'route this',
      text: {
        format: { type: 'json_schema', name: 'route', strict: true, schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false } },
      },
    });
    expect(JSON.parse(response.output_text)).toHaveProperty('answer');
  });

  it('answers exactly what the OpenAPI description of responses allows, whole and streamed', async () => {
    const { gateway } = await clientFor(kind);
    const body = { model: 'test-model', input: 'what is the weather in Paris?', tools: [weatherTool], reasoning: { effort: 'low', summary: 'auto' } };
    const schemas = openAISchemas();
    expect(schemas.check(await (await post(gateway, body)).json(), 'Response')).toEqual([]);
    const response = await post(gateway, { ...body, stream: true });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = decodeSseText(await response.text());
    events.forEach((event, i) => {
      const data = JSON.parse(event.data);
      expect(event.event).toBe(data.type);
      expect(data.sequence_number).toBe(i);
      expect(schemas.check(data, 'ResponseStreamEvent'), `${data.type} #${i}`).toEqual([]);
    });
    expect(JSON.parse(events.at(-1)!.data).type).toBe('response.completed');
  });

  it.each([
    [429, OpenAI.RateLimitError, false],
    [500, OpenAI.InternalServerError, true],
  ])('an upstream %i (in its own shape) reaches the client as that status', async (status, ErrorClass, stream) => {
    const { client, upstream } = await clientFor(kind);
    const message = status === 429 ? 'Rate limit reached, slow down' : 'The upstream broke';
    upstream.inject({ kind: 'status', status, body: kind.errorBody(status, message), times: 5 });
    const params = { model: 'test-model', input: 'hello' };
    const error = await (stream ? client.responses.stream(params).finalResponse() : client.responses.create(params)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(message);
  });

  it('replays the Codex captures (stream): complete output items, response.completed with usage', async () => {
    const { gateway, upstream } = await clientFor(kind);
    const captures = readCaptures<{ headers: Record<string, string>; body: any }>('codex');
    const schemas = openAISchemas();
    for (const capture of captures) {
      const headers = Object.fromEntries(Object.entries(capture.headers as Record<string, string>).filter(([name]) => !['host', 'content-length', 'authorization'].includes(name)));
      const response = await post(gateway, capture.body, headers);
      expect(response.status).toBe(200);
      const events = decodeSseText(await response.text()).map((event) => ({ name: event.event, data: JSON.parse(event.data) }));
      expect(events.every((event) => event.name === event.data.type)).toBe(true);
      for (const event of events) expect(schemas.check(event.data, 'ResponseStreamEvent'), event.data.type).toEqual([]);
      expect(events[0]!.data.type).toBe('response.created');
      const last = events.at(-1)!.data;
      expect(last.type).toBe('response.completed');
      expect(last.response.usage.input_tokens).toBeGreaterThan(0);
      expect(last.response.usage.total_tokens).toBe(last.response.usage.input_tokens + last.response.usage.output_tokens);
      const done = events.filter((event) => event.data.type === 'response.output_item.done').map((event) => event.data.item);
      expect(done.length).toBeGreaterThan(0);
      for (const item of done) {
        if (item.type === 'message') {
          expect(item).toMatchObject({ id: expect.any(String), role: 'assistant', status: 'completed' });
          expect(item.content[0].text).toBeTruthy();
        } else if (item.type === 'function_call') {
          expect(item).toMatchObject({ call_id: expect.any(String), name: expect.any(String), arguments: expect.any(String) });
        } else {
          expect(item.type).toBe('reasoning');
        }
      }
      const answer = done.filter((item) => item.type === 'message').map((item) => item.content[0].text).join('');
      // The first capture asks to run a tool; the second carries its output.
      expect(answer).toMatch(capture.body.input.some((item: { type?: string }) => item.type === 'function_call_output') ? /MOCK_TOOL_RAN/ : /MOCK_TOOL:exec_command/);
    }
    expect(upstream.requests).toHaveLength(captures.length);
    await gateway.relay.close();
    const logs = await readCallLogs(gateway.relay.dataDir);
    expect(logs.map((log) => log.type)).toEqual(captures.map(() => 2));
    // web_search only matters where it is dropped: a translated call notes it, a pass-through keeps it.
    const noted = logs.map((log) => (log.other.warnings ?? []).some((w: string) => w.includes("'web_search'")));
    expect(noted).toEqual(captures.map(() => !kind.passthrough));
  });
});

// Upstreams that know no namespaces get flat tools; the call comes back namespaced.
describe.each(kinds.filter((k) => k.callsAnyTool))('namespaced tools → relay → $name upstream', (kind) => {
  const namespaced = {
    type: 'namespace',
    name: 'weather_ns',
    description: 'Weather tools',
    tools: [{ type: 'function', name: 'get_weather', description: 'Weather of a city', strict: false, parameters: weatherTool.parameters }],
  } as unknown as OpenAI.Responses.Tool;

  it('flattens the namespace upstream and answers the call with namespace and bare name', async () => {
    const { client, upstream } = await clientFor(kind);
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'what is the weather in Paris?' }];
    const first = await client.responses.stream({ model: 'test-model', input, tools: [namespaced, { type: 'web_search' }] }).finalResponse();
    expect(upstream.requests[0]!.rawBody).toContain('weather_ns__get_weather');
    expect(upstream.requests[0]!.rawBody).not.toContain('web_search');
    const [call] = functionCalls(first);
    expect(call).toMatchObject({ name: 'get_weather', namespace: 'weather_ns' });
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: call!.call_id, output: 'sunny, 21°C' });
    const second = await client.responses.create({ model: 'test-model', input, tools: [namespaced] });
    expect(second.output_text).toContain('sunny, 21°C');
    expect(upstream.requests[1]!.rawBody).toContain('weather_ns__get_weather');
  });
});

describe('responses front door errors, in the error object', () => {
  it('bad key: 401 AuthenticationError, invalid_request_error, nothing sent upstream', async () => {
    const upstream = await startFakeOpenAIResponses();
    upstreams.push(upstream);
    const { relay } = await startGateway([{ type: 1, upstream, models: ['test-model'], extra: { upstream_protocol: 'responses' } }]);
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    const error = await client.responses.create({ model: 'test-model', input: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).type).toBe('invalid_request_error');
    const streamError = await client.responses.stream({ model: 'test-model', input: 'hi' }).finalResponse().catch((e: unknown) => e);
    expect(streamError).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    [{ previous_response_id: 'resp_123' }, 'previous_response_id'],
    [{ temperature: 3 }, 'temperature'],
    [{ max_output_tokens: 4 }, 'max_output_tokens'],
    [{ reasoning: { effort: 'extreme' } }, 'reasoning.effort'],
    [{ input: [{ role: 'robot', content: 'x' }] }, 'input[0].role'],
  ])('%j: 400 naming the field, for every upstream kind', async (params, param) => {
    const upstream = await startFakeOpenAIChat();
    upstreams.push(upstream);
    const { relay, key } = await startGateway([{ type: 1, upstream, models: ['test-model'] }]);
    const client = new OpenAI({ baseURL: relay.relayBaseUrl, apiKey: key, maxRetries: 0 });
    const error = (await client.responses.create({ model: 'test-model', input: 'hi', ...(params as object) }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.type).toBe('invalid_request_error');
    expect(error.param).toBe(param);
    expect(upstream.requests).toHaveLength(0);
  });
});
