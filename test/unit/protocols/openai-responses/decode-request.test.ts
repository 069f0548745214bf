import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../../../../relay/ir/chat-request.js';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { decodeResponsesRequest } from '../../../../relay/protocols/openai-responses/decode-request.js';
import { SIGNATURE_PREFIX } from '../../../../relay/protocols/openai-responses/reasoning-items.js';
import { noteTranslation } from '../../../../relay/protocols/openai-responses/request-context.js';
import { readCaptures } from '../../../helpers/fixtures.js';

const captures = readCaptures<{ headers: Record<string, string>; body: any }>('codex');

function decodeError(body: unknown): RelayError {
  try {
    decodeResponsesRequest(body);
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('responses request → IR: the Codex captures', () => {
  it('has captures to replay', () => {
    expect(captures.length).toBeGreaterThanOrEqual(2);
  });

  it.each(captures.map((capture, i) => [i, capture] as const))('capture %i decodes completely', (_i, capture) => {
    const warnings: string[] = [];
    const { request, context } = decodeResponsesRequest(capture.body, warnings);
    const body = capture.body;
    expect(request.model).toBe('gpt-5-codex');
    expect(request.stream).toBe(true);
    expect(request.parallelToolCalls).toBe(true);
    expect(request.toolChoice).toEqual({ type: 'auto' });
    expect(request.reasoning).toEqual({ summary: 'auto' });
    expect(request.promptCacheKey).toBe(body.prompt_cache_key);
    // No `instructions`: the system prompt is the developer messages, kept in place.
    expect(request.messages[0]!.role).toBe('developer');
    expect(request.messages[0]!.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('You are a coding agent') });
    expect(request.messages.filter((m) => m.role === 'developer')).toHaveLength(2);
    const lastUser = request.messages.filter((m) => m.role === 'user').at(-1)!;
    expect(lastUser.content).toEqual([{ type: 'text', text: 'please run MOCK_TOOL:exec_command' }]);

    // Plain functions keep their names; the namespace is flattened; web_search is dropped.
    const names = request.tools!.map((t) => t.name);
    expect(names).toContain('exec_command');
    expect(names).toContain('update_goal');
    for (const inner of ['close_agent', 'resume_agent', 'send_input', 'spawn_agent', 'wait_agent']) expect(names).toContain(`multi_agent_v1__${inner}`);
    expect(names.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true);
    expect(request.tools!.find((t) => t.name === 'exec_command')).toMatchObject({ strict: false, parameters: { type: 'object' } });
    expect(request.tools!.length).toBe(8 + 5 - 1);

    // The hosted tool is noted only once the call is translated.
    expect(warnings).toEqual([]);
    noteTranslation(context);
    expect(warnings).toEqual([expect.stringContaining("hosted tool 'web_search'")]);
  });

  it('the tool round trip: function_call → assistant tool call, function_call_output → tool result with its name', () => {
    const { request } = decodeResponsesRequest(captures[1]!.body);
    const call = captures[1]!.body.input.find((item: any) => item.type === 'function_call');
    const assistant = request.messages.at(-2)!;
    const tool = request.messages.at(-1)!;
    expect(assistant.role).toBe('assistant');
    expect(assistant.content).toEqual([{ type: 'tool-call', id: call.call_id, name: 'exec_command', arguments: call.arguments }]);
    expect(tool.role).toBe('tool');
    expect(tool.content).toEqual([{ type: 'tool-result', callId: call.call_id, name: 'exec_command', content: expect.stringContaining('MOCK_TOOL_RAN') }]);
  });

  it('echoes the request fields the Response repeats', () => {
    const { context } = decodeResponsesRequest(captures[0]!.body);
    const { echo } = context;
    expect(echo.tools).toHaveLength(captures[0]!.body.tools.length);
    expect(echo.tools.find((t: any) => t.type === 'namespace')).toMatchObject({ name: 'multi_agent_v1', description: expect.any(String) });
    expect(echo.reasoning).toEqual({ effort: null, summary: 'auto' });
    expect(echo.store).toBe(false);
    expect(echo.toolChoice).toBe('auto');
  });
});

describe('responses request → IR: fields', () => {
  it('a string input is one user message; instructions lead as a system message', () => {
    const { request } = decodeResponsesRequest({ model: 'm', instructions: 'Be brief.', input: 'Hello' });
    expect(request.messages).toEqual([
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
    ]);
    expect(request.stream).toBe(false);
  });

  it('maps sampling, limits, reasoning, text.format, user and metadata', () => {
    const { request } = decodeResponsesRequest({
      model: 'm',
      input: 'x',
      stream: true,
      temperature: 0.5,
      top_p: 0.9,
      max_output_tokens: 300,
      reasoning: { effort: 'high', summary: 'detailed' },
      text: { format: { type: 'json_schema', name: 'route', strict: true, schema: { type: 'object', properties: {} } }, verbosity: 'low' },
      safety_identifier: 'user-123',
      metadata: { a: 'b' },
      store: true,
      include: ['reasoning.encrypted_content'],
      prompt_cache_key: 'k',
      service_tier: 'flex',
      parallel_tool_calls: false,
      some_future_field: { anything: 1 },
    });
    expect(request).toMatchObject({
      stream: true,
      temperature: 0.5,
      topP: 0.9,
      maxOutputTokens: 300,
      reasoning: { effort: 'high', summary: 'detailed' },
      responseFormat: { type: 'json-schema', name: 'route', strict: true, schema: { type: 'object', properties: {} } },
      user: 'user-123',
      metadata: { a: 'b' },
      promptCacheKey: 'k',
      serviceTier: 'flex',
      parallelToolCalls: false,
    });
    expect(decodeResponsesRequest({ model: 'm', input: 'x', text: { format: { type: 'json_object' } } }).request.responseFormat).toEqual({ type: 'json' });
    expect(decodeResponsesRequest({ model: 'm', input: 'x', reasoning: { effort: 'max' } }).request.reasoning).toEqual({ effort: 'xhigh' });
    expect(decodeResponsesRequest({ model: 'm', input: 'x', user: 'legacy' }).request.user).toBe('legacy');
  });

  it('tool_choice: modes, a function (namespaced by its bare name), hosted tools dropped', () => {
    const tools = [
      { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} } },
      { type: 'namespace', name: 'crm', description: 'CRM', tools: [{ type: 'function', name: 'find_customer' }] },
    ];
    const choice = (tool_choice: unknown) => decodeResponsesRequest({ model: 'm', input: 'x', tools, tool_choice }).request.toolChoice;
    expect(choice('required')).toEqual({ type: 'required' });
    expect(choice({ type: 'function', name: 'get_weather' })).toEqual({ type: 'tool', name: 'get_weather' });
    expect(choice({ type: 'function', name: 'find_customer' })).toEqual({ type: 'tool', name: 'crm__find_customer' });
    expect(choice({ type: 'allowed_tools', mode: 'required', tools: [] })).toEqual({ type: 'required' });
    expect(choice({ type: 'web_search_preview' })).toBeUndefined();
  });

  it('message content: text, images (URL and data), files, output_text and refusals of the assistant', () => {
    const { request } = decodeResponsesRequest({
      model: 'm',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'look' },
            { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' },
            { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'auto' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'a.pdf' },
          ],
        },
        { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'seen', annotations: [] }, { type: 'refusal', refusal: 'no' }] },
        { type: 'message', role: 'system', content: 'stay on topic' },
      ],
    });
    expect(request.messages[0]!.content).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, detail: 'low' },
      { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'AAAA' }, detail: 'auto' },
      { type: 'file', mediaType: 'application/pdf', data: 'JVBE', filename: 'a.pdf' },
    ]);
    expect(request.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'seen' }, { type: 'text', text: 'no' }] });
    // A conversation may end with a system message: kept in place.
    expect(request.messages[2]).toEqual({ role: 'system', content: [{ type: 'text', text: 'stay on topic' }] });
  });

  it('reasoning items → IR reasoning: encrypted content as redacted, the relay-signed form as a signature', () => {
    const { request } = decodeResponsesRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'q' },
        { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'first' }, { type: 'summary_text', text: 'second' }], encrypted_content: 'gAAAAopaque' },
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'signed thought' }], encrypted_content: `${SIGNATURE_PREFIX}sig-1` },
        { type: 'reasoning', summary: [] },
        { type: 'function_call', call_id: 'call_1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"x"}' },
        { type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: 'spawned' }] },
      ],
    });
    const assistant = request.messages[1]!.content;
    expect(assistant).toEqual<ContentPart[]>([
      { type: 'reasoning', text: 'first\n\nsecond', redacted: 'gAAAAopaque' },
      { type: 'reasoning', text: 'signed thought', signature: 'sig-1' },
      { type: 'tool-call', id: 'call_1', name: 'multi_agent_v1__spawn_agent', arguments: '{"task":"x"}' },
    ]);
    expect(request.messages[2]!.content).toEqual([{ type: 'tool-result', callId: 'call_1', name: 'multi_agent_v1__spawn_agent', content: 'spawned' }]);
  });

  it('custom tools become one-string functions; their calls and outputs round-trip', () => {
    const { request, context } = decodeResponsesRequest({
      model: 'm',
      tools: [{ type: 'custom', name: 'apply_patch', description: 'Patch files', format: { type: 'grammar', syntax: 'lark', definition: 'start: "x"' } }],
      input: [
        { role: 'user', content: 'patch it' },
        { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'custom_tool_call_output', call_id: 'c1', output: 'done' },
      ],
    });
    expect(request.tools![0]).toMatchObject({ name: 'apply_patch', description: 'Patch files', parameters: { properties: { input: { type: 'string' } }, required: ['input'] } });
    expect(request.messages[1]!.content).toEqual([{ type: 'tool-call', id: 'c1', name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' }]);
    expect(request.messages[2]!.content).toEqual([{ type: 'tool-result', callId: 'c1', name: 'apply_patch', content: 'done' }]);
    expect(context.toolNames.unflatten('apply_patch')).toEqual({ name: 'apply_patch', custom: true });
  });

  it('hosted-tool items in the history are dropped with a note', () => {
    const warnings: string[] = [];
    const { request, context } = decodeResponsesRequest(
      { model: 'm', input: [{ role: 'user', content: 'q' }, { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } }] },
      warnings,
    );
    expect(request.messages).toHaveLength(1);
    noteTranslation(context);
    expect(warnings).toEqual([expect.stringContaining("'web_search_call'")]);
  });
});

