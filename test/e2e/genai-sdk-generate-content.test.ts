import { ApiError, GoogleGenAI } from '@google/genai';
import type { Content, GenerateContentResponse, Tool } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeThinkingSignature, startFakeAnthropic } from '../fake-upstreams/anthropic.js';
import { FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../fake-upstreams/gemini.js';
import type { FakeUpstream } from '../fake-upstreams/harness.js';
import { startFakeOpenAIChat } from '../fake-upstreams/openai-chat.js';
import { FAKE_ENCRYPTED_PREFIX, startFakeOpenAIResponses } from '../fake-upstreams/openai-responses.js';
import { startGateway } from '../helpers/gateway.js';
import { decodeSseText } from '../../relay/http/sse-decoder.js';
import { geminiCliCaptures } from '../unit/protocols/gemini-generate-content/captures.js';

const upstreams: FakeUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

const MODEL = 'gemini-2.5-flash';
/** The model of Gemini CLI's routing call in the captures. */
const ROUTING_MODEL = 'gemini-3.5-flash-lite';
/** The model of Gemini CLI's main calls in the captures. */
const CLI_MODEL = 'gemini-3.8-flash';

type Body = Record<string, any>;

/** Each upstream kind a generate-content client must reach through the relay, unmodified. */
const kinds = [
  {
    name: 'OpenAI chat',
    type: 1,
    start: () => startFakeOpenAIChat({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-4o-mini',
    extra: {},
    systemOf: (body: Body) => body.messages.find((m: Body) => m.role === 'system'),
    /** Whether the reasoning of the first turn went back upstream in the upstream's own form. */
    reasoningEchoed: undefined as ((body: Body) => boolean) | undefined,
    errors: {
      429: { error: { message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3.', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      500: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
    },
  },
  {
    name: 'Anthropic',
    type: 14,
    start: () => startFakeAnthropic({ apiKey: 'upstream-key' }),
    upstreamModel: 'claude-sonnet-4-5',
    extra: {},
    systemOf: (body: Body) => body.system,
    reasoningEchoed: (body: Body) => {
      const block = body.messages.find((m: Body) => m.role === 'assistant').content[0];
      return block.type === 'thinking' && block.signature === fakeThinkingSignature(block.thinking);
    },
    errors: {
      429: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' } },
      500: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
    },
  },
  {
    name: 'Gemini (pass-through)',
    type: 24,
    start: () => startFakeGemini({ apiKey: 'upstream-key' }),
    upstreamModel: 'gemini-2.5-pro',
    extra: {},
    systemOf: (body: Body) => body.systemInstruction,
    reasoningEchoed: (body: Body) => body.contents[1].parts.find((p: Body) => p.functionCall).thoughtSignature === FAKE_THOUGHT_SIGNATURE,
    errors: {
      429: { error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' } },
      500: { error: { code: 500, message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', status: 'INTERNAL' } },
    },
  },
  {
    name: 'OpenAI responses',
    type: 1,
    start: () => startFakeOpenAIResponses({ apiKey: 'upstream-key' }),
    upstreamModel: 'gpt-5-mini',
    extra: { upstream_protocol: 'responses' },
    systemOf: (body: Body) => body.instructions ?? body.input.find((item: Body) => item.role === 'system' || item.role === 'developer'),
    reasoningEchoed: (body: Body) => body.input.some((item: Body) => item.type === 'reasoning' && String(item.encrypted_content).startsWith(FAKE_ENCRYPTED_PREFIX)),
    errors: {
      429: { error: { message: 'Rate limit reached for gpt-5-mini on requests per min (RPM): Limit 3.', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      500: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
    },
  },
];

type Kind = (typeof kinds)[number];

async function clientFor(kind: Kind, apiKey?: string) {
  const upstream = await kind.start();
  upstreams.push(upstream);
  // The client's model names are mapped to the upstream's own.
  const gateway = await startGateway([
    {
      type: kind.type,
      upstream,
      models: [MODEL, ROUTING_MODEL, CLI_MODEL],
      model_mapping: { [MODEL]: kind.upstreamModel, [ROUTING_MODEL]: kind.upstreamModel, [CLI_MODEL]: kind.upstreamModel },
      extra: kind.extra,
    },
  ]);
  const ai = new GoogleGenAI({ apiKey: apiKey ?? gateway.key, httpOptions: { baseUrl: gateway.relay.origin } });
  return { ai, upstream, gateway };
}

async function collect(stream: AsyncGenerator<GenerateContentResponse>) {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, text: chunks.map((c) => c.text ?? '').join(''), last: chunks.at(-1)! };
}

const thoughtsOf = (response: GenerateContentResponse) =>
  (response.candidates?.[0]?.content?.parts ?? []).filter((p) => p.thought).map((p) => p.text ?? '').join('');

const weatherTools: Tool[] = [
  {
    functionDeclarations: [
      {
        name: 'get_weather',
        description: 'Weather of a city',
        parametersJsonSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
      },
    ],
  },
];

describe.each(kinds)('@google/genai → relay → $name upstream', (kind) => {
  it('answers a plain call with text and usage, sending the mapped model upstream', async () => {
    const { ai, upstream } = await clientFor(kind);
    const response = await ai.models.generateContent({ model: MODEL, contents: 'hello there' });
    expect(JSON.stringify(upstream.requests[0]!.body ?? {}) + upstream.requests[0]!.path).toContain(kind.upstreamModel);
    expect(response.text).toContain('hello there');
    expect(response.candidates![0]!.finishReason).toBe('STOP');
    const usage = response.usageMetadata!;
    expect(usage.promptTokenCount).toBeGreaterThan(0);
    expect(usage.candidatesTokenCount).toBeGreaterThan(0);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + usage.candidatesTokenCount! + (usage.thoughtsTokenCount ?? 0));
  });

  it('streams text; the last chunk carries finishReason and usageMetadata', async () => {
    const { ai } = await clientFor(kind);
    const { text, last, chunks } = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'stream me please' }));
    expect(text).toContain('stream me please');
    expect(last.candidates![0]!.finishReason).toBe('STOP');
    expect(last.usageMetadata!.totalTokenCount).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((c) => c.candidates?.[0]?.finishReason === undefined)).toBe(true);
  });

  it('streams one JSON array without alt=sse', async () => {
    const { gateway } = await clientFor(kind);
    const response = await fetch(`${gateway.relay.origin}/v1beta/models/${MODEL}:streamGenerateContent?key=${gateway.key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'an array please' }] }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const chunks = JSON.parse(await response.text()) as Body[];
    expect(chunks.map((c) => c.candidates[0].content.parts.map((p: Body) => p.text ?? '').join('')).join('')).toContain('an array please');
    expect(chunks.at(-1)!.candidates[0].finishReason).toBe('STOP');
    expect(chunks.at(-1)!.usageMetadata.totalTokenCount).toBeGreaterThan(0);
  });

  it('does a function-calling round trip (functionCall → functionResponse → text)', async () => {
    const { ai } = await clientFor(kind);
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'What is the weather in Paris?' }] }];
    const first = await ai.models.generateContent({ model: MODEL, contents, config: { tools: weatherTools } });
    const call = first.functionCalls?.[0];
    expect(call?.name).toBe('get_weather');
    expect(Object.values(call!.args ?? {})).toContain('Paris');
    expect(call!.id).toBeTruthy();
    expect(first.candidates![0]!.finishReason).toBe('STOP');
    contents.push(first.candidates![0]!.content!, { role: 'user', parts: [{ functionResponse: { id: call!.id, name: call!.name, response: { output: 'sunny, 21°C' } } }] });

    const { text, last } = await collect(await ai.models.generateContentStream({ model: MODEL, contents, config: { tools: weatherTools } }));
    expect(text).toContain('sunny, 21°C');
    expect(last.candidates![0]!.finishReason).toBe('STOP');
  });

  it('streams a function call whole', async () => {
    const { ai } = await clientFor(kind);
    const { chunks } = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'What is the weather in Paris?', config: { tools: weatherTools } }));
    const calls = chunks.flatMap((c) => c.functionCalls ?? []);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('get_weather');
    expect(Object.values(calls[0]!.args ?? {})).toContain('Paris');
  });

  it('gives thoughts when asked (includeThoughts), whole and streamed, apart from the answer', async () => {
    const { ai } = await clientFor(kind);
    const config = { thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 } };
    const whole = await ai.models.generateContent({ model: MODEL, contents: 'think first', config });
    expect(thoughtsOf(whole)).toBeTruthy();
    expect(whole.text).toContain('think first');
    expect(whole.text).not.toContain(thoughtsOf(whole));
    const { chunks, text } = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'think first', config }));
    expect(chunks.map(thoughtsOf).join('')).toBeTruthy();
    expect(text).toContain('think first');
  });

  it('keeps a thinking tool loop working when the client keeps only the signatures (as Gemini CLI does)', async () => {
    const { ai, upstream } = await clientFor(kind);
    const config = { tools: weatherTools, thinkingConfig: { includeThoughts: true, thinkingBudget: 2048 } };
    const contents: Content[] = [{ role: 'user', parts: [{ text: 'What is the weather in Paris?' }] }];
    const { chunks } = await collect(await ai.models.generateContentStream({ model: MODEL, contents, config }));
    const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []).filter((p) => !p.thought && (p.functionCall || p.text || p.thoughtSignature));
    const call = parts.find((p) => p.functionCall)!.functionCall!;
    contents.push({ role: 'model', parts }, { role: 'user', parts: [{ functionResponse: { id: call.id, name: call.name, response: { output: 'sunny, 21°C' } } }] });
    const second = await ai.models.generateContent({ model: MODEL, contents, config });
    expect(second.text).toContain('sunny, 21°C');
    if (kind.reasoningEchoed) expect(kind.reasoningEchoed(upstream.requests[1]!.body)).toBe(true);
  });

  it('takes the systemInstruction, and a conversation ending with an instruction-like user turn', async () => {
    const { ai, upstream } = await clientFor(kind);
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: '<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n</session_context>' }] },
        { role: 'user', parts: [{ text: 'hello there' }] },
        { role: 'model', parts: [{ text: 'Echo: hello there' }] },
        { role: 'user', parts: [{ text: 'Analyze only your immediately preceding response and say who should speak next.' }] },
      ],
      config: { systemInstruction: 'You are Gemini CLI, an interactive CLI agent.' },
    });
    expect(JSON.stringify(kind.systemOf(upstream.requests[0]!.body))).toContain('You are Gemini CLI, an interactive CLI agent.');
    expect(response.text).toContain('Analyze only your immediately preceding response');
  });

  it('answers JSON for responseMimeType + responseJsonSchema', async () => {
    const { ai } = await clientFor(kind);
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'route this',
      config: {
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
      },
    });
    const parsed = JSON.parse(response.text!);
    expect(typeof parsed).toBe('object');
    expect(parsed).not.toBeNull();
  });

  it("replays Gemini CLI's captured calls; the routing call gets JSON back", async () => {
    const { gateway } = await clientFor(kind);
    for (const capture of geminiCliCaptures()) {
      const query = new URLSearchParams(capture.query).toString();
      const response = await fetch(`${gateway.relay.origin}${capture.path}${query ? `?${query}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': gateway.key, 'user-agent': capture.headers['user-agent']! },
        body: JSON.stringify(capture.body),
      });
      const text = await response.text();
      expect(response.status, `${capture.path}: ${text}`).toBe(200);
      const chunks: Body[] = capture.query.alt === 'sse' ? decodeSseText(text).map((e) => JSON.parse(e.data)) : [JSON.parse(text)];
      const answer = chunks
        .flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])
        .filter((p: Body) => !p.thought)
        .map((p: Body) => p.text ?? '')
        .join('');
      expect(answer).toBeTruthy();
      expect(chunks.at(-1)!.candidates[0].finishReason).toBe('STOP');
      if (capture.body.generationConfig?.responseJsonSchema) {
        const routing = JSON.parse(answer);
        expect(routing).toBeTypeOf('object');
      }
    }
  });

  it.each([429, 500] as const)('an upstream %i reaches the SDK as an ApiError with that status', async (status) => {
    const { ai, upstream, gateway } = await clientFor(kind);
    upstream.inject({ kind: 'status', status, body: kind.errors[status] });
    // Both calls must reach the failing upstream: no cooldown between them.
    expect((await gateway.admin.call('PUT', '/api/option/', { key: 'channel_cooldown_seconds', value: 0 })).json.success).toBe(true);
    const error = await ai.models.generateContent({ model: MODEL, contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    const body = JSON.parse((error as ApiError).message);
    expect(body.error).toMatchObject({ code: status, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' });
    const streamed = await ai.models.generateContentStream({ model: MODEL, contents: 'hi' }).then(collect).catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(ApiError);
    expect((streamed as ApiError).status).toBe(status);
  });
});

describe('generate-content: relay-side answers', () => {
  it('a bad relay key: ApiError 401 UNAUTHENTICATED, nothing sent upstream', async () => {
    const { ai, upstream } = await clientFor(kinds[2]!, 'sk-wrong');
    const error = await ai.models.generateContent({ model: MODEL, contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    const body = JSON.parse((error as ApiError).message);
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', type: 'invalid_request_error' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('countTokens answers totalTokens without calling the upstream', async () => {
    const { ai, upstream } = await clientFor(kinds[0]!);
    const counted = await ai.models.countTokens({ model: MODEL, contents: 'count these few tokens please' });
    expect(counted.totalTokens).toBeGreaterThan(0);
    expect(upstream.requests).toHaveLength(0);
  });

  it('a bad field: 400 INVALID_ARGUMENT naming it', async () => {
    const { gateway, upstream } = await clientFor(kinds[0]!);
    const response = await fetch(`${gateway.relay.origin}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': gateway.key },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { temperature: 'hot' } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Body;
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(body.error.message).toContain('generationConfig.temperature');
    expect(upstream.requests).toHaveLength(0);
  });
});
