import { describe, expect, it } from 'vitest';
import type { ChatRequest, Message } from '../../../../relay/ir/chat-request.js';
import { anthropicAdapter } from '../../../../relay/providers/anthropic/adapter.js';
import { anthropicMessagesUrl } from '../../../../relay/providers/anthropic/build-request.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target: UpstreamTarget = { baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5', settings: {} };

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const system = (text: string): Message => ({ role: 'system', content: [{ type: 'text', text }] });

function build(partial: Partial<ChatRequest>, to: UpstreamTarget = target) {
  const request: ChatRequest = { model: 'claude', messages: [user('Hi')], stream: false, maxOutputTokens: 1024, ...partial };
  const { request: upstream, warnings } = anthropicAdapter.buildChatRequest(request, to);
  return { url: upstream.url, headers: upstream.headers, body: JSON.parse(upstream.body), warnings };
}

describe('anthropic request: url, headers, required fields', () => {
  it('posts to /v1/messages with the key and version headers', () => {
    const { url, headers, body, warnings } = build({});
    expect(url).toBe('https://api.anthropic.com/v1/messages');
    expect(headers).toEqual({ 'content-type': 'application/json', 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' });
    expect(body).toEqual({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    expect(warnings).toEqual([]);
  });

  it('does not double a /v1 the base URL already has', () => {
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/v1')).toBe('https://proxy.example/anthropic/v1/messages');
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/v1/')).toBe('https://proxy.example/anthropic/v1/messages');
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/')).toBe('https://proxy.example/anthropic/v1/messages');
  });

  it('sends a default max_tokens with a warning when the client gave none', () => {
    const { body, warnings } = build({ maxOutputTokens: undefined });
    expect(body.max_tokens).toBe(8192);
    expect(warnings).toEqual(['Anthropic requires max_tokens and the request gave none; 8192 was sent.']);
  });

  it('asks for a stream only when the client streams', () => {
    expect(build({ stream: true }).body.stream).toBe(true);
    expect(build({ stream: false }).body).not.toHaveProperty('stream');
  });
});

describe('anthropic request: system and developer messages', () => {
  it('turns leading system/developer messages into system blocks, cache_control kept', () => {
    const { body } = build({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'You are Claude Code.' }, { type: 'text', text: 'Big tool docs', cacheControl: { type: 'ephemeral' } }] },
        { role: 'developer', content: [{ type: 'text', text: 'Be brief.', cacheControl: { type: 'ephemeral', ttl: '1h' } }] },
        user('Hi'),
      ],
    });
    expect(body.system).toEqual([
      { type: 'text', text: 'You are Claude Code.' },
      { type: 'text', text: 'Big tool docs', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('keeps a system message that ends the first turn, in place, as a system reminder in the user turn (Claude Code)', () => {
    const { body, warnings } = build({ messages: [system('Main prompt'), user('Read the file please'), system('Available agent types: …')] });
    expect(body.system).toEqual([{ type: 'text', text: 'Main prompt' }]);
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Read the file please' },
          { type: 'text', text: '<system-reminder>\nAvailable agent types: …\n</system-reminder>' },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps a system message between turns in place, merged with the next user turn', () => {
    const { body } = build({
      messages: [user('One'), assistant('Two'), { role: 'developer', content: [{ type: 'text', text: 'Now answer in French.', cacheControl: { type: 'ephemeral' } }] }, user('Three')],
    });
    expect(body).not.toHaveProperty('system');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'One' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Two' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: '<system-reminder>\nNow answer in French.\n</system-reminder>', cache_control: { type: 'ephemeral' } },
          { type: 'text', text: 'Three' },
        ],
      },
    ]);
  });

  it('sends a request of system messages only as the user turn, with a warning', () => {
    const { body, warnings } = build({ messages: [system('Say hello.')] });
    expect(body).not.toHaveProperty('system');
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }]);
    expect(warnings[0]).toMatch(/only system messages/);
  });

  it('throws for a request with nothing to send', () => {
    expect(() => build({ messages: [] })).toThrow(/no messages/);
  });

  it('warns about non-text parts of a system message', () => {
    const { warnings } = build({
      messages: [{ role: 'system', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] }, user('Hi')],
    });
    expect(warnings).toEqual([expect.stringMatching(/system prompt takes text only; a image part/)]);
  });
});

