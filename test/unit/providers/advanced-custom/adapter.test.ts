import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { RelayError } from '../../../../relay/ir/relay-error.js';
import { advancedCustomAdapter } from '../../../../relay/providers/advanced-custom/adapter.js';
import { ChannelType, adapterFor, isSupportedChannelType } from '../../../../relay/providers/registry.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const request = (partial: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'asked',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  stream: false,
  maxOutputTokens: 100,
  ...partial,
});
const target = (partial: Partial<UpstreamTarget> = {}): UpstreamTarget => ({ baseUrl: 'https://up.example/base', apiKey: 'sk-route-key', model: 'up-model', settings: {}, ...partial });
const settings = (routes: unknown[]) => ({ advanced_custom: JSON.stringify({ routes }) });

describe('type 58 in the registry', () => {
  it('is a supported channel type and gets the advanced custom adapter', () => {
    expect(ChannelType.advancedCustom).toBe(58);
    expect(isSupportedChannelType(58)).toBe(true);
    const adapter = adapterFor({ type: 58, settings: settings([{ path: '/v1/messages', upstream_path: '/m', converter: 'anthropic-messages' }]) });
    expect(adapter.protocol).toBe('anthropic-messages');
  });
});

describe('advanced custom adapter: building the upstream request', () => {
  it('sends the chat body to the route URL with {model} filled in and the key in a named header (no bearer)', () => {
    const adapter = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/deploy/{model}/chat', auth: { header: 'X-Relay-Key' } }]));
    const { request: upstream } = adapter.buildChatRequest(request(), target());
    expect(upstream.url).toBe('https://up.example/base/deploy/up-model/chat');
    expect(upstream.headers['x-relay-key']).toBe('sk-route-key');
    expect(upstream.headers.authorization).toBeUndefined();
    expect(JSON.parse(upstream.body)).toMatchObject({ model: 'up-model', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('puts the key in a query parameter, or nowhere', () => {
    const query = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: 'https://abs.example/c?v=1', auth: { query: 'api_key' } }]));
    const built = query.buildChatRequest(request(), target({ baseUrl: '' })).request;
    expect(new URL(built.url).searchParams.get('api_key')).toBe('sk-route-key');
    expect(new URL(built.url).searchParams.get('v')).toBe('1');
    expect(built.headers.authorization).toBeUndefined();
    const none = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/c', auth: 'none' }]));
    const headers = none.buildChatRequest(request(), target()).request.headers;
    expect(Object.values(headers).join(' ')).not.toContain('sk-route-key');
  });

  it('speaks the converter protocol: anthropic-messages uses the Anthropic body, version header and bearer by default', () => {
    const adapter = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/anthropic/v1/messages', converter: 'anthropic-messages' }]));
    const { request: upstream } = adapter.buildChatRequest(request(), target());
    expect(upstream.url).toBe('https://up.example/base/anthropic/v1/messages');
    expect(upstream.headers['anthropic-version']).toBe('2023-06-01');
    expect(upstream.headers['x-api-key']).toBeUndefined();
    expect(upstream.headers.authorization).toBe('Bearer sk-route-key');
    expect(JSON.parse(upstream.body)).toMatchObject({ model: 'up-model', max_tokens: 100 });
    // The answer is read as Anthropic's.
    const result = adapter.parseChatResponse(
      { id: 'msg_1', type: 'message', role: 'assistant', model: 'up-model', content: [{ type: 'text', text: 'Hello' }], stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 1 } },
      request(),
    );
    expect(result.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello' })]);
  });

  it('gemini-generate-content: streaming calls go to :streamGenerateContent?alt=sse', () => {
    const adapter = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/g/models/{model}:generateContent', converter: 'gemini-generate-content', auth: { header: 'x-goog-api-key' } }]));
    expect(adapter.buildChatRequest(request(), target()).request.url).toBe('https://up.example/base/g/models/up-model:generateContent');
    const streamed = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/g/models/{model}:generateContent', converter: 'gemini-generate-content' }]));
    expect(streamed.buildChatRequest(request({ stream: true }), target()).request.url).toBe('https://up.example/base/g/models/up-model:streamGenerateContent?alt=sse');
  });

  it('picks the route serving the model (asked or mapped)', () => {
    const adapter = () =>
      advancedCustomAdapter(
        settings([
          { path: '/v1/chat/completions', upstream_path: '/only-a', models: ['a'] },
          { path: '/v1/chat/completions', upstream_path: '/regex', models: ['/^up-/'] },
        ]),
      );
    expect(adapter().buildChatRequest(request({ model: 'a' }), target({ model: 'x' })).request.url).toBe('https://up.example/base/only-a');
    expect(adapter().buildChatRequest(request({ model: 'b' }), target({ model: 'up-b' })).request.url).toBe('https://up.example/base/regex');
  });

  it('with the call known up front, takes the route of the client protocol and may pass the body through', () => {
    const routes = [
      { path: '/v1/chat/completions', upstream_path: '/chat' },
      { path: '/v1/messages', upstream_path: '/msgs', auth: { header: 'x-api-key' } },
    ];
    const forMessages = advancedCustomAdapter(settings(routes), { protocol: 'anthropic-messages', models: ['m'] });
    expect(forMessages.protocol).toBe('anthropic-messages');
    const passed = forMessages.buildPassthroughRequest!({ model: 'm', max_tokens: 5, messages: [] }, target(), false);
    expect(passed.url).toBe('https://up.example/base/msgs');
    expect(passed.headers['x-api-key']).toBe('sk-route-key');
    expect(JSON.parse(passed.body).model).toBe('up-model');
    expect(advancedCustomAdapter(settings(routes), { protocol: 'openai-chat', models: ['m'] }).protocol).toBe('openai-chat');
  });

  it('answers clear relay errors: no route for the model, relative path without a base URL, a broken configuration', () => {
    const noRoute = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/c', models: ['a'] }]));
    expect(() => noRoute.buildChatRequest(request({ model: 'b' }), target({ model: 'b' }))).toThrow(/no route for the model b/);
    const relative = advancedCustomAdapter(settings([{ path: '/v1/chat/completions', upstream_path: '/c' }]));
    let thrown: unknown;
    try {
      relative.buildChatRequest(request(), target({ baseUrl: '' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RelayError);
    expect((thrown as RelayError).message).toMatch(/relative: it needs the channel's base URL/);
    const broken = advancedCustomAdapter({ advanced_custom: '{"routes": 3}' });
    expect(() => broken.buildChatRequest(request(), target())).toThrow(/configuration is not valid: advanced_custom.routes must be a non-empty list/);
  });
});
