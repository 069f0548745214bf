// The OpenAI-kind moderation request (from the IR and passed through), the answer read back,
// and which channel kinds have a moderation endpoint at all.
import { describe, expect, it } from 'vitest';
import type { ModerationRequest } from '../../../../relay/ir/moderation.js';
import { ChannelType, moderationAdapterFor } from '../../../../relay/providers/registry.js';
import type { UpstreamTarget } from '../../../../relay/providers/types.js';

const target = (baseUrl: string, model: string): UpstreamTarget => ({ baseUrl, apiKey: 'secret', model, settings: {} });
const adapter = (type: number) => moderationAdapterFor({ type, settings: {} });

describe('moderation requests', () => {
  it('OpenAI-kind: {base}/v1/moderations with a Bearer key; image parts back in the image_url shape', () => {
    const request: ModerationRequest = { model: 'asked', inputs: [[{ type: 'text', text: 'hi' }, { type: 'image', url: 'data:image/png;base64,AAAA' }]] };
    const built = adapter(ChannelType.openai)!.buildModerationRequest(request, target('https://api.example.com/v1', 'omni-moderation-latest'));
    expect(built.url).toBe('https://api.example.com/v1/moderations');
    expect(built.headers.authorization).toBe('Bearer secret');
    expect(JSON.parse(built.body)).toEqual({
      model: 'omni-moderation-latest',
      input: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }],
    });
    const strings = adapter(ChannelType.custom)!.buildModerationRequest({ model: 'asked', inputs: ['a', 'b'] }, target('https://x.example.com', 'up'));
    expect(JSON.parse(strings.body)).toEqual({ model: 'up', input: ['a', 'b'] });
  });

  it('a pass-through keeps the client body and sets the mapped model (also when the client gave none)', () => {
    const passed = adapter(ChannelType.openai)!.buildPassthroughRequest!({ input: 'a' }, target('https://api.example.com', 'omni-moderation-latest'));
    expect(passed.url).toBe('https://api.example.com/v1/moderations');
    expect(JSON.parse(passed.body)).toEqual({ input: 'a', model: 'omni-moderation-latest' });
  });

  it('Azure, Anthropic, Gemini and advanced custom channels have no moderation endpoint', () => {
    for (const type of [ChannelType.azure, ChannelType.anthropic, ChannelType.gemini, ChannelType.advancedCustom]) expect(adapter(type), String(type)).toBeUndefined();
  });
});

describe('moderation answers', () => {
  it('reads id, model and each result; an answer without results is none', () => {
    const parse = adapter(ChannelType.openai)!.parseModerationResponse;
    const result = { flagged: true, categories: { violence: true, illicit: null }, category_scores: { violence: 0.9, illicit: 0 }, category_applied_input_types: { violence: ['image'] } };
    expect(parse({ id: 'modr-1', model: 'omni-moderation-2024-09-26', results: [result] })).toEqual({
      id: 'modr-1',
      model: 'omni-moderation-2024-09-26',
      verdicts: [{ flagged: true, categories: { violence: true, illicit: null }, scores: { violence: 0.9, illicit: 0 }, appliedInputTypes: { violence: ['image'] } }],
    });
    expect(parse({ object: 'list', data: [] })).toBeUndefined();
  });
});
