import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { openaiResponsesAdapter } from '../../../../relay/providers/openai-responses/adapter.js';
import { responsesUrl } from '../../../../relay/providers/openai-responses/build-request.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target: UpstreamTarget = { baseUrl: 'https://api.openai.com', apiKey: 'sk-test', model: 'gpt-5-mini', settings: {} };

function build(request: Partial<ChatRequest>, overrides: Partial<UpstreamTarget> = {}) {
  const full: ChatRequest = { model: 'relay-model', messages: [], stream: false, ...request };
  const { request: upstream, warnings } = openaiResponsesAdapter.buildChatRequest(full, { ...target, ...overrides });
  return { upstream, body: JSON.parse(upstream.body) as Record<string, any>, warnings };
}

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};

describe('openai-responses buildChatRequest', () => {
  it('posts to /v1/responses with Bearer auth, store:false and the upstream model', () => {
    const { upstream, body, warnings } = build({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    expect(upstream.url).toBe('https://api.openai.com/v1/responses');
    expect(upstream.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
    expect(body).toEqual({
      model: 'gpt-5-mini',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }],
      stream: false,
      store: false,
    });
    expect(warnings).toEqual([]);
  });

  it('does not double a /v1 the base URL already has', () => {
    expect(responsesUrl('https://proxy.example/v1')).toBe('https://proxy.example/v1/responses');
    expect(responsesUrl('https://proxy.example/v1/')).toBe('https://proxy.example/v1/responses');
    expect(responsesUrl('https://proxy.example/openai/')).toBe('https://proxy.example/openai/v1/responses');
    expect(build({}, { baseUrl: 'http://127.0.0.1:9/v1' }).upstream.url).toBe('http://127.0.0.1:9/v1/responses');
  });

  it('keeps system and developer messages in place', () => {
    const { body } = build({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', content: [{ type: 'text', text: 'One' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Two' }] },
        { role: 'developer', content: [{ type: 'text', text: 'Now answer in French.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Three' }] },
        { role: 'system', content: [{ type: 'text', text: 'Reminder: stay brief.' }] },
      ],
    });
    expect(body.input).toEqual([
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Be brief.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'One' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Two' }] },
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Now answer in French.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Three' }] },
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Reminder: stay brief.' }] },
    ]);
  });

  it('sends images (URL and data), files, and warns about audio', () => {
    const { body, warnings } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, detail: 'high' },
            { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'file', data: 'JVBERi0xLjQ=', mediaType: 'application/pdf', filename: 'report.pdf' },
            { type: 'file', url: 'https://example.com/notes.pdf' },
            { type: 'audio', data: 'UklGRg==', format: 'wav' },
          ],
        },
      ],
    });
    expect(body.input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is in these?' },
          { type: 'input_image', image_url: 'https://example.com/cat.png', detail: 'high' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' },
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0xLjQ=', filename: 'report.pdf' },
          { type: 'input_file', file_url: 'https://example.com/notes.pdf' },
        ],
      },
    ]);
    expect(warnings).toEqual(['audio input is not supported by the responses API; dropped']);
  });

  it('carries a tool round trip as function_call and function_call_output items', () => {
    const { body, warnings } = build({
      tools: [weatherTool, { ...weatherTool, name: 'get_time', strict: true, description: undefined }],
      toolChoice: { type: 'tool', name: 'get_weather' },
      parallelToolCalls: false,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me check.' },
            { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' },
            { type: 'tool-call', id: 'call_2', name: 'get_time', arguments: '' },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', callId: 'call_1', name: 'get_weather', content: 'Sunny, 24 °C' },
            { type: 'tool-result', callId: 'call_2', content: [{ type: 'text', text: '14:' }, { type: 'text', text: '05' }] },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool-result', callId: 'call_3', content: [{ type: 'text', text: 'see chart' }, { type: 'image', source: { kind: 'url', url: 'https://x/c.png' } }] },
            { type: 'text', text: 'Thanks!' },
          ],
        },
      ],
    });
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' },
      { type: 'function_call', call_id: 'call_2', name: 'get_time', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Sunny, 24 °C' },
      { type: 'function_call_output', call_id: 'call_2', output: '14:05' },
      {
        type: 'function_call_output',
        call_id: 'call_3',
        output: [
          { type: 'input_text', text: 'see chart' },
          { type: 'input_image', image_url: 'https://x/c.png', detail: 'auto' },
        ],
      },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Thanks!' }] },
    ]);
    // `strict` is always explicit: the responses API would read an absent one as true.
    expect(body.tools).toEqual([
      { type: 'function', name: 'get_weather', description: 'Current weather for a city.', parameters: weatherTool.parameters, strict: false },
      { type: 'function', name: 'get_time', parameters: weatherTool.parameters, strict: true },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', name: 'get_weather' });
    expect(body.parallel_tool_calls).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('maps the simple tool choices and drops a forced choice without tools', () => {
    for (const type of ['auto', 'none', 'required'] as const) {
      expect(build({ tools: [weatherTool], toolChoice: { type } }).body.tool_choice).toBe(type);
    }
    const { body, warnings } = build({ toolChoice: { type: 'required' } });
    expect(body.tool_choice).toBeUndefined();
    expect(warnings).toEqual(['tool_choice without tools cannot be sent; dropped']);
  });

  it('asks for reasoning with encrypted content and carries encrypted reasoning back', () => {
    const { body, warnings } = build({
      reasoning: { effort: 'high', summary: 'auto' },
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Need the tool.', redacted: 'gAAAAB-encrypted-1' },
            { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: 'Rain' }] },
        { role: 'assistant', content: [{ type: 'reasoning', text: '', signature: 'gAAAAB-encrypted-2' }, { type: 'text', text: 'It rains.' }] },
        // Reasoning another provider produced without encrypted content cannot be verified.
        { role: 'assistant', content: [{ type: 'reasoning', text: 'foreign thoughts' }, { type: 'text', text: 'Ok.' }] },
        { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
      ],
    });
    expect(body.reasoning).toEqual({ effort: 'high', summary: 'auto' });
    expect(body.include).toEqual(['reasoning.encrypted_content']);
    expect(body.store).toBe(false);
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Need the tool.' }], encrypted_content: 'gAAAAB-encrypted-1' },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Rain' },
      { type: 'reasoning', summary: [], encrypted_content: 'gAAAAB-encrypted-2' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It rains.' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Ok.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'And tomorrow?' }] },
    ]);
    expect(warnings).toEqual(['assistant reasoning without encrypted content cannot be verified by the upstream; dropped']);
  });

  it('maps a thinking budget to an effort with a warning, and leaves switched-off reasoning out', () => {
    const budget = build({ reasoning: { budgetTokens: 10_000 } });
    expect(budget.body.reasoning).toEqual({ effort: 'medium' });
    expect(budget.body.include).toEqual(['reasoning.encrypted_content']);
    expect(budget.warnings).toEqual(["reasoning budget of 10000 tokens is not supported by the responses API; sent as effort 'medium'"]);
    expect(build({ reasoning: { budgetTokens: 1024 } }).body.reasoning).toEqual({ effort: 'low' });
    expect(build({ reasoning: { budgetTokens: 32_000 } }).body.reasoning).toEqual({ effort: 'high' });

    for (const reasoning of [{ disabled: true }, { budgetTokens: 0 }]) {
      const off = build({ reasoning });
      expect(off.body.reasoning).toBeUndefined();
      expect(off.body.include).toBeUndefined();
    }
    expect(build({ reasoning: { adaptive: true } }).body).toMatchObject({ reasoning: {}, include: ['reasoning.encrypted_content'] });
  });

  it('sends structured output as text.format', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false };
    expect(build({ responseFormat: { type: 'json-schema', name: 'answer', description: 'The answer', schema, strict: true } }).body.text).toEqual({
      format: { type: 'json_schema', name: 'answer', description: 'The answer', schema, strict: true },
    });
    expect(build({ responseFormat: { type: 'json-schema', schema } }).body.text).toEqual({ format: { type: 'json_schema', name: 'response', schema } });
    expect(build({ responseFormat: { type: 'json' } }).body.text).toEqual({ format: { type: 'json_object' } });
    expect(build({ responseFormat: { type: 'text' } }).body.text).toEqual({ format: { type: 'text' } });
  });

  it('passes sampling, limits and identity fields', () => {
    const { body, warnings } = build({
      stream: true,
      streamUsage: true,
      maxOutputTokens: 512,
      temperature: 0.2,
      topP: 0.9,
      user: 'user-42',
      metadata: { team: 'blue' },
      promptCacheKey: 'conv-1',
      serviceTier: 'flex',
      n: 1,
      modalities: ['text'],
    });
    expect(body).toMatchObject({
      stream: true,
      max_output_tokens: 512,
      temperature: 0.2,
      top_p: 0.9,
      user: 'user-42',
      metadata: { team: 'blue' },
      prompt_cache_key: 'conv-1',
      service_tier: 'flex',
    });
    expect(body).not.toHaveProperty('stream_options');
    expect(warnings).toEqual([]);
  });

  it('warns about every setting the responses API does not accept, instead of dropping it silently', () => {
    const { body, warnings } = build({
      maxOutputTokens: 5,
      stop: ['\n\n'],
      n: 3,
      presencePenalty: 0.5,
      frequencyPenalty: 0.5,
      seed: 7,
      topK: 40,
      logprobs: true,
      topLogprobs: 3,
      modalities: ['text', 'audio'],
      messages: [{ role: 'user', name: 'alice', content: [{ type: 'text', text: 'Hi' }] }],
    });
    expect(body.max_output_tokens).toBe(16);
    for (const key of ['stop', 'n', 'presence_penalty', 'frequency_penalty', 'seed', 'top_k', 'logprobs', 'top_logprobs', 'modalities']) {
      expect(body).not.toHaveProperty(key);
    }
    expect(warnings).toEqual([
      'message names are not supported by the responses API; dropped',
      'max output tokens of 5 is below the responses API minimum; raised to 16',
      'stop sequences are not supported by the responses API; dropped',
      'n=3 (several choices) is not supported by the responses API; dropped',
      'presence_penalty is not supported by the responses API; dropped',
      'frequency_penalty is not supported by the responses API; dropped',
      'seed is not supported by the responses API; dropped',
      'top_k is not supported by the responses API; dropped',
      'logprobs are not supported by the responses API; dropped',
      'audio output is not supported by the responses API; dropped',
    ]);
  });
});
