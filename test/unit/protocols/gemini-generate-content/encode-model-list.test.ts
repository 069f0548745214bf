import { describe, expect, it } from 'vitest';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import type { ListedModel } from '../../../../relay/protocols/types.js';

const flash: ListedModel = { id: 'gemini-2.5-flash', created: 1_700_000_000, description: 'Fast', inputTokenLimit: 1_048_576, outputTokenLimit: 65_536 };

describe('generate-content model list', () => {
  it('names models models/{id} with their limits and description, and exactly the interface fields', () => {
    expect(geminiCodec.modelList!.one(flash)).toEqual({
      name: 'models/gemini-2.5-flash',
      version: '001',
      displayName: 'gemini-2.5-flash',
      description: 'Fast',
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    });
  });

  it('a model without a description says it comes through Relaydesk; the list is {models}', () => {
    const list = geminiCodec.modelList!.list([{ ...flash, description: '' }]) as { models: { description: string }[] };
    expect(list.models.map((m) => m.description)).toEqual(['gemini-2.5-flash through Relaydesk']);
    expect(geminiCodec.modelList!.list([])).toEqual({ models: [] });
  });
});
