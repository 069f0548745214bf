import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest, ContentPart, Message, ToolDefinition } from '../../../../relay/ir/chat-request.js';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import type { RelayErrorInfo } from '../../../../relay/ir/relay-error.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { anthropicAdapter } from '../../../../relay/providers/anthropic/adapter.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';
import { FAKE_ANTHROPIC_API_KEY, fakeThinkingSignature, startFakeAnthropic } from '../../../fake-upstreams/anthropic.js';
import type { FakeUpstream } from '../../../fake-upstreams/harness.js';

let fake: FakeUpstream;
let target: UpstreamTarget;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  target = { baseUrl: fake.url, apiKey: FAKE_ANTHROPIC_API_KEY, model: 'claude-sonnet-4-5', settings: {} };
});
afterAll(() => fake.close());

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { location: { type: 'string' }, unit: { type: 'string' } }, required: ['location'] },
};

type Outcome = { ok: true; result: ChatResult } | { ok: false; error: RelayErrorInfo };

async function call(request: ChatRequest, to: UpstreamTarget = target): Promise<Outcome> {
  const built = anthropicAdapter.buildChatRequest(request, to);
  const response = await fetch(built.request.url, { method: 'POST', headers: built.request.headers, body: built.request.body });
  if (!response.ok) return { ok: false, error: anthropicAdapter.parseError(response.status, await response.text()) };
  return { ok: true, result: anthropicAdapter.parseChatResponse(await response.json(), request) };
}

async function stream(request: ChatRequest): Promise<StreamPart[]> {
  const built = anthropicAdapter.buildChatRequest({ ...request, stream: true }, target);
  const response = await fetch(built.request.url, { method: 'POST', headers: built.request.headers, body: built.request.body });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const decoder = anthropicAdapter.createStreamDecoder(request);
  const parts = decodeSseText(await response.text()).flatMap((event) => decoder.push(event));
  return [...parts, ...decoder.end()];
}

/** Stream parts → the assistant's content parts, as a pipeline would assemble them. */
function assemble(parts: StreamPart[]): ContentPart[] {
  const content: ContentPart[] = [];
  const tools = new Map<number, Extract<ContentPart, { type: 'tool-call' }>>();
  for (const part of parts) {
    const last = content[content.length - 1];
    switch (part.type) {
      case 'text-start':
        content.push({ type: 'text', text: '' });
        break;
      case 'text-delta':
        if (last?.type === 'text') last.text += part.text;
        break;
      case 'reasoning-start':
        content.push({ type: 'reasoning', text: '' });
        break;
      case 'reasoning-delta':
        if (last?.type === 'reasoning') last.text += part.text;
        break;
      case 'reasoning-signature':
        if (last?.type === 'reasoning') last.signature = (last.signature ?? '') + part.signature;
        break;
      case 'reasoning-redacted':
        if (last?.type === 'reasoning') last.redacted = part.data;
        break;
      case 'tool-call-start': {
        const call: Extract<ContentPart, { type: 'tool-call' }> = { type: 'tool-call', id: part.id, name: part.name, arguments: '' };
        tools.set(part.index, call);
        content.push(call);
        break;
      }
      case 'tool-call-delta':
        tools.get(part.index)!.arguments += part.argumentsDelta;
        break;
      default:
        break;
    }
  }
  return content;
}

