// The adapter against the fake responses upstream over real HTTP (global fetch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSseDecoder } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest, ContentPart, Message } from '../../../../relay/ir/chat-request.js';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { openaiResponsesAdapter as adapter } from '../../../../relay/providers/openai-responses/adapter.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';
import type { FakeUpstream } from '../../../fake-upstreams/harness.js';
import { FAKE_ENCRYPTED_PREFIX, startFakeOpenAIResponses } from '../../../fake-upstreams/openai-responses.js';

const API_KEY = 'sk-round-trip-key-1234';
let upstream: FakeUpstream;
let target: UpstreamTarget;

beforeAll(async () => {
  upstream = await startFakeOpenAIResponses({ apiKey: API_KEY });
  target = { baseUrl: upstream.url, apiKey: API_KEY, model: 'gpt-fake-1', settings: {} };
});
afterAll(() => upstream.close());

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

async function send(request: ChatRequest, overrides: Partial<UpstreamTarget> = {}) {
  const { request: built, warnings } = adapter.buildChatRequest(request, { ...target, ...overrides });
  const response = await fetch(built.url, { method: 'POST', headers: built.headers, body: built.body });
  return { response, warnings };
}

async function complete(request: Omit<ChatRequest, 'stream'>): Promise<ChatResult> {
  const full = { ...request, stream: false };
  const { response } = await send(full);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text}`);
  return adapter.parseChatResponse(JSON.parse(text), full);
}

/** Streams an answer through the SSE decoder and the adapter's stream decoder, as the pipeline does. */
async function stream(request: Omit<ChatRequest, 'stream'>): Promise<{ parts: StreamPart[]; cut: boolean }> {
  const full = { ...request, stream: true };
  const { response } = await send(full);
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const decoder = adapter.createStreamDecoder(full);
  const parts: StreamPart[] = [];
  const sse = createSseDecoder((event) => parts.push(...decoder.push(event)));
  let cut = false;
  try {
    for await (const chunk of response.body!) sse.push(Buffer.from(chunk));
  } catch {
    cut = true; // the upstream dropped the connection
  }
  sse.end();
  parts.push(...decoder.end());
  return { parts, cut };
}

const textOf = (parts: StreamPart[]) => parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join('');

/** The content parts of a streamed answer (what a client would send back next turn). */
function assistantContent(parts: StreamPart[]): ContentPart[] {
  const content: ContentPart[] = [];
  for (const part of parts) {
    if (part.type === 'text-start') content.push({ type: 'text', text: '' });
    if (part.type === 'text-delta') (content.at(-1) as { text: string }).text += part.text;
    if (part.type === 'reasoning-start') content.push({ type: 'reasoning', text: '' });
    if (part.type === 'reasoning-delta') (content.at(-1) as { text: string }).text += part.text;
    if (part.type === 'reasoning-redacted') (content.at(-1) as { redacted?: string }).redacted = part.data;
    if (part.type === 'tool-call-start') content.push({ type: 'tool-call', id: part.id, name: part.name, arguments: '' });
    if (part.type === 'tool-call-delta') (content.at(-1) as { arguments: string }).arguments += part.argumentsDelta;
  }
  return content;
}

describe('openai-responses adapter against the fake upstream', () => {
  it('completes a text answer', async () => {
    const result = await complete({ model: 'relay-model', messages: [user('Hello there')] });
    expect(result.id).toMatch(/^resp_/);
    expect(result.model).toBe('gpt-fake-1');
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: Hello there' }]);
    expect(result.finish).toEqual({ unified: 'stop', raw: 'completed' });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBe(3);
    const sent = upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses');
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toMatchObject({ model: 'gpt-fake-1', store: false, stream: false });
  });

  it('streams a text answer: start, one text block, finish with usage', async () => {
    const { parts } = await stream({ model: 'relay-model', messages: [user('Stream me please')] });
    expect(parts.map((p) => p.type).filter((t) => t !== 'text-delta')).toEqual(['start', 'text-start', 'text-end', 'finish']);
    expect(textOf(parts)).toBe('Echo: Stream me please');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { outputTokens: 4 } });
  });

  it('runs a streamed tool round trip', async () => {
    const first = { model: 'relay-model', tools: [weatherTool], messages: [user('What is the weather in Paris?')] };
    const call = await stream(first);
    expect(call.parts.filter((p) => p.type === 'tool-call-delta').length).toBeGreaterThanOrEqual(2);
    expect(call.parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'tool-calls' } });
    const [toolCall] = assistantContent(call.parts);
    expect(toolCall).toEqual({ type: 'tool-call', id: expect.stringMatching(/^call_/), name: 'get_weather', arguments: '{"location":"Paris"}' });

    const answer = await stream({
      ...first,
      messages: [
        ...first.messages,
        { role: 'assistant', content: [toolCall!] },
        { role: 'tool', content: [{ type: 'tool-result', callId: (toolCall as { id: string }).id, content: 'Sunny, 24 °C' }] },
      ],
    });
    expect(textOf(answer.parts)).toBe('The tool returned: Sunny, 24 °C');
    expect(answer.parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' } });
  });

  it('carries encrypted reasoning into the next turn, and the upstream accepts it', async () => {
    const first = { model: 'relay-model', reasoning: { effort: 'low' as const, summary: 'auto' as const }, messages: [user('Think first')] };
    const turn = await stream(first);
    const content = assistantContent(turn.parts);
    expect(content[0]).toEqual({
      type: 'reasoning',
      text: '**Reading the request**\n\nThe user wrote "Think first".',
      redacted: expect.stringMatching(new RegExp(`^${FAKE_ENCRYPTED_PREFIX}`)),
    });
    expect(turn.parts.at(-1)).toMatchObject({ usage: { reasoningTokens: 12 } });

    const second = await complete({ ...first, messages: [...first.messages, { role: 'assistant', content }, user('Again')] });
    expect(second.content.map((p) => p.type)).toEqual(['reasoning', 'text']);
    expect(upstream.requests.at(-1)!.body.input[1]).toMatchObject({ type: 'reasoning', encrypted_content: (content[0] as { redacted: string }).redacted });
  });

  it('drops reasoning the upstream cannot verify, with a warning, so the call still succeeds', async () => {
    const request: ChatRequest = {
      model: 'relay-model',
      stream: false,
      messages: [user('Hi'), { role: 'assistant', content: [{ type: 'reasoning', text: 'from another provider' }, { type: 'text', text: 'Hello' }] }, user('Bye')],
    };
    const { response, warnings } = await send(request);
    expect(response.status).toBe(200);
    expect(warnings).toEqual(['assistant reasoning without encrypted content cannot be verified by the upstream; dropped']);
  });

  it('reports an answer cut by max_output_tokens as length', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    const whole = await complete({ model: 'relay-model', maxOutputTokens: 16, messages: [user(long)] });
    expect(whole.finish).toEqual({ unified: 'length', raw: 'max_output_tokens' });
    const streamed = await stream({ model: 'relay-model', maxOutputTokens: 16, messages: [user(long)] });
    expect(streamed.parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'length' } });
    expect(textOf(streamed.parts)).toBe((whole.content[0] as { text: string }).text);
  });

  it('gives no usage when the upstream sends none', async () => {
    upstream.inject({ kind: 'no-usage', times: 1 });
    const { parts } = await stream({ model: 'relay-model', messages: [user('No usage')] });
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: { unified: 'stop', raw: 'completed' } });
  });

  it('closes the answer when the upstream drops the connection mid-stream', async () => {
    upstream.inject({ kind: 'reset-after-chunks', afterChunks: 5, times: 1 });
    const { parts, cut } = await stream({ model: 'relay-model', messages: [user('one two three four five')] });
    expect(cut).toBe(true);
    expect(parts.slice(-2)).toEqual([{ type: 'text-end' }, { type: 'finish', reason: { unified: 'other', raw: 'stream_ended' } }]);
  });

  it('parses the upstream errors', async () => {
    const { response } = await send({ model: 'relay-model', stream: false, messages: [user('Hi')] }, { apiKey: 'sk-wrong-key-9999' });
    expect(response.status).toBe(401);
    expect(adapter.parseError(response.status, await response.text())).toEqual({
      status: 401,
      kind: 'authentication',
      message: 'Incorrect API key provided: sk-**********9999. You can find your API key at https://platform.openai.com/account/api-keys.',
      code: 'invalid_api_key',
    });

    upstream.inject({
      kind: 'status',
      status: 429,
      times: 1,
      body: { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } },
    });
    const quota = await send({ model: 'relay-model', stream: true, messages: [user('Hi')] });
    expect(adapter.parseError(quota.response.status, await quota.response.text())).toMatchObject({ status: 429, kind: 'quota', code: 'insufficient_quota' });

    // The fake rejects what the real API rejects, e.g. a tool output without its call.
    const orphan = await send({
      model: 'relay-model',
      stream: false,
      messages: [user('Hi'), { role: 'tool', content: [{ type: 'tool-result', callId: 'call_missing', content: 'x' }] }],
    });
    expect(adapter.parseError(orphan.response.status, await orphan.response.text())).toEqual({
      status: 400,
      kind: 'invalid_request',
      message: 'No tool call found for function call output with call_id call_missing.',
      param: 'input',
    });
  });
});
