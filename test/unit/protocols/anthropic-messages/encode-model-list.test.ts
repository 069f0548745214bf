import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec } from '../../../../relay/protocols/anthropic-messages/codec.js';
import type { ListedModel } from '../../../../relay/protocols/types.js';

const model = (id: string): ListedModel => ({ id, created: 1_700_000_000, description: '', inputTokenLimit: 200_000, outputTokenLimit: 64_000 });

describe('Anthropic model list', () => {
  it('is one page with first and last ids, models with display name and an ISO creation time', () => {
    expect(anthropicMessagesCodec.modelList!.list([model('claude-a'), model('claude-b')])).toEqual({
      data: [
        { type: 'model', id: 'claude-a', display_name: 'claude-a', created_at: '2023-11-14T22:13:20.000Z' },
        { type: 'model', id: 'claude-b', display_name: 'claude-b', created_at: '2023-11-14T22:13:20.000Z' },
      ],
      has_more: false,
      first_id: 'claude-a',
      last_id: 'claude-b',
    });
  });

  it('an empty list has null first and last ids', () => {
    expect(anthropicMessagesCodec.modelList!.list([])).toEqual({ data: [], has_more: false, first_id: null, last_id: null });
  });
});
