import { describe, expect, it } from 'vitest';
import type { ChatRequest, Message } from '../../../../relay/ir/chat-request.js';
import { geminiAdapter } from '../../../../relay/providers/gemini/adapter.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target: UpstreamTarget = { baseUrl: 'https://generativelanguage.googleapis.com', apiKey: 'AIza-test', model: 'gemini-3.8-flash', settings: {} };

function build(request: Partial<ChatRequest>, over: Partial<UpstreamTarget> = {}) {
  const full: ChatRequest = { model: 'client-model', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], stream: false, ...request };
  const { request: upstream, warnings } = geminiAdapter.buildChatRequest(full, { ...target, ...over });
  return { url: upstream.url, headers: upstream.headers, body: JSON.parse(upstream.body), warnings };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

describe('gemini request: URL and headers', () => {
  it('posts a whole call to :generateContent with the key in x-goog-api-key', () => {
    const { url, headers, body, warnings } = build({});
    expect(url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-3.8-flash:generateContent');
    expect(headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test' });
    expect(body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
    expect(warnings).toEqual([]);
  });

  it('posts a stream to :streamGenerateContent?alt=sse', () => {
    expect(build({ stream: true }).url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse');
  });

  it('does not double a /v1beta base URL or a models/ prefix', () => {
    expect(build({}, { baseUrl: 'https://proxy.example/gemini/v1beta/', model: 'models/gemini-2.5-pro' }).url).toBe(
      'https://proxy.example/gemini/v1beta/models/gemini-2.5-pro:generateContent',
    );
    expect(build({}, { baseUrl: 'https://proxy.example/prefix' }).url).toBe('https://proxy.example/prefix/v1beta/models/gemini-3.8-flash:generateContent');
  });
});

describe('gemini request: system messages', () => {
  it('turns leading system and developer messages into systemInstruction', () => {
    const { body, warnings } = build({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'You are terse.' }, { type: 'text', text: 'Answer in English.' }] },
        { role: 'developer', content: [{ type: 'text', text: 'Never guess.' }] },
        user('Hi'),
      ],
    });
    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'You are terse.' }, { text: 'Answer in English.' }, { text: 'Never guess.' }] },
    });
    expect(warnings).toEqual([]);
  });

  it('keeps a mid-conversation system message in place as user text, with a warning', () => {
    const { body, warnings } = build({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        user('First question'),
        { role: 'assistant', content: [{ type: 'text', text: 'First answer' }] },
        { role: 'system', content: [{ type: 'text', text: '<system-reminder>Plan mode is on.</system-reminder>' }] },
        user('Second question'),
      ],
    });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'First question' }] },
      { role: 'model', parts: [{ text: 'First answer' }] },
      { role: 'user', parts: [{ text: '<system-reminder>Plan mode is on.</system-reminder>' }, { text: 'Second question' }] },
    ]);
    expect(warnings).toEqual([expect.stringContaining('system message after the first turn was sent in place as user text')]);
  });

  it('sends an instruction-only request as the user turn (Gemini needs contents)', () => {
    const { body, warnings } = build({ messages: [{ role: 'system', content: [{ type: 'text', text: 'Say hi.' }] }] });
    expect(body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Say hi.' }] }] });
    expect(warnings).toEqual([expect.stringContaining('only system/developer messages')]);
  });

  it('keeps a system message that ends the conversation (Claude Code first turn)', () => {
    const { body } = build({ messages: [user('Hello'), { role: 'system', content: [{ type: 'text', text: 'Reminder' }] }] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Hello' }, { text: 'Reminder' }] }]);
    expect(body.systemInstruction).toBeUndefined();
  });
});

describe('gemini request: media', () => {
  it('sends image URLs as fileData, bytes and data: URLs as inlineData, audio as inlineData', () => {
    const { body, warnings } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.PNG?size=large' } },
            { type: 'image', source: { kind: 'data', mediaType: 'image/jpeg', data: '/9j/4AAQ' } },
            { type: 'image', source: { kind: 'url', url: 'data:image/webp;base64,UklGRg==' } },
            { type: 'audio', data: 'UklGRiQ=', format: 'wav' },
          ],
        },
      ],
    });
    expect(body.contents[0].parts).toEqual([
      { text: 'Compare' },
      { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/cat.PNG?size=large' } },
      { inlineData: { mimeType: 'image/jpeg', data: '/9j/4AAQ' } },
      { inlineData: { mimeType: 'image/webp', data: 'UklGRg==' } },
      { inlineData: { mimeType: 'audio/wav', data: 'UklGRiQ=' } },
    ]);
    expect(warnings).toEqual([]);
  });

  it('warns when an image URL has no known extension and sends it without mimeType', () => {
    const { body, warnings } = build({
      messages: [{ role: 'user', content: [{ type: 'image', source: { kind: 'url', url: 'https://example.com/render?id=7' } }] }],
    });
    expect(body.contents[0].parts).toEqual([{ fileData: { fileUri: 'https://example.com/render?id=7' } }]);
    expect(warnings).toEqual([expect.stringContaining('could not tell the media type of https://example.com/render?id=7')]);
  });
});

