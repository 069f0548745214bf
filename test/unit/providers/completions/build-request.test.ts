// Which channels have a completions endpoint, where each kind's is, the client's body sent
// there (mapped model, usage asked when streaming), and its answer read for a local count.
import { describe, expect, it } from 'vitest';
import { ChannelType } from '../../../../relay/providers/channel-facts.js';
import { completionsAdapterFor } from '../../../../relay/providers/registry.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target = (baseUrl: string, settings: Record<string, unknown> = {}): UpstreamTarget => ({ baseUrl, apiKey: 'sk-up', model: 'gpt-3.5-turbo-instruct', settings });
const adapter = (type: number, settings: Record<string, unknown> = {}) => completionsAdapterFor({ type, settings });

describe('completions endpoint per channel', () => {
  it('exists for OpenAI-kind types, Azure and DeepSeek; not for Anthropic, Gemini or advanced custom', () => {
    for (const type of [ChannelType.openai, ChannelType.custom, ChannelType.openrouter, ChannelType.ollama, ChannelType.azure, ChannelType.deepseek]) expect(adapter(type), `type ${type}`).toBeDefined();
    for (const type of [ChannelType.anthropic, ChannelType.gemini, ChannelType.advancedCustom]) expect(adapter(type), `type ${type}`).toBeUndefined();
  });

  it('is not used by a channel calling the Responses API or one set to answer completions through chat', () => {
    expect(adapter(ChannelType.openai, { upstream_protocol: 'responses' })).toBeUndefined();
    expect(adapter(ChannelType.custom, { completions_upstream: 'chat' })).toBeUndefined();
    expect(adapter(ChannelType.custom, { completions_upstream: 'completions' })).toBeDefined();
  });
});

describe('completions request', () => {
  const body = { model: 'client-model', prompt: ['a', 'b'], n: 2, echo: true, stream: true, stream_options: { include_usage: false } };

  it('sends the client’s body to /v1/completions with the mapped model, asking for usage when streaming', () => {
    const request = adapter(ChannelType.openai)!.buildPassthroughRequest(body, target('https://api.openai.com'), true);
    expect(request.url).toBe('https://api.openai.com/v1/completions');
    expect(request.headers.authorization).toBe('Bearer sk-up');
    expect(JSON.parse(request.body)).toEqual({ ...body, model: 'gpt-3.5-turbo-instruct', stream_options: { include_usage: true } });
    expect(adapter(ChannelType.custom)!.buildPassthroughRequest(body, target('http://vllm:8000/v1/'), true).url).toBe('http://vllm:8000/v1/completions');
  });

  it('goes to the Azure deployment and to DeepSeek’s beta', () => {
    const azure = adapter(ChannelType.azure)!.buildPassthroughRequest({ model: 'm', prompt: 'p' }, target('https://r.openai.azure.com', { api_version: '2024-10-21' }), false);
    expect(azure.url).toBe('https://r.openai.azure.com/openai/deployments/gpt-35-turbo-instruct/completions?api-version=2024-10-21');
    expect(azure.headers['api-key']).toBe('sk-up');
    const deepseek = adapter(ChannelType.deepseek)!;
    expect(deepseek.buildPassthroughRequest({ model: 'm', prompt: 'p' }, target('https://api.deepseek.com'), false).url).toBe('https://api.deepseek.com/beta/completions');
    expect(deepseek.buildPassthroughRequest({ model: 'm', prompt: 'p' }, target('https://api.deepseek.com/beta'), false).url).toBe('https://api.deepseek.com/beta/completions');
  });
});

describe('completions answer read into the IR', () => {
  it('holds the text of every choice and the usage', () => {
    const answer = {
      id: 'cmpl-1', object: 'text_completion', created: 1, model: 'm',
      choices: [{ text: ' one', index: 0, logprobs: null, finish_reason: 'length' }, { text: ' two', index: 1, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2, completion_tokens: 4, total_tokens: 6 },
    };
    const result = adapter(ChannelType.openai)!.parseChatResponse(answer, { model: 'm', messages: [], stream: false });
    expect(result.content).toEqual([{ type: 'text', text: ' one two' }]);
    expect(result.finish.unified).toBe('length');
    expect(result.usage).toMatchObject({ inputTokens: 2, outputTokens: 4 });
  });

  it('streams as text deltas ending with the finish and the usage', () => {
    const decoder = adapter(ChannelType.openai)!.createStreamDecoder({ model: 'm', messages: [], stream: true });
    const chunk = (choices: unknown[], extra = {}) => ({ data: JSON.stringify({ id: 'cmpl-1', object: 'text_completion', created: 1, model: 'm', choices, ...extra }) });
    const parts = [
      ...decoder.push(chunk([{ text: 'Hi', index: 0, finish_reason: null }])),
      ...decoder.push(chunk([{ text: '', index: 0, finish_reason: 'stop' }])),
      ...decoder.push(chunk([], { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })),
      ...decoder.push({ data: '[DONE]' }),
    ];
    expect(parts.filter((p) => p.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' }, usage: { inputTokens: 1, outputTokens: 1 } });
  });
});
