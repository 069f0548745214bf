import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../../../relay/ir/chat-request.js';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { decodeGenerateContentRequest } from '../../../../relay/protocols/gemini-generate-content/decode-request.js';
import { encodeThoughtSignature } from '../../../../relay/wire/gemini/thought-signature.js';
import { geminiCliCaptures, routeOf } from './captures.js';

const route = { model: 'gemini-2.5-flash', stream: false, sse: false };
const decode = (body: unknown, facts = route, warnings: string[] = []) => decodeGenerateContentRequest(body, facts, warnings).request;

function thrown(fn: () => unknown): RelayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('expected a RelayError');
}

describe('generate-content request → IR: Gemini CLI captures', () => {
  const captures = geminiCliCaptures();

  it('decodes every captured body without warnings about what Gemini CLI sends', () => {
    expect(captures.length).toBeGreaterThan(0);
    for (const capture of captures) {
      const warnings: string[] = [];
      const { request } = decodeGenerateContentRequest(capture.body, routeOf(capture), warnings);
      expect(request.model).toBe(routeOf(capture).model);
      expect(request.stream).toBe(routeOf(capture).stream);
      expect(request.messages[0]!.role).toBe('system');
      expect(request.temperature).toBe(1);
      expect(request.topP).toBe(0.95);
      expect(request.topK).toBe(64);
      expect(request.reasoning).toEqual({ effort: 'high', summary: 'auto' });
      expect(warnings).toEqual([]);
    }
  });

  it('the routing call: JSON output with its schema, types lowered to JSON Schema', () => {
    const routing = captures.find((c) => c.body.generationConfig?.responseJsonSchema)!;
    const request = decode(routing.body, routeOf(routing));
    expect(request.responseFormat).toEqual({
      type: 'json-schema',
      schema: {
        type: 'object',
        properties: {
          complexity_reasoning: { type: 'string', description: 'Brief explanation for the score.' },
          complexity_score: { type: 'integer', description: 'Complexity score from 1-100.' },
        },
        required: ['complexity_reasoning', 'complexity_score'],
      },
    });
    // Two consecutive user contents stay two user messages, in order.
    expect(request.messages.slice(1).map((m) => m.role)).toEqual(['user', 'user']);
    expect((request.messages.at(-1)!.content[0] as { text: string }).text).toContain('read it');
  });

  it('tools with parametersJsonSchema keep the JSON Schema', () => {
    const withTools = captures.find((c) => c.body.tools)!;
    const request = decode(withTools.body, routeOf(withTools));
    const declared = withTools.body.tools.flatMap((t: any) => t.functionDeclarations);
    expect(request.tools!.map((t) => t.name)).toEqual(declared.map((d: any) => d.name));
    const readFile = request.tools!.find((t) => t.name === 'read_file')!;
    expect(readFile.parameters).toEqual(declared.find((d: any) => d.name === 'read_file').parametersJsonSchema);
    expect(readFile.description).toBeTruthy();
  });

  it('the tool round trip: the function call with its id and signature, the response matched to it', () => {
    const roundTrip = captures.find((c) => c.body.contents.some((content: any) => content.role === 'model'))!;
    const request = decode(roundTrip.body, routeOf(roundTrip));
    const assistant = request.messages.find((m) => m.role === 'assistant')!;
    expect(assistant.content).toEqual([
      {
        type: 'tool-call',
        id: 'read_file_1795304695114_0',
        name: 'read_file',
        arguments: JSON.stringify({ file_path: '/etc/hostname' }),
        signature: 'skip_thought_signature_validator',
      },
    ]);
    const tool = request.messages.at(-1)!;
    expect(tool.role).toBe('tool');
    const result = tool.content[0] as Extract<ContentPart, { type: 'tool-result' }>;
    expect(result).toMatchObject({ type: 'tool-result', callId: 'read_file_1795304695114_0', name: 'read_file', isError: true });
    expect(result.content).toContain('Path not in workspace');
  });
});

