// The responses front door's answers, whole and streamed, against the official OpenAPI
// description, plus the exact event order the SDK stream helpers and Codex rely on.
import { accumulateResponse } from 'openai/lib/responses/ResponseAccumulator';
import { describe, expect, it } from 'vitest';
import { decodeSseText } from '../../../../relay/http/sse-decoder.js';
import type { ChatResult } from '../../../../relay/ir/chat-result.js';
import type { StreamPart } from '../../../../relay/ir/stream-part.js';
import { openaiResponsesCodec } from '../../../../relay/protocols/openai-responses/codec.js';
import { decodeResponsesRequest } from '../../../../relay/protocols/openai-responses/decode-request.js';
import { SIGNATURE_PREFIX } from '../../../../relay/protocols/openai-responses/reasoning-items.js';
import { openAISchemas } from '../../../helpers/openapi-schema.js';

const schemas = openAISchemas();

const body = {
  model: 'client-model',
  instructions: 'Be brief.',
  input: 'weather in Paris? then spawn an agent',
  tools: [
    { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false },
    { type: 'namespace', name: 'multi_agent_v1', description: 'Sub-agents', tools: [{ type: 'function', name: 'spawn_agent', parameters: { type: 'object', properties: {} } }] },
    { type: 'custom', name: 'apply_patch', description: 'Patch files' },
    { type: 'web_search', external_web_access: false },
  ],
  reasoning: { effort: 'low', summary: 'auto' },
  include: ['reasoning.encrypted_content'],
  store: false,
  max_output_tokens: 1000,
  metadata: { k: 'v' },
  user: 'someone',
};

const usage = { inputTokens: 40, outputTokens: 25, cachedInputTokens: 10, reasoningTokens: 5 };

