// The channel test of a completions channel: a one-token completion at the upstream's
// completions endpoint for a channel serving only completions, or for OpenAI's legacy models.
import { describe, expect, it } from 'vitest';
import type { CallFamily } from '../../../relay/ir/call-family.js';
import { ChannelType } from '../../../relay/providers/channel-facts.js';
import { probeFamily } from '../../../relay/upstream/probe-channel.js';

const channel = (type: number, families: CallFamily[], settings: Record<string, string | number | boolean> = {}) => ({ type, families, settings });

describe('probe family for completions', () => {
  it('is completions for a channel serving completions but neither chat nor embeddings', () => {
    expect(probeFamily(channel(ChannelType.custom, ['completions']), 'my-base-model')).toBe('completions');
    expect(probeFamily(channel(ChannelType.deepseek, ['completions']), 'deepseek-chat')).toBe('completions');
  });

  it("is completions for OpenAI's legacy completion models, chat for the rest", () => {
    expect(probeFamily(channel(ChannelType.openai, []), 'gpt-3.5-turbo-instruct')).toBe('completions');
    expect(probeFamily(channel(ChannelType.openai, []), 'davinci-002')).toBe('completions');
    expect(probeFamily(channel(ChannelType.openai, []), 'gpt-4o-mini')).toBe('chat');
  });

  it('is chat where completions go through chat anyway', () => {
    expect(probeFamily(channel(ChannelType.anthropic, ['completions']), 'claude-sonnet-4-5')).toBe('chat');
    expect(probeFamily(channel(ChannelType.openai, ['completions'], { completions_upstream: 'chat' }), 'gpt-4o')).toBe('chat');
  });
});