describe('generate-content request → IR', () => {
  it('model and streaming come from the path; a models/ prefix is dropped', () => {
    const request = decode({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, { model: 'models/gemini-2.5-pro', stream: true, sse: true });
    expect(request).toEqual({ model: 'gemini-2.5-pro', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  });

  it('a content without role is a user turn; a string systemInstruction is a system message', () => {
    const request = decode({ systemInstruction: 'be brief', contents: [{ parts: [{ text: 'hi' }] }] });
    expect(request.messages).toEqual([
      { role: 'system', content: [{ type: 'text', text: 'be brief' }] },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ]);
  });

  it('generationConfig → sampling, limits, stops, penalties, seed, candidates', () => {
    const request = decode({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: {
        temperature: 0.3,
        topP: 0.9,
        topK: 40,
        maxOutputTokens: 100,
        stopSequences: ['END'],
        candidateCount: 1,
        presencePenalty: 0.5,
        frequencyPenalty: -0.5,
        seed: 7,
        responseMimeType: 'application/json',
      },
    });
    expect(request).toMatchObject({
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 100,
      stop: ['END'],
      n: 1,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      seed: 7,
      responseFormat: { type: 'json' },
    });
  });

  it.each([
    [{ thinkingBudget: 0 }, { disabled: true }],
    [{ thinkingBudget: -1, includeThoughts: true }, { adaptive: true, summary: 'auto' }],
    [{ thinkingBudget: 2048, includeThoughts: true }, { budgetTokens: 2048, summary: 'auto' }],
    [{ thinkingLevel: 'LOW' }, { effort: 'low' }],
    [{ includeThoughts: true }, { summary: 'auto' }],
    [{ thinkingBudget: 0, includeThoughts: true }, { disabled: true }],
  ])('thinkingConfig %j → reasoning %j', (thinkingConfig, reasoning) => {
    const { request, facts } = decodeGenerateContentRequest({ contents: [{ parts: [{ text: 'hi' }] }], generationConfig: { thinkingConfig } }, route, []);
    expect(request.reasoning).toEqual(reasoning);
    expect(facts.includeThoughts).toBe('summary' in reasoning);
  });

  it('responseSchema (OpenAPI subset) is converted to JSON Schema', () => {
    const request = decode({
      contents: [{ parts: [{ text: 'hi' }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'ARRAY',
          items: { type: 'OBJECT', properties: { name: { type: 'STRING', nullable: true } }, propertyOrdering: ['name'], required: ['name'] },
        },
      },
    });
    expect(request.responseFormat).toEqual({
      type: 'json-schema',
      schema: { type: 'array', items: { type: 'object', properties: { name: { type: ['string', 'null'] } }, required: ['name'] } },
    });
  });

  it('function declarations with `parameters` are converted; toolConfig modes map to the tool choice', () => {
    const tools = [
      { functionDeclarations: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] } }, { name: 'noop' }] },
    ];
    const base = { contents: [{ parts: [{ text: 'hi' }] }], tools };
    expect(decode(base).tools).toEqual([
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { name: 'noop', parameters: { type: 'object', properties: {} } },
    ]);
    const mode = (functionCallingConfig: unknown) => decode({ ...base, toolConfig: { functionCallingConfig } });
    expect(mode({ mode: 'AUTO' }).toolChoice).toEqual({ type: 'auto' });
    expect(mode({ mode: 'NONE' }).toolChoice).toEqual({ type: 'none' });
    expect(mode({ mode: 'ANY' }).toolChoice).toEqual({ type: 'required' });
    expect(mode({ mode: 'ANY', allowedFunctionNames: ['noop'] }).toolChoice).toEqual({ type: 'tool', name: 'noop' });
    const several = mode({ mode: 'ANY', allowedFunctionNames: ['noop', 'get_weather'] });
    expect(several.toolChoice).toEqual({ type: 'required' });
    expect(several.tools!.map((t) => t.name)).toEqual(['get_weather', 'noop']);
  });

  it('function calls without ids get stable ids, and responses are matched by name and order', () => {
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'weather in Paris and Rome?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { output: 'sunny' } } },
            { functionResponse: { name: 'get_weather', response: { temperature: 21 } } },
            { text: 'and now?' },
          ],
        },
      ],
    };
    const first = decode(body);
    const second = decode(body);
    expect(first).toEqual(second);
    const calls = first.messages[1]!.content as Extract<ContentPart, { type: 'tool-call' }>[];
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    expect(first.messages[2]).toEqual({
      role: 'tool',
      content: [
        { type: 'tool-result', callId: calls[0]!.id, name: 'get_weather', content: 'sunny' },
        { type: 'tool-result', callId: calls[1]!.id, name: 'get_weather', content: '{"temperature":21}' },
      ],
    });
    expect(first.messages[3]).toEqual({ role: 'user', content: [{ type: 'text', text: 'and now?' }] });
  });

  it('thought parts become reasoning; a signature on the next part signs it', () => {
    const request = decode({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'Let me think.', thought: true }, { text: 'Hello!', thoughtSignature: 'c2ln' }] },
        { role: 'user', parts: [{ text: 'again' }] },
      ],
    });
    expect(request.messages[1]!.content).toEqual([
      { type: 'reasoning', text: 'Let me think.', signature: 'c2ln' },
      { type: 'text', text: 'Hello!' },
    ]);
  });

  it("the relay's own signature envelope gives back the reasoning it wrapped, replacing echoed thought summaries", () => {
    const envelope = encodeThoughtSignature([{ text: 'The user wants the weather.', signature: 'anthropic-sig' }])!;
    const history = (parts: unknown[]) =>
      decode({
        contents: [
          { role: 'user', parts: [{ text: 'weather?' }] },
          { role: 'model', parts },
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', id: 'toolu_1', response: { output: 'sunny' } } }] },
        ],
      }).messages[1]!.content;
    const call = { functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'toolu_1' }, thoughtSignature: envelope };
    const expected = [
      { type: 'reasoning', text: 'The user wants the weather.', signature: 'anthropic-sig' },
      { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ];
    // Gemini CLI drops thought parts from its history; the SDK user may keep them.
    expect(history([call])).toEqual(expected);
    expect(history([{ text: 'The user wants the weather.', thought: true }, call])).toEqual(expected);
  });

  it('inlineData and fileData become image, audio and file parts', () => {
    const request = decode({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { inlineData: { mimeType: 'audio/mpeg', data: 'SUQz' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBE' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.jpg' } },
            { fileData: { mimeType: 'video/mp4', fileUri: 'https://example.com/v.mp4' } },
          ],
        },
      ],
    });
    expect(request.messages[0]!.content).toEqual([
      { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'iVBOR' } },
      { type: 'audio', data: 'SUQz', format: 'mp3' },
      { type: 'file', data: 'JVBE', mediaType: 'application/pdf' },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'file', url: 'https://example.com/v.mp4', mediaType: 'video/mp4' },
    ]);
  });

  it('unknown fields are ignored; other tools are dropped with a warning', () => {
    const warnings: string[] = [];
    const request = decode(
      { contents: [{ parts: [{ text: 'hi' }] }], safetySettings: [{ category: 'X' }], labels: { a: 'b' }, tools: [{ googleSearch: {} }] },
      route,
      warnings,
    );
    expect(request.tools).toBeUndefined();
    expect(warnings.join(' ')).toContain('googleSearch');
  });

  it('a :countTokens body may wrap the request in generateContentRequest', () => {
    const request = decode({ generateContentRequest: { model: 'models/gemini-2.5-flash', contents: [{ parts: [{ text: 'count me' }] }] } }, {} as never);
    expect(request.model).toBe('gemini-2.5-flash');
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'count me' }] }]);
  });

  it.each([
    [{}, 'contents'],
    [{ contents: [] }, 'contents'],
    [{ contents: 'hi' }, 'contents'],
    [{ contents: [{ role: 'system', parts: [{ text: 'x' }] }] }, 'contents[0].role'],
    [{ contents: [{ parts: 'x' }] }, 'contents[0].parts'],
    [{ contents: [{ parts: [{ text: 5 }] }] }, 'contents[0].parts[0].text'],
    [{ contents: [{ role: 'model', parts: [{ functionCall: { args: {} } }] }] }, 'contents[0].parts[0].functionCall.name'],
    [{ contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', args: '{}' } }] }] }, 'contents[0].parts[0].functionCall.args'],
    [{ contents: [{ parts: [{ functionResponse: { name: 'f', response: 'ok' } }] }] }, 'contents[0].parts[0].functionResponse.response'],
    [{ contents: [{ parts: [{ inlineData: { mimeType: 'image/png' } }] }] }, 'contents[0].parts[0].inlineData.data'],
    [{ contents: [{ parts: [{ text: 'x' }] }], systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'x' } }] } }, 'systemInstruction.parts[0]'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { temperature: 'hot' } }, 'generationConfig.temperature'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { temperature: 3 } }, 'generationConfig.temperature'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 1.5 } }, 'generationConfig.maxOutputTokens'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { stopSequences: 'END' } }, 'generationConfig.stopSequences'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { thinkingConfig: { thinkingLevel: 'EXTREME' } } }, 'generationConfig.thinkingConfig.thinkingLevel'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { thinkingConfig: { includeThoughts: 'yes' } } }, 'generationConfig.thinkingConfig.includeThoughts'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { responseSchema: { type: 'WHATEVER' } } }, 'generationConfig.responseSchema.type'],
    [{ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { responseJsonSchema: 'object' } }, 'generationConfig.responseJsonSchema'],
    [{ contents: [{ parts: [{ text: 'x' }] }], tools: {} }, 'tools'],
    [{ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ description: 'no name' }] }] }, 'tools[0].functionDeclarations[0].name'],
    [{ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: 'x' }] }] }, 'tools[0].functionDeclarations[0].parametersJsonSchema'],
    [{ contents: [{ parts: [{ text: 'x' }] }], toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } } }, 'toolConfig.functionCallingConfig.mode'],
    [{ contents: [{ parts: [{ text: 'x' }] }], toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: 'f' } } }, 'toolConfig.functionCallingConfig.allowedFunctionNames'],
  ])('%j: 400 invalid_request naming %s', (body, param) => {
    const error = thrown(() => decode(body));
    expect(error.status).toBe(400);
    expect(error.kind).toBe('invalid_request');
    expect(error.param).toBe(param);
    expect(error.message).toContain(param);
  });
});