describe('anthropic request: user content', () => {
  it('converts images (url, data, data URL) and warns about detail', () => {
    const { body, warnings } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' }, detail: 'high' },
            { type: 'image', source: { kind: 'data', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { kind: 'url', url: 'data:image/webp;base64,UklGRg==' } },
          ],
        },
      ],
    });
    expect(body.messages[0].content).toEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
    ]);
    expect(warnings).toEqual(['Anthropic has no image detail setting; detail "high" was ignored.']);
  });

  it('refuses a data URL whose text is not valid percent-encoding with a 400, not an internal error', () => {
    const image = { role: 'user' as const, content: [{ type: 'image' as const, source: { kind: 'url' as const, url: 'data:image/svg+xml,%ff%fe' } }] };
    expect(() => build({ messages: [image] })).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/not valid percent-encoded text/) }));
    const fine = { role: 'user' as const, content: [{ type: 'image' as const, source: { kind: 'url' as const, url: 'data:image/svg+xml,%3Csvg%2F%3E' } }] };
    expect(build({ messages: [fine] }).body.messages[0].content[0].source).toEqual({ type: 'base64', media_type: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') });
  });

  it('converts documents where Anthropic has a form, and warns for the rest', () => {
    const text = Buffer.from('plain notes').toString('base64');
    const { body, warnings } = build({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', data: 'JVBERi0x', mediaType: 'application/pdf', filename: 'report.pdf' },
            { type: 'file', data: `data:application/pdf;base64,JVBERi0y` },
            { type: 'file', url: 'https://example.com/paper.pdf' },
            { type: 'file', data: text, mediaType: 'text/plain', filename: 'notes.txt' },
            { type: 'file', data: 'UEsDBA==', mediaType: 'application/zip', filename: 'a.zip' },
            { type: 'audio', data: 'AAAA', format: 'wav' },
          ],
        },
      ],
    });
    expect(body.messages[0].content).toEqual([
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0x' }, title: 'report.pdf' },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0y' } },
      { type: 'document', source: { type: 'url', url: 'https://example.com/paper.pdf' } },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain notes' }, title: 'notes.txt' },
    ]);
    expect(warnings).toEqual([
      'Anthropic accepts PDF, plain-text and image files only; the application/zip file a.zip was dropped.',
      'Anthropic does not accept audio input; an audio part (wav) was dropped.',
    ]);
  });

  it('warns instead of silently dropping message names', () => {
    const { warnings } = build({ messages: [{ role: 'user', name: 'alice', content: [{ type: 'text', text: 'Hi' }] }] });
    expect(warnings).toEqual(['Message names are not supported by Anthropic; the name "alice" was not sent.']);
  });
});

describe('anthropic request: thinking history and tool round trips', () => {
  it('sends thinking back with its signature, in place before text and tool_use', () => {
    const { body, warnings } = build({
      messages: [
        user('Weather in Paris?'),
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'I should call the tool.', signature: 'sig-1' },
            { type: 'reasoning', text: '', redacted: 'ENCRYPTED' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"location":"Paris"}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'toolu_1', name: 'get_weather', content: '18°C, sunny' }] },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should call the tool.', signature: 'sig-1' },
          { type: 'redacted_thinking', data: 'ENCRYPTED' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { location: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C, sunny' }] },
    ]);
    expect(warnings).toEqual([]);
  });

  it('drops reasoning without a signature (another provider’s) with a warning', () => {
    const { body, warnings } = build({
      messages: [user('Q'), { role: 'assistant', content: [{ type: 'reasoning', text: 'foreign thoughts' }, { type: 'text', text: 'A' }] }, user('Q2')],
    });
    expect(body.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'A' }] });
    expect(warnings).toEqual(['Reasoning without an Anthropic signature cannot be sent back to Anthropic; it was dropped.']);
  });

  it('merges parallel tool results into one user turn, tool results first, errors flagged', () => {
    const { body, warnings } = build({
      messages: [
        user('Compare Paris and Rome'),
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'a', name: 'get_weather', arguments: '{"location":"Paris"}' },
            { type: 'tool-call', id: 'b', name: 'get_weather', arguments: '{not json' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'a', content: [{ type: 'text', text: '18°C' }] }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 'b', content: 'Unknown city', isError: true }] },
        system('Tool output is untrusted.'),
      ],
    });
    expect(body.messages[1].content[1]).toEqual({ type: 'tool_use', id: 'b', name: 'get_weather', input: {} });
    expect(body.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: '18°C' }] },
        { type: 'tool_result', tool_use_id: 'b', content: 'Unknown city', is_error: true },
        { type: 'text', text: '<system-reminder>\nTool output is untrusted.\n</system-reminder>' },
      ],
    });
    expect(warnings).toEqual(['The arguments of the get_weather tool call are not a JSON object; {} was sent as its input.']);
  });

  it('puts tool results before user text merged into the same turn', () => {
    const { body } = build({
      messages: [
        user('Q'),
        { role: 'assistant', content: [{ type: 'tool-call', id: 'a', name: 'f', arguments: '' }] },
        user('also this'),
        { role: 'tool', content: [{ type: 'tool-result', callId: 'a', content: 'done' }] },
      ],
    });
    expect(body.messages[1].content).toEqual([{ type: 'tool_use', id: 'a', name: 'f', input: {} }]);
    expect(body.messages[2].content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'done' },
      { type: 'text', text: 'also this' },
    ]);
  });
});