describe('IR answer → Response object', () => {
  it('text, reasoning and namespaced / custom tool calls, valid against the schema', () => {
    const { request, context } = decodeResponsesRequest(body);
    const result: ChatResult = {
      id: 'msg_upstream1',
      model: 'upstream-model',
      created: 1_700_000_000,
      content: [
        { type: 'reasoning', text: 'Thinking.', signature: 'sig-a' },
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'tool-call', id: 'call_1', name: 'multi_agent_v1__spawn_agent', arguments: '{"task":"x"}' },
        { type: 'tool-call', id: 'call_2', name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' },
        { type: 'tool-call', id: 'call_3', name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'gemini-sig' },
      ],
      finish: { unified: 'tool-calls' },
      usage,
    };
    const response = openaiResponsesCodec.encodeResponse(result, request, context) as any;
    expect(schemas.check(response, 'Response')).toEqual([]);
    expect(response).toMatchObject({
      id: 'resp_msg_upstream1',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: 'client-model',
      instructions: 'Be brief.',
      max_output_tokens: 1000,
      metadata: { k: 'v' },
      user: 'someone',
      reasoning: { effort: 'low', summary: 'auto' },
      error: null,
      incomplete_details: null,
      usage: {
        input_tokens: 40,
        input_tokens_details: { cached_tokens: 10, cache_write_tokens: 0 },
        output_tokens: 25,
        output_tokens_details: { reasoning_tokens: 5 },
        total_tokens: 65,
      },
    });
    expect(response.tools).toHaveLength(4);
    expect(response).not.toHaveProperty('output_text');
    const output = response.output;
    expect(output.map((item: any) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'custom_tool_call', 'reasoning', 'function_call']);
    expect(output[0]).toMatchObject({ id: expect.stringMatching(/^rs_/), summary: [{ type: 'summary_text', text: 'Thinking.' }], encrypted_content: `${SIGNATURE_PREFIX}sig-a` });
    expect(output[1]).toMatchObject({ id: expect.stringMatching(/^msg_/), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] });
    expect(output[2]).toMatchObject({ id: expect.stringMatching(/^fc_/), call_id: 'call_1', namespace: 'multi_agent_v1', name: 'spawn_agent', arguments: '{"task":"x"}', status: 'completed' });
    expect(output[3]).toMatchObject({ call_id: 'call_2', name: 'apply_patch', input: '*** Begin Patch' });
    expect(output[4]).toMatchObject({ summary: [], encrypted_content: `${SIGNATURE_PREFIX}gemini-sig` });
    expect(output[5]).toMatchObject({ call_id: 'call_3', name: 'get_weather' });
    expect(output[5]).not.toHaveProperty('namespace');

    // What goes out comes back in: the next turn's input gives the same IR parts.
    const { request: next } = decodeResponsesRequest({ ...body, input: [{ role: 'user', content: 'q' }, ...output] });
    expect(next.messages[2]!.content).toEqual([
      { type: 'reasoning', text: 'Thinking.', signature: 'sig-a' },
      { type: 'text', text: 'Hello' },
      { type: 'tool-call', id: 'call_1', name: 'multi_agent_v1__spawn_agent', arguments: '{"task":"x"}' },
      { type: 'tool-call', id: 'call_2', name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' },
      { type: 'reasoning', text: '', signature: 'gemini-sig' },
      { type: 'tool-call', id: 'call_3', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
  });

  it('a cut answer is incomplete with its reason; a plain request echoes the defaults', () => {
    const { request, context } = decodeResponsesRequest({ model: 'm', input: 'x' });
    const result: ChatResult = { id: 'x', model: 'u', created: 1, content: [{ type: 'text', text: 'partial' }], finish: { unified: 'length' }, usage: { inputTokens: 1, outputTokens: 16 } };
    const response = openaiResponsesCodec.encodeResponse(result, request, context) as any;
    expect(schemas.check(response, 'Response')).toEqual([]);
    expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, completed_at: null, tools: [], tool_choice: 'auto', temperature: 1, top_p: 1, instructions: null });
    expect(response.output[0].status).toBe('incomplete');
  });

  it('errors are OpenAI error objects', () => {
    const body = openaiResponsesCodec.encodeError({ status: 429, kind: 'rate_limit', message: 'slow down', code: 'rate_limit_exceeded' });
    expect(body).toEqual({ error: { message: 'slow down', type: 'rate_limit_error', param: '', code: 'rate_limit_exceeded' } });
  });
});

const streamParts: StreamPart[] = [
  { type: 'start', id: 'abc', model: 'upstream-model', created: 1_700_000_000 },
  { type: 'reasoning-start' },
  { type: 'reasoning-delta', text: 'Think' },
  { type: 'reasoning-delta', text: 'ing.' },
  { type: 'reasoning-signature', signature: 'sig-a' },
  { type: 'reasoning-end' },
  { type: 'text-start' },
  { type: 'text-delta', text: 'Hel' },
  { type: 'text-delta', text: 'lo' },
  { type: 'text-end' },
  { type: 'tool-call-start', index: 0, id: 'call_1', name: 'multi_agent_v1__spawn_agent' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"task":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"x"}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-start', index: 1, id: 'call_2', name: 'apply_patch' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"input":"*** Begin' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: ' Patch"}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: { unified: 'tool-calls' }, usage },
];

function encodeStream(parts: StreamPart[], requestBody: Record<string, unknown> = body) {
  const { request, context } = decodeResponsesRequest(requestBody);
  const encoder = openaiResponsesCodec.createStreamEncoder(request, context);
  const text = parts.map((part) => encoder.encode(part)).join('');
  return { text, encoder, events: decodeSseText(text).map((event) => ({ name: event.event, data: JSON.parse(event.data) })) };
}

function expectValidEvents(events: { name: string | undefined; data: any }[]) {
  events.forEach((event, i) => {
    expect(event.name).toBe(event.data.type);
    expect(event.data.sequence_number).toBe(i);
    expect(schemas.check(event.data, 'ResponseStreamEvent'), `${event.data.type} #${i}`).toEqual([]);
  });
}

describe('IR stream → responses events', () => {
  it('emits the full sequence in order, every event valid, with event names and sequence numbers', () => {
    const { events } = encodeStream(streamParts);
    expectValidEvents(events);
    expect(events.map((e) => e.data.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const created = events[0]!.data.response;
    expect(created).toMatchObject({ id: 'resp_abc', status: 'in_progress', model: 'client-model', output: [] });
    const done = events.filter((e) => e.data.type === 'response.output_item.done').map((e) => e.data.item);
    expect(done[0]).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Thinking.' }], encrypted_content: `${SIGNATURE_PREFIX}sig-a` });
    expect(done[1]).toMatchObject({ type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] });
    expect(done[2]).toMatchObject({ type: 'function_call', call_id: 'call_1', namespace: 'multi_agent_v1', name: 'spawn_agent', arguments: '{"task":"x"}', status: 'completed' });
    expect(done[3]).toMatchObject({ type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: '*** Begin Patch' });
    const argsDone = events.find((e) => e.data.type === 'response.function_call_arguments.done')!.data;
    expect(argsDone).toMatchObject({ name: 'spawn_agent', arguments: '{"task":"x"}' });
    const completed = events.at(-1)!.data.response;
    expect(completed).toMatchObject({ id: 'resp_abc', status: 'completed', usage: { input_tokens: 40, output_tokens: 25, total_tokens: 65 } });
    expect(completed.output).toEqual(done);
  });

  it("the SDK's accumulator (behind its stream helpers) assembles the same final Response", () => {
    const { events } = encodeStream(streamParts);
    let snapshot: ReturnType<typeof accumulateResponse> | undefined;
    for (const event of events) snapshot = accumulateResponse(event.data, snapshot);
    expect(snapshot!.output_text).toBe('Hello');
    expect(snapshot!.status).toBe('completed');
    expect(snapshot!.usage?.total_tokens).toBe(65);
    expect(snapshot!.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'custom_tool_call']);
  });

  it('text only, cut by the limit: response.incomplete; a text delta without text-start still opens the message', () => {
    const { events } = encodeStream(
      [
        { type: 'start', id: 'x', model: 'u', created: 1 },
        { type: 'text-delta', text: 'a' },
        { type: 'finish', reason: { unified: 'length' } },
      ],
      { model: 'm', input: 'x' },
    );
    expectValidEvents(events);
    expect(events.map((e) => e.data.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.incomplete',
    ]);
    expect(events.at(-1)!.data.response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(events.at(-1)!.data.response).not.toHaveProperty('usage');
  });

  it('usage given apart from the finish is used; redacted reasoning is returned as is', () => {
    const { events } = encodeStream(
      [
        { type: 'start', id: 'x', model: 'u', created: 1 },
        { type: 'reasoning-start' },
        { type: 'reasoning-redacted', data: 'opaque' },
        { type: 'reasoning-end' },
        { type: 'text-start' },
        { type: 'text-delta', text: 'ok' },
        { type: 'text-end' },
        { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } },
        { type: 'finish', reason: { unified: 'stop' } },
      ],
      { model: 'm', input: 'x' },
    );
    expectValidEvents(events);
    expect(events[3]!.data.item).toEqual({ id: expect.any(String), type: 'reasoning', summary: [], encrypted_content: 'opaque' });
    expect(events.at(-1)!.data.response.usage).toMatchObject({ input_tokens: 3, output_tokens: 2, total_tokens: 5 });
  });

  it('an error after the start: an error event, then response.failed; nothing after', () => {
    const { encoder, events } = encodeStream(streamParts.slice(0, 9));
    const tail = decodeSseText(encoder.error({ status: 429, kind: 'rate_limit', message: 'slow down', code: 'rate_limit_exceeded' })).map((e) => ({
      name: e.event,
      data: JSON.parse(e.data),
    }));
    const all = [...events, ...tail];
    expectValidEvents(all);
    expect(tail.map((e) => e.data.type)).toEqual(['error', 'response.failed']);
    expect(tail[0]!.data).toMatchObject({ code: 'rate_limit_exceeded', message: 'slow down', param: null });
    expect(tail[1]!.data.response).toMatchObject({ status: 'failed', error: { code: 'rate_limit_exceeded', message: 'slow down' } });
    // The finished items so far are in the failed response.
    expect(tail[1]!.data.response.output.map((item: any) => item.type)).toEqual(['reasoning']);
    expect(encoder.encode({ type: 'finish', reason: { unified: 'stop' } })).toBe('');
    expect(encoder.error({ status: 500, kind: 'internal', message: 'again' })).toBe('');
  });

  it('an error part from the upstream ends the stream the same way', () => {
    const { events } = encodeStream([{ type: 'start', id: 'x', model: 'u', created: 1 }, { type: 'error', error: { status: 502, kind: 'upstream', message: 'boom' } }], { model: 'm', input: 'x' });
    expectValidEvents(events);
    expect(events.map((e) => e.data.type)).toEqual(['response.created', 'response.in_progress', 'error', 'response.failed']);
    expect(events.at(-1)!.data.response.error).toEqual({ code: 'server_error', message: 'boom' });
  });
});
