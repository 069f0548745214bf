import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../../relay/ir/chat-request.js';
import { anthropicAdapter } from '../../../../relay/providers/anthropic/adapter.js';
import { fromMessagesUsage } from '../../../../relay/wire/anthropic-messages/convert-usage.js';
import { fromMessagesStopReason } from '../../../../relay/wire/anthropic-messages/map-finish-reason.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/anthropic/${name}`, import.meta.url), 'utf8'));
const request: ChatRequest = { model: 'claude-asked', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], stream: false };

describe('anthropic response parsing', () => {
  it('parses a text answer with cache usage', () => {
    const body = fixture('text.json');
    const result = anthropicAdapter.parseChatResponse(body, request);
    expect(result).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      model: 'claude-sonnet-4-5-20250929',
      created: expect.any(Number),
      content: [{ type: 'text', text: 'Hello! How can I help you today?' }],
      finish: { unified: 'stop', raw: 'end_turn' },
      usage: {
        inputTokens: 12 + 3400 + 1200,
        outputTokens: 11,
        cachedInputTokens: 3400,
        cacheWriteInputTokens: 1200,
        raw: (body as { usage: unknown }).usage,
      },
    });
  });

  it('keeps thinking (signed), redacted thinking, text and tool_use in order', () => {
    const result = anthropicAdapter.parseChatResponse(fixture('thinking-tool-use.json'), request);
    expect(result.content).toEqual([
      {
        type: 'reasoning',
        text: 'The user wants the weather in Paris. I should call get_weather.',
        signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
      },
      { type: 'reasoning', text: '', redacted: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
      { type: 'text', text: 'Let me check the weather for you.' },
      { type: 'tool-call', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: '{"location":"Paris","unit":"celsius"}' },
    ]);
    expect(result.finish).toEqual({ unified: 'tool-calls', raw: 'tool_use' });
    expect(result.usage).toMatchObject({ inputTokens: 472, outputTokens: 89, cachedInputTokens: 0, cacheWriteInputTokens: 0, reasoningTokens: 41 });
  });

  it('maps a refusal to content-filter, null cache counts to none', () => {
    const result = anthropicAdapter.parseChatResponse(fixture('refusal.json'), request);
    expect(result.content).toEqual([]);
    expect(result.finish).toEqual({ unified: 'content-filter', raw: 'refusal' });
    expect(result.usage).toMatchObject({ inputTokens: 30, outputTokens: 0 });
    expect(result.usage).not.toHaveProperty('cachedInputTokens');
  });

  it('skips blocks the IR has no part for, keeps an unknown stop reason raw, defaults missing usage', () => {
    const result = anthropicAdapter.parseChatResponse(fixture('pause-turn.json'), request);
    expect(result.content).toEqual([{ type: 'text', text: 'Searching…' }]);
    expect(result.finish).toEqual({ unified: 'other', raw: 'pause_turn' });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it('is loose about a body missing everything', () => {
    const result = anthropicAdapter.parseChatResponse({}, request);
    expect(result).toMatchObject({ model: 'claude-asked', content: [], finish: { unified: 'other' }, usage: { inputTokens: 0, outputTokens: 0 } });
    expect(result.id).toMatch(/^msg_/);
  });
});

describe('anthropic stop reasons and usage', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool-calls'],
    ['refusal', 'content-filter'],
    ['pause_turn', 'other'],
    ['something_new', 'other'],
  ])('maps %s to %s, raw kept', (raw, unified) => {
    expect(fromMessagesStopReason(raw)).toEqual({ unified, raw });
  });

  it('has no usage when no count came', () => {
    expect(fromMessagesUsage(undefined)).toBeUndefined();
    expect(fromMessagesUsage({ service_tier: 'standard' })).toBeUndefined();
  });
});