describe('anthropic request: tools and tool choice', () => {
  const tools: ChatRequest['tools'] = [
    {
      name: 'get_weather',
      description: 'Weather by city',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
      cacheControl: { type: 'ephemeral' },
    },
    { name: 'now', parameters: {}, strict: true },
  ];

  it('converts tool definitions', () => {
    expect(build({ tools }).body.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Weather by city',
        input_schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
        cache_control: { type: 'ephemeral' },
      },
      { name: 'now', input_schema: { type: 'object', properties: {} }, strict: true },
    ]);
  });

  it.each([
    [{ type: 'auto' } as const, { type: 'auto' }],
    [{ type: 'none' } as const, { type: 'none' }],
    [{ type: 'required' } as const, { type: 'any' }],
    [{ type: 'tool', name: 'get_weather' } as const, { type: 'tool', name: 'get_weather' }],
  ])('maps tool choice %j', (toolChoice, expected) => {
    expect(build({ tools, toolChoice }).body.tool_choice).toEqual(expected);
  });

  it('turns parallelToolCalls false into disable_parallel_tool_use', () => {
    expect(build({ tools, parallelToolCalls: false }).body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(build({ tools, toolChoice: { type: 'required' }, parallelToolCalls: false }).body.tool_choice).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    expect(build({ tools, parallelToolCalls: true }).body).not.toHaveProperty('tool_choice');
  });

  it('warns about a forced tool choice without tools', () => {
    const { body, warnings } = build({ toolChoice: { type: 'required' } });
    expect(body).not.toHaveProperty('tool_choice');
    expect(warnings).toEqual(['tool_choice "required" without tools cannot be honoured; it was not sent.']);
  });
});

