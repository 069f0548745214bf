// A call capped at what its quota pays for goes upstream with that output limit, in the
// field each protocol reads, also when the client's own body passes through.
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec } from '../../../relay/protocols/anthropic-messages/codec.js';
import { geminiCodec } from '../../../relay/protocols/gemini-generate-content/codec.js';
import { openaiChatCodec } from '../../../relay/protocols/openai-chat/codec.js';
import { openaiResponsesCodec } from '../../../relay/protocols/openai-responses/codec.js';

function limited(codec: typeof openaiChatCodec, body: Record<string, unknown>, tokens: number): Record<string, unknown> {
  codec.passthrough!.limitOutput(body, tokens);
  return body;
}

describe('output limit of a pass-through body', () => {
  it('chat: the field the client used, else max_completion_tokens', () => {
    expect(limited(openaiChatCodec, { max_tokens: 5000 }, 300)).toEqual({ max_tokens: 300 });
    expect(limited(openaiChatCodec, { max_completion_tokens: 5000 }, 300)).toEqual({ max_completion_tokens: 300 });
    expect(limited(openaiChatCodec, { messages: [] }, 300)).toEqual({ messages: [], max_completion_tokens: 300 });
  });

  it('responses: max_output_tokens', () => {
    expect(limited(openaiResponsesCodec, { input: 'hi' }, 300)).toEqual({ input: 'hi', max_output_tokens: 300 });
  });

  it('generate-content: generationConfig.maxOutputTokens, the rest of the config kept', () => {
    expect(limited(geminiCodec, { generationConfig: { temperature: 0.2, maxOutputTokens: 9000 } }, 300)).toEqual({ generationConfig: { temperature: 0.2, maxOutputTokens: 300 } });
    expect(limited(geminiCodec, { contents: [] }, 300)).toEqual({ contents: [], generationConfig: { maxOutputTokens: 300 } });
  });

  it('messages: max_tokens, with a thinking budget kept below it, or thinking left out when no budget fits', () => {
    expect(limited(anthropicMessagesCodec, { max_tokens: 32000, thinking: { type: 'enabled', budget_tokens: 10000 } }, 5000)).toEqual({ max_tokens: 5000, thinking: { type: 'enabled', budget_tokens: 4999 } });
    expect(limited(anthropicMessagesCodec, { max_tokens: 32000, thinking: { type: 'enabled', budget_tokens: 2000 } }, 5000)).toEqual({ max_tokens: 5000, thinking: { type: 'enabled', budget_tokens: 2000 } });
    expect(limited(anthropicMessagesCodec, { max_tokens: 32000, thinking: { type: 'enabled', budget_tokens: 2000 } }, 900)).toEqual({ max_tokens: 900 });
    expect(limited(anthropicMessagesCodec, { max_tokens: 32000, thinking: { type: 'adaptive' } }, 900)).toEqual({ max_tokens: 900, thinking: { type: 'adaptive' } });
  });
});
