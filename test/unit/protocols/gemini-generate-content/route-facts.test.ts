import { describe, expect, it } from 'vitest';
import { geminiCodec } from '../../../../relay/protocols/gemini-generate-content/codec.js';
import { geminiEmbeddingsCodec } from '../../../../relay/protocols/gemini-generate-content/embeddings-codec.js';
import { generateContentRouteFacts } from '../../../../relay/protocols/gemini-generate-content/route-facts.js';

describe('generate-content route facts', () => {
  it('a stream with ?alt=sse is an SSE stream of the model the path names', () => {
    expect(generateContentRouteFacts('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', { model: 'gemini-2.5-flash', action: 'streamGenerateContent' })).toEqual({
      model: 'gemini-2.5-flash',
      action: 'streamGenerateContent',
      stream: true,
      sse: true,
    });
  });

  it('a stream without alt=sse (or with another alt) is the JSON-array stream', () => {
    const params = { model: 'm', action: 'streamGenerateContent' };
    expect(generateContentRouteFacts('/v1beta/models/m:streamGenerateContent', params).sse).toBe(false);
    expect(generateContentRouteFacts('/v1beta/models/m:streamGenerateContent?alt=json', params).sse).toBe(false);
    expect(generateContentRouteFacts('/v1beta/models/m:streamGenerateContent?alt=ssex', params).sse).toBe(false);
    expect(generateContentRouteFacts('/v1beta/models/m:streamGenerateContent?key=k&alt=sse&x=1', params).sse).toBe(true);
  });

  it('other methods do not stream; the model is URL-decoded', () => {
    expect(generateContentRouteFacts('/v1beta/models/models%2Fgemma:batchEmbedContents', { model: 'models%2Fgemma', action: 'batchEmbedContents' })).toEqual({
      model: 'models/gemma',
      action: 'batchEmbedContents',
      stream: false,
      sse: false,
    });
  });

  it('a path without an action (:countTokens) names only the model', () => {
    expect(generateContentRouteFacts('/v1beta/models/m:countTokens', { model: 'm' })).toEqual({ model: 'm' });
  });

  it('the chat and embeddings front doors read the path the same way', () => {
    expect(geminiCodec.routeFacts).toBe(generateContentRouteFacts);
    expect(geminiEmbeddingsCodec.routeFacts).toBe(generateContentRouteFacts);
  });
});