describe('anthropic request: reasoning', () => {
  it('sends a thinking budget below max_tokens', () => {
    const { body, warnings } = build({ maxOutputTokens: 16000, reasoning: { budgetTokens: 4000 } });
    expect(body).toMatchObject({ max_tokens: 16000, thinking: { type: 'enabled', budget_tokens: 4000 } });
    expect(warnings).toEqual([]);
  });

  it('raises max_tokens above the budget, and warns', () => {
    const { body, warnings } = build({ maxOutputTokens: 2000, reasoning: { budgetTokens: 4000 } });
    expect(body).toMatchObject({ max_tokens: 6000, thinking: { type: 'enabled', budget_tokens: 4000 } });
    expect(warnings).toEqual([expect.stringMatching(/max_tokens was raised from 2000 to 6000/)]);
  });

  it('raises a budget below the API minimum, and warns', () => {
    const { body, warnings } = build({ maxOutputTokens: 4000, reasoning: { budgetTokens: 500 } });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(warnings).toEqual([expect.stringMatching(/smallest thinking budget is 1024/)]);
  });

  it('sends adaptive thinking with output_config.effort (Claude Code)', () => {
    const { body } = build({ maxOutputTokens: 64000, reasoning: { adaptive: true, effort: 'high' } });
    expect(body).toMatchObject({ max_tokens: 64000, thinking: { type: 'adaptive' }, output_config: { effort: 'high' } });
  });

  it.each([
    ['minimal', 1024, 'low'],
    ['low', 4000, 'low'],
    ['medium', 10000, 'medium'],
    ['high', 20000, 'high'],
    ['xhigh', 31999, 'xhigh'],
  ] as const)('maps effort %s alone to budget %i and effort %s', (effort, budget, anthropicEffort) => {
    const { body } = build({ maxOutputTokens: undefined, reasoning: { effort } });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: budget });
    expect(body.output_config).toEqual({ effort: anthropicEffort });
    expect(body.max_tokens).toBe(budget + 8192);
  });

  it('shrinks an effort budget to fit an explicit max_tokens, and warns', () => {
    const { body, warnings } = build({ maxOutputTokens: 5000, reasoning: { effort: 'high' } });
    expect(body).toMatchObject({ max_tokens: 5000, thinking: { type: 'enabled', budget_tokens: 4999 } });
    expect(warnings).toEqual([expect.stringMatching(/lowered to 4999/)]);
  });

  it('switches thinking off for disabled or effort none', () => {
    expect(build({ reasoning: { disabled: true } }).body.thinking).toEqual({ type: 'disabled' });
    expect(build({ reasoning: { effort: 'none' } }).body.thinking).toEqual({ type: 'disabled' });
    expect(build({ reasoning: { effort: 'none' } }).body).not.toHaveProperty('output_config');
  });

  it('drops temperature, top_k and a low top_p while thinking, with warnings', () => {
    const { body, warnings } = build({ maxOutputTokens: 8000, temperature: 0.2, topK: 40, topP: 0.5, reasoning: { budgetTokens: 2000 } });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_k');
    expect(body).not.toHaveProperty('top_p');
    expect(warnings).toEqual([
      'Anthropic does not accept temperature with thinking on; temperature 0.2 was not sent.',
      'With thinking on Anthropic accepts top_p from 0.95 to 1 only; top_p 0.5 was not sent.',
      'Anthropic does not accept top_k with thinking on; top_k was not sent.',
    ]);
  });

  it('gives budgeted thinking up for a tool loop whose assistant turn has no thinking block (foreign history)', () => {
    const messages: Message[] = [
      user('Weather?'),
      { role: 'assistant', content: [{ type: 'reasoning', text: 'from another provider' }, { type: 'tool-call', id: 't', name: 'get_weather', arguments: '{}' }] },
      { role: 'tool', content: [{ type: 'tool-result', callId: 't', content: 'sunny' }] },
    ];
    const { body, warnings } = build({ messages, maxOutputTokens: 4000, reasoning: { budgetTokens: 2000, effort: 'low' } });
    expect(body).not.toHaveProperty('thinking');
    expect(body.output_config).toEqual({ effort: 'low' });
    expect(warnings).toEqual([
      'Reasoning without an Anthropic signature cannot be sent back to Anthropic; it was dropped.',
      'The assistant turn that called the tools has no Anthropic thinking block, which thinking requires; thinking was not enabled for this turn.',
    ]);
    // Adaptive thinking has no such rule.
    expect(build({ messages, reasoning: { adaptive: true } }).body.thinking).toEqual({ type: 'adaptive' });
  });

  it('gives thinking up when a tool use is forced', () => {
    const { body, warnings } = build({
      tools: [{ name: 'f', parameters: { type: 'object' } }],
      toolChoice: { type: 'tool', name: 'f' },
      reasoning: { budgetTokens: 2000 },
    });
    expect(body).not.toHaveProperty('thinking');
    expect(body.max_tokens).toBe(1024);
    expect(warnings).toEqual([expect.stringMatching(/cannot think while a tool use is forced/)]);
  });
});

