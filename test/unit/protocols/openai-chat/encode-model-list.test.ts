import { describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../../../../relay/protocols/openai-chat/codec.js';
import type { ListedModel } from '../../../../relay/protocols/types.js';

const model = (id: string): ListedModel => ({ id, created: 1_700_000_000, description: 'ignored here', inputTokenLimit: 128_000, outputTokenLimit: 16_384 });

describe('OpenAI model list', () => {
  it('lists {object: list, data} of model objects owned by the relay', () => {
    expect(openaiChatCodec.modelList!.list([model('a'), model('b')])).toEqual({
      object: 'list',
      data: [
        { id: 'a', object: 'model', created: 1_700_000_000, owned_by: 'relaydesk' },
        { id: 'b', object: 'model', created: 1_700_000_000, owned_by: 'relaydesk' },
      ],
    });
  });

  it('answers one model as the same object', () => {
    expect(openaiChatCodec.modelList!.one(model('gpt-4o'))).toEqual({ id: 'gpt-4o', object: 'model', created: 1_700_000_000, owned_by: 'relaydesk' });
  });
});
