// Routing by call family: a channel serves the families it declares, else its type's defaults.
import { describe, expect, it } from 'vitest';
import { servedFamilies } from '../../../relay/providers/channel-facts.js';
import { createMemoryCooldowns } from '../../../relay/routing/cooldowns.js';
import { candidateChannels, routeModel } from '../../../relay/routing/select-channel.js';
import { channel } from '../../helpers/channel-record.js';
import type { CallFamily } from '../../../relay/ir/call-family.js';

const need = (family: CallFamily | undefined, model = 'm') => ({ group: 'default', model, family, familiesOf: servedFamilies });
const ids = (channels: { id: number }[]) => channels.map((c) => c.id);

describe('routing filters channels by call family', () => {
  const chatAndMore = channel(1); // OpenAI, families [] → its type's defaults
  const embeddingsOnly = channel(2, { families: ['embeddings'] });
  const anthropic = channel(3, { type: 14 });

  it('never offers an embeddings-only channel for a chat call, and offers it for embeddings', () => {
    expect(ids(candidateChannels([chatAndMore, embeddingsOnly, anthropic], need('chat')))).toEqual([1, 3]);
    expect(ids(candidateChannels([chatAndMore, embeddingsOnly, anthropic], need('embeddings')))).toEqual([1, 2]);
  });

  it("uses the type's defaults for a channel without its own list", () => {
    expect(ids(candidateChannels([anthropic, channel(4, { type: 24 })], need('embeddings')))).toEqual([4]);
    // Anthropic serves completions through chat by default; Cohere (34) serves rerank only.
    expect(ids(candidateChannels([anthropic, channel(5, { type: 43 }), channel(6, { type: 34 })], need('completions')))).toEqual([3, 5]);
    expect(ids(candidateChannels([anthropic, channel(5, { type: 43 }), channel(6, { type: 34 })], need('rerank')))).toEqual([6]);
  });

  it('answers unknown-model when the only channels with the model serve other families', () => {
    const cooldowns = createMemoryCooldowns();
    expect(routeModel([embeddingsOnly], need('chat'), cooldowns)).toEqual({ kind: 'unknown-model' });
    expect(routeModel([embeddingsOnly], need('embeddings'), cooldowns)).toMatchObject({ kind: 'channels', channels: [{ id: 2 }] });
  });

  it('lists a model whatever family serves it when no family is asked (the model lists)', () => {
    expect(ids(candidateChannels([embeddingsOnly], need(undefined)))).toEqual([2]);
  });
});