describe('anthropic request: sampling, structured output, unsupported fields', () => {
  it('passes sampling fields, stop sequences and the end-user id', () => {
    const { body, warnings } = build({ temperature: 0.3, topP: 0.9, topK: 20, stop: ['\n\nHuman:'], user: 'user-42' });
    expect(body).toMatchObject({ temperature: 0.3, top_p: 0.9, top_k: 20, stop_sequences: ['\n\nHuman:'], metadata: { user_id: 'user-42' } });
    expect(warnings).toEqual([]);
  });

  it('clamps temperature to Anthropic’s 0–1 range, with a warning', () => {
    const { body, warnings } = build({ temperature: 1.5 });
    expect(body.temperature).toBe(1);
    expect(warnings).toEqual(["Anthropic's temperature goes from 0 to 1; 1.5 was sent as 1."]);
  });

  it('sends a JSON schema as output_config.format (structured outputs)', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const { body, warnings } = build({ responseFormat: { type: 'json-schema', name: 'place', schema, strict: true } });
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema } });
    expect(warnings).toEqual([]);
  });

  it('warns that JSON mode without a schema cannot be carried', () => {
    const { body, warnings } = build({ responseFormat: { type: 'json' } });
    expect(body).not.toHaveProperty('output_config');
    expect(warnings).toEqual([expect.stringMatching(/no JSON mode without a schema/)]);
  });

  it('warns about every field Anthropic cannot take, n>1 included', () => {
    const { body, warnings } = build({
      presencePenalty: 0.5,
      frequencyPenalty: 0.5,
      seed: 7,
      n: 3,
      logprobs: true,
      topLogprobs: 2,
      modalities: ['text', 'audio'],
      promptCacheKey: 'k',
      metadata: { trace: 'x' },
      serviceTier: 'flex',
    });
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model']);
    expect(warnings).toEqual([
      "Anthropic's metadata takes user_id only; trace was not sent.",
      'Anthropic has no service tier "flex"; it was not sent.',
      'Anthropic does not support presence_penalty; it was not sent.',
      'Anthropic does not support frequency_penalty; it was not sent.',
      'Anthropic does not support seed; it was not sent.',
      'Anthropic does not support logprobs; it was not sent.',
      'Anthropic does not support top_logprobs; it was not sent.',
      'Anthropic returns one answer per call; n=3 was asked but only one choice will come back.',
      'Anthropic does not support audio output; it was not sent.',
      'Anthropic does not support prompt_cache_key (Anthropic caches by cache_control breakpoints); it was not sent.',
    ]);
  });

  it('pins a whole Claude Code-style request', () => {
    const { body } = build({
      stream: true,
      maxOutputTokens: 32000,
      user: '{"session_id":"s1"}',
      reasoning: { adaptive: true, effort: 'medium' },
      tools: [{ name: 'Read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'You are Claude Code.', cacheControl: { type: 'ephemeral' } }] },
        user('Read README.md'),
        system('Skills: …'),
        { role: 'assistant', content: [{ type: 'reasoning', text: 'Use Read.', signature: 'sig' }, { type: 'tool-call', id: 't1', name: 'Read', arguments: '{"path":"README.md"}' }] },
        { role: 'tool', content: [{ type: 'tool-result', callId: 't1', content: '# Relaydesk' }] },
      ],
    });
    expect(body).toMatchInlineSnapshot(`
      {
        "max_tokens": 32000,
        "messages": [
          {
            "content": [
              {
                "text": "Read README.md",
                "type": "text",
              },
              {
                "text": "<system-reminder>
      Skills: …
      </system-reminder>",
                "type": "text",
              },
            ],
            "role": "user",
          },
          {
            "content": [
              {
                "signature": "sig",
                "thinking": "Use Read.",
                "type": "thinking",
              },
              {
                "id": "t1",
                "input": {
                  "path": "README.md",
                },
                "name": "Read",
                "type": "tool_use",
              },
            ],
            "role": "assistant",
          },
          {
            "content": [
              {
                "content": "# Relaydesk",
                "tool_use_id": "t1",
                "type": "tool_result",
              },
            ],
            "role": "user",
          },
        ],
        "metadata": {
          "user_id": "{"session_id":"s1"}",
        },
        "model": "claude-sonnet-4-5",
        "output_config": {
          "effort": "medium",
        },
        "stream": true,
        "system": [
          {
            "cache_control": {
              "type": "ephemeral",
            },
            "text": "You are Claude Code.",
            "type": "text",
          },
        ],
        "thinking": {
          "type": "adaptive",
        },
        "tools": [
          {
            "description": "Read a file",
            "input_schema": {
              "properties": {
                "path": {
                  "type": "string",
                },
              },
              "type": "object",
            },
            "name": "Read",
          },
        ],
      }
    `);
  });
});
