import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { anthropicMessagesCodec } from '../../../../relay/protocols/anthropic-messages/codec.js';
import { decodeMessagesRequest } from '../../../../relay/protocols/anthropic-messages/decode-request.js';
import { claudeCodeMessageCalls } from './captures.js';

const base = { model: 'claude-test', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] };

function decode(body: Record<string, unknown>, warnings: string[] = []) {
  return decodeMessagesRequest(body, warnings);
}

function rejection(body: unknown, countTokens = false): RelayError {
  try {
    decodeMessagesRequest(body, [], { countTokens });
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('expected a RelayError');
}

describe('messages request → IR: Claude Code captures', () => {
  const calls = claudeCodeMessageCalls();

  it('has the captured calls', () => {
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it.each(calls.map((call, i) => [i, call] as const))('capture %i decodes without error, everything in place', (_i, call) => {
    const warnings: string[] = [];
    const body = call.body!;
    const { request } = anthropicMessagesCodec.decodeRequest(body, {}, warnings);
    expect(request.model).toBe('claude-opus-4-8');
    expect(request.stream).toBe(true);
    expect(request.maxOutputTokens).toBe(64000);
    // Three system blocks with their cache_control, as one leading system message.
    const [system, ...rest] = request.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toHaveLength(3);
    expect(system!.content.filter((p) => p.type === 'text' && p.cacheControl?.type === 'ephemeral')).toHaveLength(2);
    // role: system inside messages stays where it was, as a system message.
    expect(rest.map((m) => m.role)).toEqual(body.messages.map((m: { role: string }) => m.role));
    const inner = rest.find((m) => m.role === 'system')!;
    expect(inner.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Available agent types') });
    // ~24 tools with name, description and input_schema.
    expect(request.tools).toHaveLength(body.tools.length);
    expect(request.tools!.every((t) => t.name && t.description && t.parameters.type === 'object')).toBe(true);
    expect(request.reasoning).toEqual({ adaptive: true, effort: 'high' });
    expect(request.user).toBe(body.metadata.user_id);
    expect(warnings).toEqual([]);
  });

  it('the tool round trip: tool_use in the assistant turn, its tool_result (named) in the user turn', () => {
    const call = calls.find((c) => c.body!.messages.some((m: { role: string }) => m.role === 'assistant'))!;
    const request = decode(call.body!);
    const assistant = request.messages.find((m) => m.role === 'assistant')!;
    const toolCall = assistant.content.find((p) => p.type === 'tool-call');
    expect(toolCall).toMatchObject({ type: 'tool-call', name: 'Read', arguments: JSON.stringify({ file_path: '/etc/hostname' }) });
    const last = request.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content[0]).toMatchObject({ type: 'tool-result', callId: (toolCall as { id: string }).id, name: 'Read', content: '1\tvm\n2\t' });
  });

  it('thinking enabled with a budget, and effort max', () => {
    const request = decode({ ...base, thinking: { type: 'enabled', budget_tokens: 2048 }, output_config: { effort: 'max' } });
    expect(request.reasoning).toEqual({ budgetTokens: 2048, effort: 'xhigh' });
    expect(decode({ ...base, thinking: { type: 'disabled' } }).reasoning).toEqual({ disabled: true });
  });
});

describe('messages request → IR: fields', () => {
  it('maps parameters, tool choice, format and metadata', () => {
    const request = decode({
      ...base,
      system: 'be brief',
      temperature: 0.5,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      metadata: { user_id: 'u-1' },
      tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } }, cache_control: { type: 'ephemeral' } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'string' } } } } },
      context_management: { edits: [] },
      some_future_field: 1,
    });
    expect(request).toMatchObject({
      model: 'claude-test',
      stream: false,
      maxOutputTokens: 1024,
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      stop: ['END'],
      user: 'u-1',
      toolChoice: { type: 'required' },
      parallelToolCalls: false,
      responseFormat: { type: 'json-schema', schema: { type: 'object', properties: { a: { type: 'string' } } } },
    });
    expect(request.messages[0]).toEqual({ role: 'system', content: [{ type: 'text', text: 'be brief' }] });
    expect(request.tools![0]).toEqual({
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      cacheControl: { type: 'ephemeral' },
    });
    expect(decode({ ...base, tools: [], tool_choice: { type: 'tool', name: 'x' } }).toolChoice).toEqual({ type: 'tool', name: 'x' });
    expect(decode({ ...base, tool_choice: { type: 'none' } }).toolChoice).toEqual({ type: 'none' });
  });

  it('drops server tools and says so in the warnings', () => {
    const warnings: string[] = [];
    const request = decode(
      { ...base, tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }, { name: 'f', input_schema: { type: 'object' } }] },
      warnings,
    );
    expect(request.tools!.map((t) => t.name)).toEqual(['f']);
    expect(warnings).toEqual([expect.stringContaining('web_search_20250305')]);
  });

  it('decodes every content block kind', () => {
    const request = decode({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look', cache_control: { type: 'ephemeral', ttl: '1h' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBER' }, title: 'a.pdf' },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'redacted_thinking', data: 'enc' },
            { type: 'text', text: 'calling' },
            { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }], is_error: true },
            { type: 'text', text: 'next' },
          ],
        },
        { role: 'system', content: [{ type: 'text', text: 'late instruction' }] },
      ],
    });
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look', cacheControl: { type: 'ephemeral', ttl: '1h' } },
          { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'iVBOR' } },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' } },
          { type: 'file', data: 'JVBER', mediaType: 'application/pdf', filename: 'a.pdf' },
          { type: 'text', text: 'plain words' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm', signature: 'sig' },
          { type: 'reasoning', text: '', redacted: 'enc' },
          { type: 'text', text: 'calling' },
          { type: 'tool-call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool-result', callId: 'toolu_1', name: 'f', content: 'one\ntwo', isError: true },
          { type: 'text', text: 'next' },
        ],
      },
      { role: 'system', content: [{ type: 'text', text: 'late instruction' }] },
    ]);
  });

  it('an empty signature (thinking the relay surfaced from an unsigned upstream) is no signature', () => {
    const request = decode({ ...base, messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: '' }, { type: 'text', text: 'b' }] }, { role: 'user', content: 'c' }] });
    expect(request.messages[1]!.content[0]).toEqual({ type: 'reasoning', text: 't' });
  });

  it('count_tokens bodies need no max_tokens', () => {
    const { max_tokens: _unused, ...body } = base;
    expect(decodeMessagesRequest(body, [], { countTokens: true }).maxOutputTokens).toBeUndefined();
    expect(anthropicMessagesCodec.decodeRequest(body, { countTokens: true } as never, []).request.model).toBe('claude-test');
    expect(anthropicMessagesCodec.encodeTokenCount!(42)).toEqual({ input_tokens: 42 });
  });
});

