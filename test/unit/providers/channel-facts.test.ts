// The call families each channel type serves by default, and a channel's own list over them.
import { describe, expect, it } from 'vitest';
import { CALL_FAMILIES } from '../../../relay/ir/call-family.js';
import { ChannelType, DEFAULT_FAMILIES, servedFamilies } from '../../../relay/providers/channel-facts.js';

describe('families served per channel type', () => {
  it('declares what each upstream really offers', () => {
    // Completions through chat where the upstream has no completions endpoint.
    expect(DEFAULT_FAMILIES[ChannelType.anthropic]).toEqual(['chat', 'completions']);
    expect(DEFAULT_FAMILIES[ChannelType.gemini]).toEqual(['chat', 'embeddings', 'completions', 'images']);
    expect(DEFAULT_FAMILIES[ChannelType.deepseek]).toEqual(['chat', 'completions']);
    expect(DEFAULT_FAMILIES[ChannelType.openai]).toEqual(expect.arrayContaining(['chat', 'embeddings', 'completions', 'moderation', 'images', 'audio']));
    expect(DEFAULT_FAMILIES[ChannelType.openai]).not.toContain('rerank');
    // Its routes are chat paths: more families only by the channel's own list.
    expect(DEFAULT_FAMILIES[ChannelType.advancedCustom]).toEqual(['chat', 'completions']);
    // Rerank upstreams without chat; Jina's embeddings are OpenAI-shaped.
    expect(DEFAULT_FAMILIES[ChannelType.cohere]).toEqual(['rerank']);
    expect(DEFAULT_FAMILIES[ChannelType.jina]).toEqual(['rerank', 'embeddings']);
  });

  it('gives every channel type defaults that include chat, but the rerank upstreams, and use only known families', () => {
    const withoutChat: number[] = [ChannelType.cohere, ChannelType.jina];
    for (const type of Object.values(ChannelType)) {
      const families = DEFAULT_FAMILIES[type];
      if (withoutChat.includes(type)) expect(families, `type ${type}`).toContain('rerank');
      else expect(families, `type ${type}`).toContain('chat');
      for (const family of families ?? []) expect(CALL_FAMILIES).toContain(family);
    }
  });

  it("serves a channel's own list instead of its type's defaults; an empty list means the defaults", () => {
    expect(servedFamilies({ type: ChannelType.openai, families: ['embeddings'] })).toEqual(['embeddings']);
    expect(servedFamilies({ type: ChannelType.anthropic, families: [] })).toEqual(['chat', 'completions']);
  });
});
