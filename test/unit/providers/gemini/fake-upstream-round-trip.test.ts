import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatRequest, ContentPart, Message, ToolDefinition } from '../../../../relay/ir/chat-request.js';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import type { RelayErrorInfo } from '../../../../relay/ir/relay-error.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';
import { FAKE_GEMINI_API_KEY, FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../../../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../../../fake-upstreams/harness.js';

let fake: FakeUpstream;
let target: UpstreamTarget;

// A fresh fake per test: each test reads only its own recorded requests.
beforeEach(async () => {
  fake = await startFakeGemini();
  target = { baseUrl: fake.url, apiKey: FAKE_GEMINI_API_KEY, model: 'gemini-3.8-flash', settings: {} };
});
afterEach(() => fake.close());

type Outcome = { ok: true; result: ChatResult; parts?: StreamPart[] } | { ok: false; error: RelayErrorInfo };

/** Builds the request, sends it over real HTTP, and reads the answer back through the adapter. */
async function call(request: ChatRequest, over: Partial<UpstreamTarget> = {}): Promise<Outcome> {
  const { request: upstream } = geminiAdapter.buildChatRequest(request, { ...target, ...over });
  const response = await fetch(upstream.url, { method: 'POST', headers: upstream.headers, body: upstream.body });
  const text = await response.text();
  if (!response.ok) return { ok: false, error: geminiAdapter.parseError(response.status, text) };
  if (!request.stream) return { ok: true, result: geminiAdapter.parseChatResponse(JSON.parse(text), request) };
  const decoder = geminiAdapter.createStreamDecoder(request);
  const parts = [...decodeSseText(text).flatMap((event) => decoder.push(event)), ...decoder.end()];
  return { ok: true, result: collect(parts), parts };
}

/** Stream parts → the answer they spell (what a client would keep as its assistant turn). */
function collect(parts: StreamPart[]): ChatResult {
  const content: ContentPart[] = [];
  const result: ChatResult = { id: '', model: '', created: 0, content, finish: { unified: 'other' }, usage: { inputTokens: 0, outputTokens: 0 } };
  for (const part of parts) {
    const last = content.at(-1);
    switch (part.type) {
      case 'start':
        Object.assign(result, { id: part.id, model: part.model, created: part.created });
        break;
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
        if (last?.type === 'reasoning') last.signature = part.signature;
        break;
      case 'tool-call-start':
        content.push({ type: 'tool-call', id: part.id, name: part.name, arguments: '' });
        break;
      case 'tool-call-delta':
        if (last?.type === 'tool-call') last.arguments += part.argumentsDelta;
        break;
      case 'finish':
        result.finish = part.reason;
        if (part.usage) result.usage = part.usage;
        break;
      default:
        break;
    }
  }
  return result;
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const chat = (messages: Message[], extra: Partial<ChatRequest> = {}): ChatRequest => ({ model: 'client-model', messages, stream: false, ...extra });
const textOf = (result: ChatResult) => result.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const ok = (outcome: Outcome) => {
  if (!outcome.ok) throw new Error(`upstream error: ${outcome.error.message}`);
  return outcome;
};

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};

describe('gemini adapter against the fake upstream', () => {
  it('echoes the last user text, whole and streamed', async () => {
    const messages = [{ role: 'system', content: [{ type: 'text', text: 'Be kind.' }] } as Message, user('hello there friend')];
    const whole = ok(await call(chat(messages)));
    expect(textOf(whole.result)).toBe('Echo: hello there friend');
    expect(whole.result.finish).toEqual({ unified: 'stop', raw: 'STOP' });
    expect(whole.result.usage.inputTokens).toBeGreaterThan(0);
    expect(whole.result.model).toBe('gemini-3.8-flash');

    const streamed = ok(await call(chat(messages, { stream: true })));
    expect(textOf(streamed.result)).toBe('Echo: hello there friend');
    expect(streamed.parts!.filter((p) => p.type === 'text-delta').length).toBeGreaterThan(1);
    expect(streamed.parts!.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { inputTokens: expect.any(Number) } });
    expect(fake.requests.at(-1)!.query.get('alt')).toBe('sse');
  });

  it('runs a streamed tool round trip with thoughts, carrying the signature back and recovering the result name', async () => {
    const first: Message[] = [user('What is the weather in Lyon?')];
    const reasoning = { effort: 'low' as const };
    const one = ok(await call(chat(first, { stream: true, tools: [weatherTool], reasoning })));
    expect(one.result.finish.unified).toBe('tool-calls');
    expect(one.result.content).toEqual([
      { type: 'reasoning', text: expect.stringContaining('Thinking about'), signature: FAKE_THOUGHT_SIGNATURE },
      { type: 'tool-call', id: 'get_weather_call_1', name: 'get_weather', arguments: '{"location":"Lyon"}' },
    ]);
    const sent = fake.requests.at(-1)!.body;
    expect(sent.generationConfig.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel: 'LOW' });
    expect(sent.tools[0].functionDeclarations[0].parametersJsonSchema).toEqual(weatherTool.parameters);

    const second: Message[] = [
      ...first,
      { role: 'assistant', content: one.result.content },
      { role: 'tool', content: [{ type: 'tool-result', callId: 'get_weather_call_1', content: '{"temperature":"18C"}' }] },
    ];
    const two = ok(await call(chat(second, { stream: true, tools: [weatherTool], reasoning })));
    expect(textOf(two.result)).toContain('Tool get_weather answered: {"temperature":"18C"}');
    expect(two.result.finish.unified).toBe('stop');
    const replayed = fake.requests.at(-1)!.body.contents;
    expect(replayed[1]).toEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'get_weather', args: { location: 'Lyon' }, id: 'get_weather_call_1' }, thoughtSignature: FAKE_THOUGHT_SIGNATURE }],
    });
  });

  it('runs a whole (non-stream) tool round trip whose signature rides on the tool call', async () => {
    const first: Message[] = [user('weather please')];
    const one = ok(await call(chat(first, { tools: [weatherTool], toolChoice: { type: 'auto' } })));
    expect(one.result.content).toEqual([
      { type: 'tool-call', id: 'get_weather_call_1', name: 'get_weather', arguments: '{"location":"Paris"}', signature: FAKE_THOUGHT_SIGNATURE },
    ]);
    const two = ok(
      await call(
        chat([
          ...first,
          { role: 'assistant', content: one.result.content },
          { role: 'tool', content: [{ type: 'tool-result', callId: 'get_weather_call_1', content: 'sunny' }] },
        ], { tools: [weatherTool] }),
      ),
    );
    expect(textOf(two.result)).toBe('Tool get_weather answered: {"result":"sunny"}');
  });

  it('gets through a tool history that lost its signatures (a client without them)', async () => {
    const outcome = await call(
      chat([
        user('weather please'),
        { role: 'assistant', content: [{ type: 'tool-call', id: 'call_x', name: 'get_weather', arguments: '{"location":"Oslo"}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_x', content: 'cold' }] },
      ], { tools: [weatherTool] }),
    );
    expect(textOf(ok(outcome).result)).toContain('cold');
  });

  it('answers the Gemini CLI routing call with JSON matching responseJsonSchema', async () => {
    const schema = {
      type: 'OBJECT',
      properties: { complexity_reasoning: { type: 'STRING' }, complexity_score: { type: 'INTEGER' } },
      required: ['complexity_reasoning', 'complexity_score'],
    };
    const outcome = ok(await call(chat([user('read package.json')], { responseFormat: { type: 'json-schema', schema }, reasoning: { effort: 'high' } })));
    const answer = JSON.parse(textOf(outcome.result));
    expect(answer).toEqual({ complexity_reasoning: expect.any(String), complexity_score: expect.any(Number) });
    expect(outcome.result.content[0]).toMatchObject({ type: 'reasoning', signature: FAKE_THOUGHT_SIGNATURE });
  });

  it('keeps a mid-conversation system message in a request Gemini accepts', async () => {
    const outcome = await call(
      chat([user('one'), { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, { role: 'system', content: [{ type: 'text', text: 'note' }] }, user('two')]),
    );
    expect(textOf(ok(outcome).result)).toBe('Echo: two');
    expect(fake.requests.at(-1)!.body.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'note' }, { text: 'two' }] });
  });

  it('finishes without usage when the upstream sends none', async () => {
    fake.inject({ kind: 'no-usage', times: 1 });
    const outcome = ok(await call(chat([user('hi')], { stream: true })));
    expect(outcome.parts!.at(-1)).toEqual({ type: 'finish', reason: { unified: 'stop', raw: 'STOP' } });
  });

  it('maps a bad key to authentication and an unknown model to not_found', async () => {
    const badKey = await call(chat([user('hi')]), { apiKey: 'wrong' });
    expect(badKey).toEqual({
      ok: false,
      error: { status: 400, kind: 'authentication', message: 'API key not valid. Please pass a valid API key.', code: 'API_KEY_INVALID' },
    });
    const unknown = await call(chat([user('hi')]), { model: 'no-such-model' });
    expect(unknown).toMatchObject({ ok: false, error: { status: 404, kind: 'not_found', message: expect.stringContaining('models/no-such-model is not found') } });
  });

  it('accepts the key as ?key= too', async () => {
    const { request: upstream } = geminiAdapter.buildChatRequest(chat([user('via query')]), target);
    const response = await fetch(`${upstream.url}?key=${FAKE_GEMINI_API_KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: upstream.body });
    expect(response.status).toBe(200);
    expect(textOf(geminiAdapter.parseChatResponse(await response.json(), chat([])))).toBe('Echo: via query');
  });
});

describe('the fake Gemini rejects what Gemini rejects', () => {
  async function post(body: unknown, path = '/v1beta/models/gemini-3.8-flash:generateContent', key: string | undefined = FAKE_GEMINI_API_KEY) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers['x-goog-api-key'] = key;
    const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { error: { status: string; message: string } } };
  }
  const callTurns = (signature?: string) => [
    { role: 'user', parts: [{ text: 'weather?' }] },
    { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: {} }, ...(signature ? { thoughtSignature: signature } : {}) }] },
    { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: 'sunny' } } }] },
  ];

  it('a function call of the current turn without its thought signature', async () => {
    const rejected = await post({ contents: callTurns() });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error.message).toContain('missing a thought_signature');
    expect((await post({ contents: callTurns('sig') })).status).toBe(200);
  });

  it('function responses that do not match the calls, and a missing key', async () => {
    const contents = callTurns('sig');
    contents[2] = { role: 'user', parts: [{ text: 'forgot the result' }] };
    expect((await post({ contents })).body.error.message).toContain('number of function response parts');
    expect(await post({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, undefined, '')).toMatchObject({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED' } },
    });
  });

  it('a thinking budget together with a thinking level, and a system role in contents', async () => {
    const both = await post({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { thinkingConfig: { thinkingBudget: 10, thinkingLevel: 'LOW' } } });
    expect(both.status).toBe(400);
    const system = await post({ contents: [{ role: 'system', parts: [{ text: 'hi' }] }] });
    expect(system.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Please use a valid role: user, model.' });
  });
});
