import { openAIErrorBody } from '../../http/errors.js';
import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { isObject } from '../validate.js';
import type { ClientCodec, PassthroughStreamTap } from '../types.js';
import { fromChatUsage } from './convert-usage.js';
import { decodeChatRequest } from './decode-request.js';
import { encodeChatResponse } from './encode-response.js';
import { ChatStreamEncoder } from './encode-stream.js';

export const openaiChatCodec: ClientCodec = {
  protocol: 'openai-chat',
  decodeRequest: (body) => decodeChatRequest(body),
  encodeResponse: (result, request) => encodeChatResponse(result, request.model),
  createStreamEncoder: (request) => new ChatStreamEncoder(request.model, request.streamUsage === true),
  encodeError: openAIErrorBody,
  passthrough: {
    usageOf: (answer) => (isObject(answer) ? fromChatUsage(answer.usage) : undefined),
    createStreamTap: (request) => new ChatPassthroughTap(request.streamUsage === true),
  },
};

/**
 * Forwards an OpenAI-compatible stream as it came, reading each chunk on the way for usage,
 * answer text and errors. The relay always asks upstreams for the usage chunk; it reaches
 * the client only when the client asked for it.
 */
class ChatPassthroughTap implements PassthroughStreamTap {
  usage: Usage | undefined;
  outputText = '';
  answering = false;
  finished = false;
  error: RelayErrorInfo | undefined;

  constructor(private readonly clientWantsUsage: boolean) {}

  forward(rawEvent: string, data: string): string {
    if (data === '[DONE]') this.finished = true;
    if (data === '[DONE]' || data === '') return rawEvent;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return rawEvent;
    }
    if (!isObject(chunk)) return rawEvent;
    if (isObject(chunk.error)) {
      this.error = { status: 502, kind: 'upstream', message: String(chunk.error.message ?? 'upstream error') };
      return rawEvent;
    }
    const usage = fromChatUsage(chunk.usage);
    if (usage) this.usage = usage;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      this.answering = true;
      const delta = isObject(choice.delta) ? choice.delta : {};
      if (typeof delta.content === 'string') this.outputText += delta.content;
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === 'string') this.outputText += reasoning;
      if (Array.isArray(delta.tool_calls)) this.outputText += JSON.stringify(delta.tool_calls);
    }
    if (choices.length === 0 && usage && !this.clientWantsUsage) return '';
    return rawEvent;
  }
}