describe('gemini request: tool round trip', () => {
  const conversation: Message[] = [
    user('Weather in Paris and Tokyo?'),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}', signature: 'sig-call' },
        { type: 'tool-call', id: 'call_2', name: 'get_weather', arguments: '{"location":"Tokyo"}' },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: '{"temperature":21,"sky":"clear"}' }] },
    { role: 'tool', content: [{ type: 'tool-result', callId: 'call_2', name: 'get_weather', content: 'rainy', isError: false }] },
  ];

  it('sends calls as functionCall and results as functionResponse in one user turn, names recovered from the call id', () => {
    const { body, warnings } = build({ messages: conversation });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Tokyo?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          { functionCall: { name: 'get_weather', args: { location: 'Paris' }, id: 'call_1' }, thoughtSignature: 'sig-call' },
          { functionCall: { name: 'get_weather', args: { location: 'Tokyo' }, id: 'call_2' } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { temperature: 21, sky: 'clear' }, id: 'call_1' } },
          { functionResponse: { name: 'get_weather', response: { result: 'rainy' }, id: 'call_2' } },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('wraps failed results as {error} and JSON arrays as text; results inside a user message work too', () => {
    const { body } = build({
      messages: [
        user('go'),
        { role: 'assistant', content: [{ type: 'tool-call', id: 'toolu_1', name: 'run', arguments: '', signature: 's' }] },
        {
          role: 'user',
          content: [
            { type: 'tool-result', callId: 'toolu_1', content: [{ type: 'text', text: '[1,2]' }], isError: true },
            { type: 'text', text: 'and then?' },
          ],
        },
      ],
    });
    expect(body.contents[1].parts[0].functionCall).toEqual({ name: 'run', args: {}, id: 'toolu_1' });
    expect(body.contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'run', response: { error: '[1,2]' }, id: 'toolu_1' } }, { text: 'and then?' }],
    });
  });

  it('warns about a result whose call cannot be found and sends the call id as its name', () => {
    const { body, warnings } = build({
      messages: [user('x'), { role: 'tool', content: [{ type: 'tool-result', callId: 'call_lost', content: 'ok' }] }],
    });
    expect(body.contents[0].parts[1]).toEqual({ functionResponse: { name: 'call_lost', response: { result: 'ok' }, id: 'call_lost' } });
    expect(warnings).toEqual([expect.stringContaining('call_lost matches no earlier tool call')]);
  });

  it('warns about arguments that are not a JSON object', () => {
    const { body, warnings } = build({
      messages: [user('x'), { role: 'assistant', content: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{broken', signature: 's' }] }],
    });
    expect(body.contents[1].parts[0].functionCall.args).toEqual({});
    expect(warnings).toEqual([expect.stringContaining('arguments of tool call c (f) are not a JSON object')]);
  });
});

describe('gemini request: thought signatures', () => {
  it('puts a reasoning signature on the part that follows it and drops the thought text', () => {
    const { body, warnings } = build({
      messages: [
        user('q'),
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Let me think.', signature: 'sig-text' },
            { type: 'text', text: 'Answer.' },
          ],
        },
        user('q2'),
      ],
    });
    expect(body.contents[1]).toEqual({ role: 'model', parts: [{ text: 'Answer.', thoughtSignature: 'sig-text' }] });
    expect(warnings).toEqual([]);
  });

  it('signs only the first of parallel calls from a reasoning part, as Gemini returned them', () => {
    const { body } = build({
      messages: [
        user('q'),
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: '', signature: 'sig-calls' },
            { type: 'tool-call', id: 'a', name: 'f', arguments: '{}' },
            { type: 'tool-call', id: 'b', name: 'f', arguments: '{}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'a', content: '1' }, { type: 'tool-result', callId: 'b', content: '2' }] },
      ],
    });
    expect(body.contents[1].parts).toEqual([
      { functionCall: { name: 'f', args: {}, id: 'a' }, thoughtSignature: 'sig-calls' },
      { functionCall: { name: 'f', args: {}, id: 'b' } },
    ]);
  });

  it('sends a trailing signature back on an empty text part, as Gemini streams it', () => {
    const { body } = build({
      messages: [
        user('q'),
        { role: 'assistant', content: [{ type: 'text', text: 'Hi there.' }, { type: 'reasoning', text: '', signature: 'sig-last' }] },
        user('q2'),
      ],
    });
    expect(body.contents[1].parts).toEqual([{ text: 'Hi there.' }, { text: '', thoughtSignature: 'sig-last' }]);
  });

  it("fills in Gemini's documented skip value when a call lost its signature, and says so", () => {
    const { body, warnings } = build({
      messages: [
        user('q'),
        { role: 'assistant', content: [{ type: 'tool-call', id: 'a', name: 'f', arguments: '{"x":1}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'a', content: 'done' }] },
      ],
    });
    expect(body.contents[1].parts).toEqual([{ functionCall: { name: 'f', args: { x: 1 }, id: 'a' }, thoughtSignature: 'skip_thought_signature_validator' }]);
    expect(warnings).toEqual([expect.stringContaining('had no thought signature')]);
  });

  it('warns about redacted reasoning, which Gemini cannot take', () => {
    const { body, warnings } = build({
      messages: [user('q'), { role: 'assistant', content: [{ type: 'reasoning', text: '', redacted: 'b64' }, { type: 'text', text: 'A' }] }, user('q2')],
    });
    expect(body.contents[1].parts).toEqual([{ text: 'A' }]);
    expect(warnings).toEqual([expect.stringContaining('redacted reasoning')]);
  });
});

describe('gemini request: tools and tool choice', () => {
  const tools = [
    { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } },
    { name: 'noop', parameters: { type: 'object', properties: {} } },
  ];

  it('declares functions with parametersJsonSchema, the JSON Schema as it is', () => {
    expect(build({ tools }).body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather for a city', parametersJsonSchema: tools[0]!.parameters },
          { name: 'noop', parametersJsonSchema: { type: 'object', properties: {} } },
        ],
      },
    ]);
    expect(build({ tools }).body.toolConfig).toBeUndefined();
  });

  it.each([
    [{ type: 'auto' } as const, { mode: 'AUTO' }],
    [{ type: 'none' } as const, { mode: 'NONE' }],
    [{ type: 'required' } as const, { mode: 'ANY' }],
    [{ type: 'tool', name: 'get_weather' } as const, { mode: 'ANY', allowedFunctionNames: ['get_weather'] }],
  ])('maps tool choice %j to functionCallingConfig %j', (toolChoice, config) => {
    expect(build({ tools, toolChoice }).body.toolConfig).toEqual({ functionCallingConfig: config });
  });

  it('warns about a tool choice without tools', () => {
    const { body, warnings } = build({ toolChoice: { type: 'required' } });
    expect(body.toolConfig).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('tool choice "required" was ignored')]);
  });
});

