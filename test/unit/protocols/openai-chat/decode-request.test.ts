import { describe, expect, it } from 'vitest';
import { decodeChatRequest } from '../../../../relay/protocols/openai-chat/decode-request.js';

describe('chat completions request → IR', () => {
  it('carries every part of a rich conversation', () => {
    const request = decodeChatRequest({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } }, { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } }] },
        { role: 'assistant', content: null, reasoning_content: 'Look first.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{"at":"image"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'a cat' },
        { role: 'developer', content: 'Mid-conversation instruction.' },
      ],
      tools: [{ type: 'function', function: { name: 'look', description: 'Look at things', parameters: { type: 'object', properties: { at: { type: 'string' } } }, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'look' } },
      parallel_tool_calls: false,
      temperature: 0.2,
      top_p: 0.9,
      max_completion_tokens: 300,
      stop: 'END',
      seed: 7,
      reasoning_effort: 'high',
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
      user: 'u-1',
    });
    expect(request).toEqual({
      model: 'gpt-4o',
      stream: true,
      streamUsage: true,
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'AAAA' }, detail: 'low' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Look first.' },
            { type: 'tool-call', id: 'call_1', name: 'look', arguments: '{"at":"image"}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'call_1', content: 'a cat' }] },
        { role: 'developer', content: [{ type: 'text', text: 'Mid-conversation instruction.' }] },
      ],
      tools: [{ name: 'look', description: 'Look at things', parameters: { type: 'object', properties: { at: { type: 'string' } } }, strict: true }],
      toolChoice: { type: 'tool', name: 'look' },
      parallelToolCalls: false,
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 300,
      stop: ['END'],
      seed: 7,
      reasoning: { effort: 'high' },
      responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object' }, strict: true },
      user: 'u-1',
    });
  });

  it('accepts the limits at their edges and max_tokens as the older name', () => {
    const request = decodeChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: 2, top_p: 0, n: 1, presence_penalty: -2, frequency_penalty: 2, max_tokens: 5 });
    expect(request).toMatchObject({ temperature: 2, topP: 0, n: 1, presencePenalty: -2, frequencyPenalty: 2, maxOutputTokens: 5 });
  });

  it.each([
    [{ messages: [{ role: 'user', content: 'x' }] }, 'model', 'missing_required_parameter'],
    [{ model: 'm', messages: [] }, 'messages', 'missing_required_parameter'],
    [{ model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role', 'invalid_value'],
    [{ model: 'm', messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id', 'missing_required_parameter'],
    [{ model: 'm', messages: [{ role: 'user', content: [{ type: 'video' }] }] }, 'messages[0].content[0].type', 'invalid_value'],
    [{ model: 'm', messages: [{ role: 'user', content: 'x' }], n: 1.5 }, 'n', 'invalid_type'],
    [{ model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: '1' }, 'temperature', 'invalid_type'],
    [{ model: 'm', messages: [{ role: 'user', content: 'x' }], stop: 3 }, 'stop', 'invalid_type'],
    [{ model: 'm', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'yaml' } }, 'response_format.type', 'invalid_value'],
  ])('rejects %j naming %s', (body, param, code) => {
    expect(() => decodeChatRequest(body)).toThrow(expect.objectContaining({ status: 400, param, code }));
  });
});