describe('messages request → IR: strict on client input', () => {
  it.each([
    [{ max_tokens: undefined }, 'max_tokens'],
    [{ max_tokens: 0 }, 'max_tokens'],
    [{ max_tokens: 1.5 }, 'max_tokens'],
    [{ model: '' }, 'model'],
    [{ messages: undefined }, 'messages'],
    [{ messages: [] }, 'messages'],
    [{ messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    [{ messages: [{ role: 'user', content: 5 }] }, 'messages[0].content'],
    [{ messages: [{ role: 'user', content: [{ type: 'video' }] }] }, 'messages[0].content[0].type'],
    [{ messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] }] }, 'messages[0].content[0].type'],
    [{ messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 'messages[0].content[0].text'],
    [{ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f' } }] }] }, 'messages[0].content[0].source.type'],
    [{ messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }] }, 'messages[0].content[0].tool_use_id'],
    [{ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'b', input: 'x' }] }] }, 'messages[0].content[0].input'],
    [{ system: [{ type: 'image' }] }, 'system[0].type'],
    [{ system: 3 }, 'system'],
    [{ temperature: 1.5 }, 'temperature'],
    [{ top_p: 2 }, 'top_p'],
    [{ top_k: -1 }, 'top_k'],
    [{ stop_sequences: 'END' }, 'stop_sequences'],
    [{ stream: 'yes' }, 'stream'],
    [{ tools: {} }, 'tools'],
    [{ tools: [{ description: 'x', input_schema: { type: 'object' } }] }, 'tools[0].name'],
    [{ tools: [{ name: 'f' }] }, 'tools[0].input_schema'],
    [{ tool_choice: { type: 'sometimes' } }, 'tool_choice.type'],
    [{ tool_choice: { type: 'tool' } }, 'tool_choice.name'],
    [{ thinking: { type: 'enabled' } }, 'thinking.budget_tokens'],
    [{ thinking: { type: 'enabled', budget_tokens: 100 } }, 'thinking.budget_tokens'],
    [{ thinking: { type: 'always' } }, 'thinking.type'],
    [{ output_config: { effort: 'extreme' } }, 'output_config.effort'],
    [{ output_config: { format: { type: 'xml' } } }, 'output_config.format.type'],
    [{ output_config: { format: { type: 'json_schema' } } }, 'output_config.format.schema'],
    [{ metadata: { user_id: 7 } }, 'metadata.user_id'],
    [{ messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: { type: 'forever' } }] }] }, 'messages[0].content[0].cache_control.type'],
  ])('%j → 400 naming %s', (override, param) => {
    const body: Record<string, unknown> = { ...base, ...override };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const error = rejection(body);
    expect(error.status).toBe(400);
    expect(error.kind).toBe('invalid_request');
    expect(error.param).toBe(param);
    expect(error.message).toContain(param);
  });

  it('a body that is not an object → 400', () => {
    expect(rejection([1, 2]).status).toBe(400);
  });
});