describe('anthropic adapter against the fake upstream', () => {
  it('answers a whole (non-streamed) call', async () => {
    const outcome = await call({ model: 'claude', messages: [user('Hello there')], stream: false, maxOutputTokens: 256 });
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        id: expect.stringMatching(/^msg_/),
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'Echo: Hello there' }],
        finish: { unified: 'stop', raw: 'end_turn' },
        usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number), cachedInputTokens: 0, cacheWriteInputTokens: 0 },
      },
    });
    const recorded = fake.requests.at(-1)!;
    expect(recorded.path).toBe('/v1/messages');
    expect(recorded.headers['anthropic-version']).toBe('2023-06-01');
  });

  it('streams the echo over several text deltas, in the full event order', async () => {
    const parts = await stream({ model: 'claude', messages: [user('one two three four five')], stream: true, maxOutputTokens: 256 });
    expect(parts.map((p) => p.type)).toEqual(['start', 'text-start', 'text-delta', 'text-delta', 'text-delta', 'text-end', 'finish']);
    expect(assemble(parts)).toEqual([{ type: 'text', text: 'Echo: one two three four five' }]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { outputTokens: expect.any(Number) } });
  });

  it('runs a streamed thinking + tool round trip: signature and tool_use go back, the tool result comes through', async () => {
    const first: ChatRequest = {
      model: 'claude',
      messages: [{ role: 'system', content: [{ type: 'text', text: 'You are helpful.' }] }, user('What is the weather in Paris?')],
      stream: true,
      maxOutputTokens: 4096,
      tools: [weatherTool],
      reasoning: { budgetTokens: 1024 },
    };
    const parts = await stream(first);
    expect(parts.map((p) => p.type)).toEqual([
      'start',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-signature',
      'reasoning-end',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    expect(parts.at(-1)).toMatchObject({ reason: { unified: 'tool-calls', raw: 'tool_use' } });
    const answer = assemble(parts);
    const [reasoning, toolCall] = answer;
    expect(reasoning).toMatchObject({ type: 'reasoning', signature: fakeThinkingSignature((reasoning as { text: string }).text) });
    expect(toolCall).toMatchObject({ type: 'tool-call', name: 'get_weather', id: expect.stringMatching(/^toolu_/) });
    const call = toolCall as Extract<ContentPart, { type: 'tool-call' }>;
    expect(JSON.parse(call.arguments)).toEqual({ location: 'Paris', unit: 'celsius' });

    const second: ChatRequest = {
      ...first,
      messages: [
        ...first.messages,
        { role: 'assistant', content: answer },
        { role: 'tool', content: [{ type: 'tool-result', callId: call.id, content: '18°C and sunny' }] },
      ],
    };
    const final = assemble(await stream(second));
    expect(final.at(-1)).toEqual({ type: 'text', text: 'The tool said: 18°C and sunny' });
    expect(fake.requests.at(-1)!.body.messages[1].content[0]).toMatchObject({ type: 'thinking', signature: expect.any(String) });
  });

  it('is refused by the fake, like by the real API, when thinking comes back unsigned', async () => {
    const built = anthropicAdapter.buildChatRequest(
      { model: 'claude', messages: [user('Hi'), { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] }, user('Again')], stream: false, maxOutputTokens: 64 },
      target,
    );
    const body = JSON.parse(built.request.body);
    body.messages[1].content.unshift({ type: 'thinking', thinking: 'unsigned' });
    const response = await fetch(built.request.url, { method: 'POST', headers: built.request.headers, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(anthropicAdapter.parseError(400, await response.text())).toMatchObject({
      kind: 'invalid_request',
      message: 'messages.1.content.0.thinking.signature: Field required',
    });
  });

  it('continues a budgeted-thinking tool loop whose history came from another provider', async () => {
    const outcome = await call({
      model: 'claude',
      messages: [
        user('What is the weather in Rome?'),
        { role: 'assistant', content: [{ type: 'reasoning', text: 'foreign' }, { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"location":"Rome"}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: '25°C' }] },
      ],
      stream: false,
      maxOutputTokens: 4096,
      tools: [weatherTool],
      reasoning: { budgetTokens: 2048 },
    });
    expect(outcome).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'The tool said: 25°C' }] } });
    // The same body with thinking forced back on is what the API (and the fake) refuses.
    const sent = fake.requests.at(-1)!.body;
    const refused = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': FAKE_ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...sent, thinking: { type: 'enabled', budget_tokens: 2048 } }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringMatching(/^messages\.1\.content\.0\.type: Expected `thinking`/) } });
  });

  it('accepts a mid-conversation system message (sent as a reminder; role system would be refused)', async () => {
    const outcome = await call({
      model: 'claude',
      messages: [user('Hi'), { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] }, { role: 'system', content: [{ type: 'text', text: 'Be terse.' }] }, user('Bye')],
      stream: false,
      maxOutputTokens: 64,
    });
    expect(outcome).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'Echo: Bye' }] } });
  });

  it('reports a cache write, then a cache read, for a system block with cache_control', async () => {
    const request: ChatRequest = {
      model: 'claude',
      messages: [{ role: 'system', content: [{ type: 'text', text: 'A long, stable system prompt. '.repeat(20), cacheControl: { type: 'ephemeral' } }] }, user('Hi')],
      stream: false,
      maxOutputTokens: 64,
    };
    const first = await call(request);
    const second = await call(request);
    if (!first.ok || !second.ok) throw new Error('expected answers');
    expect(first.result.usage.cacheWriteInputTokens).toBeGreaterThan(0);
    expect(first.result.usage.cachedInputTokens).toBe(0);
    expect(second.result.usage.cachedInputTokens).toBe(first.result.usage.cacheWriteInputTokens);
    expect(second.result.usage.inputTokens).toBe(first.result.usage.inputTokens);
  });

  it('answers structured output with JSON of the schema', async () => {
    const schema = { type: 'object', properties: { reply: { type: 'string' }, score: { type: 'integer' } }, required: ['reply', 'score'], additionalProperties: false };
    const outcome = await call({ model: 'claude', messages: [user('Rate this')], stream: false, maxOutputTokens: 256, responseFormat: { type: 'json-schema', schema } });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const text = outcome.result.content[0];
    expect(text?.type === 'text' && JSON.parse(text.text)).toEqual({ reply: 'Echo: Rate this', score: 0 });
  });

  it('stops at a stop sequence', async () => {
    const outcome = await call({ model: 'claude', messages: [user('alpha STOP beta')], stream: false, maxOutputTokens: 64, stop: ['STOP'] });
    expect(outcome).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'Echo: alpha ' }], finish: { unified: 'stop', raw: 'stop_sequence' } } });
  });

  it('answers a wrong key with 401 in Anthropic’s error shape', async () => {
    const outcome = await call({ model: 'claude', messages: [user('Hi')], stream: false, maxOutputTokens: 64 }, { ...target, apiKey: 'sk-wrong' });
    expect(outcome).toEqual({ ok: false, error: { status: 401, kind: 'authentication', message: 'invalid x-api-key', code: 'authentication_error' } });
  });

  it('refuses a body without max_tokens or with fields Anthropic does not know, like the real API', async () => {
    const built = anthropicAdapter.buildChatRequest({ model: 'claude', messages: [user('Hi')], stream: false, maxOutputTokens: 64 }, target);
    const { max_tokens: _dropped, ...withoutMax } = JSON.parse(built.request.body);
    const post = (body: unknown) => fetch(built.request.url, { method: 'POST', headers: built.request.headers, body: JSON.stringify(body) });
    const noMax = await post(withoutMax);
    expect(noMax.status).toBe(400);
    expect(await noMax.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
    const extra = await post({ ...withoutMax, max_tokens: 64, presence_penalty: 1 });
    expect(await extra.json()).toMatchObject({ error: { message: 'presence_penalty: Extra inputs are not permitted' } });
  });

  it('leaves usage out under the no-usage fault; the stream still finishes', async () => {
    fake.inject({ kind: 'no-usage', times: 1 });
    const parts = await stream({ model: 'claude', messages: [user('Hi')], stream: true, maxOutputTokens: 64 });
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: { unified: 'stop', raw: 'end_turn' } });
  });

  it('completes a stream the upstream cut short', async () => {
    // Its own fake, pausing between events so the cut comes after bytes went out.
    const slow = await startFakeAnthropic({ chunkDelayMs: 2 });
    try {
      slow.inject({ kind: 'reset-after-chunks', afterChunks: 5, times: 1 });
      const request: ChatRequest = { model: 'claude', messages: [user('one two three four five six')], stream: true, maxOutputTokens: 64 };
      const built = anthropicAdapter.buildChatRequest(request, { ...target, baseUrl: slow.url });
      const response = await fetch(built.request.url, { method: 'POST', headers: built.request.headers, body: built.request.body });
      let text = '';
      try {
        for await (const chunk of response.body!) text += Buffer.from(chunk).toString('utf8');
      } catch {
        // the connection was cut: what arrived is decoded below
      }
      const decoder = anthropicAdapter.createStreamDecoder(request);
      const parts = [...decodeSseText(text).flatMap((event) => decoder.push(event)), ...decoder.end()];
      // message_start, content_block_start, ping, two text deltas arrived; the rest did not.
      expect(parts.map((p) => p.type)).toEqual(['start', 'text-start', 'text-delta', 'text-delta', 'text-end', 'finish']);
      expect(parts.at(-1)).toMatchObject({ reason: { unified: 'error', raw: 'incomplete_stream' } });
    } finally {
      await slow.close();
    }
  });
});