describe('responses request → 400 naming the field', () => {
  it.each([
    [{ input: 'x' }, 'model', 'missing_required_parameter'],
    [{ model: 'm' }, 'input', 'missing_required_parameter'],
    [{ model: 'm', input: 3 }, 'input', 'invalid_type'],
    [{ model: 'm', input: 'x', temperature: 3 }, 'temperature', 'decimal_above_max_value'],
    [{ model: 'm', input: 'x', top_p: -1 }, 'top_p', 'decimal_below_min_value'],
    [{ model: 'm', input: 'x', max_output_tokens: 8 }, 'max_output_tokens', 'integer_below_min_value'],
    [{ model: 'm', input: 'x', max_output_tokens: 20.5 }, 'max_output_tokens', 'invalid_type'],
    [{ model: 'm', input: 'x', stream: 'yes' }, 'stream', 'invalid_type'],
    [{ model: 'm', input: 'x', store: 'no' }, 'store', 'invalid_type'],
    [{ model: 'm', input: 'x', include: 'reasoning' }, 'include', 'invalid_type'],
    [{ model: 'm', input: 'x', tools: {} }, 'tools', 'invalid_type'],
    [{ model: 'm', input: 'x', tools: [{ type: 'function' }] }, 'tools[0].name', 'missing_required_parameter'],
    [{ model: 'm', input: 'x', tool_choice: 'sometimes' }, 'tool_choice', 'invalid_value'],
    [{ model: 'm', input: 'x', reasoning: { effort: 'extreme' } }, 'reasoning.effort', 'invalid_value'],
    [{ model: 'm', input: 'x', reasoning: { summary: 'long' } }, 'reasoning.summary', 'invalid_value'],
    [{ model: 'm', input: 'x', text: { format: { type: 'yaml' } } }, 'text.format.type', 'invalid_value'],
    [{ model: 'm', input: 'x', text: { format: { type: 'json_schema', name: 'x' } } }, 'text.format.schema', 'missing_required_parameter'],
    [{ model: 'm', input: 'x', metadata: { a: 1 } }, 'metadata.a', 'invalid_type'],
    [{ model: 'm', input: [{ role: 'robot', content: 'x' }] }, 'input[0].role', 'invalid_value'],
    [{ model: 'm', input: [{ role: 'user', content: [{ type: 'input_video' }] }] }, 'input[0].content[0].type', 'invalid_value'],
    [{ model: 'm', input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, 'input[0].call_id', 'missing_required_parameter'],
    [{ model: 'm', input: [{ type: 'function_call_output', call_id: 'c', output: 5 }] }, 'input[0].output', 'invalid_type'],
    [{ model: 'm', input: [{ content: 'no role, no type' }] }, 'input[0].type', 'missing_required_parameter'],
  ])('%j → %s', (body, param, code) => {
    const error = decodeError(body);
    expect(error.status).toBe(400);
    expect(error.kind).toBe('invalid_request');
    expect(error.param).toBe(param);
    expect(error.code).toBe(code);
  });

  it.each([
    [{ previous_response_id: 'resp_123' }, 'previous_response_id'],
    [{ conversation: 'conv_1' }, 'conversation'],
    [{ background: true }, 'background'],
  ])('stored state cannot be served: %j', (fields, param) => {
    const error = decodeError({ model: 'm', input: 'x', ...fields });
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(/stores no responses/);
  });

  it('item references cannot be served', () => {
    const error = decodeError({ model: 'm', input: [{ type: 'item_reference', id: 'msg_1' }] });
    expect(error.param).toBe('input[0]');
    expect(error.message).toMatch(/stores no responses/);
  });
});