describe('gemini request: generationConfig', () => {
  it('carries sampling, limits and stop sequences', () => {
    const { body } = build({
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 512,
      stop: ['END'],
      n: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      seed: 7,
    });
    expect(body.generationConfig).toEqual({
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 512,
      stopSequences: ['END'],
      candidateCount: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      seed: 7,
    });
  });

  it('asks for JSON, with responseJsonSchema for a schema (Gemini CLI routing call)', () => {
    const schema = { type: 'object', properties: { complexity_score: { type: 'integer' } }, required: ['complexity_score'] };
    expect(build({ responseFormat: { type: 'json' } }).body.generationConfig).toEqual({ responseMimeType: 'application/json' });
    expect(build({ responseFormat: { type: 'json-schema', name: 'route', schema, strict: true } }).body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
    });
    expect(build({ responseFormat: { type: 'text' } }).body.generationConfig).toBeUndefined();
  });

  it.each([
    ['budget', { budgetTokens: 2048 }, 'gemini-3.8-flash', { includeThoughts: true, thinkingBudget: 2048 }],
    ['effort on Gemini 3 → level', { effort: 'low' }, 'gemini-3.8-flash', { includeThoughts: true, thinkingLevel: 'LOW' }],
    ['effort on Gemini 3 → level', { effort: 'high' }, 'gemini-3-pro-preview', { includeThoughts: true, thinkingLevel: 'HIGH' }],
    ['effort on Gemini 2.5 → budget', { effort: 'medium' }, 'gemini-2.5-flash', { includeThoughts: true, thinkingBudget: 8192 }],
    ['effort on Gemini 2.5 → budget', { effort: 'low' }, 'models/gemini-2.5-pro', { includeThoughts: true, thinkingBudget: 1024 }],
    ['disabled', { disabled: true }, 'gemini-2.5-flash', { thinkingBudget: 0 }],
    ['effort none', { effort: 'none' }, 'gemini-3.8-flash', { thinkingBudget: 0 }],
    ['adaptive on 2.5', { adaptive: true }, 'gemini-2.5-flash-lite', { includeThoughts: true, thinkingBudget: -1 }],
    ['adaptive on 3', { adaptive: true }, 'gemini-3.8-flash', { includeThoughts: true }],
    ['summary only', { summary: 'auto' }, 'gemini-3.8-flash', { includeThoughts: true }],
  ] as const)('maps reasoning (%s) to thinkingConfig', (_label, reasoning, model, thinkingConfig) => {
    expect(build({ reasoning }, { model }).body.generationConfig).toEqual({ thinkingConfig });
  });

  it('prefers an explicit budget over an effort, with a warning', () => {
    const { body, warnings } = build({ reasoning: { budgetTokens: 4000, effort: 'high' } });
    expect(body.generationConfig.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: 4000 });
    expect(warnings).toEqual([expect.stringContaining('effort "high" was ignored')]);
  });
});

describe('gemini request: warnings', () => {
  it('reports what Gemini cannot take instead of dropping it silently', () => {
    const { warnings } = build({
      parallelToolCalls: false,
      logprobs: true,
      topLogprobs: 3,
      modalities: ['text', 'audio'],
      n: 2,
      user: 'u1',
      promptCacheKey: 'k',
      serviceTier: 'flex',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cacheControl: { type: 'ephemeral' } }], name: 'alice' }],
    });
    expect(warnings).toEqual([
      expect.stringContaining('message names'),
      expect.stringContaining('cache_control'),
      expect.stringContaining('n=2'),
      expect.stringContaining('parallel_tool_calls=false'),
      expect.stringContaining('logprobs'),
      expect.stringContaining('audio output'),
      expect.stringContaining('user and metadata'),
      expect.stringContaining('prompt_cache_key'),
      expect.stringContaining('service tier "flex"'),
    ]);
  });

  it('says nothing about parallel tool calls left on (what Gemini does anyway)', () => {
    expect(build({ parallelToolCalls: true }).warnings).toEqual([]);
  });
});
