import type { ChatResult } from '../../ir/chat-result.js';
import { toChatUsage } from '../../wire/openai-chat/convert-usage.js';
import { toChatFinishReason } from '../../wire/openai-chat/map-finish-reason.js';

/** IR answer → a `chat.completion` object, named with the model the client asked for. */
export function encodeChatResponse(result: ChatResult, clientModel: string) {
  let text = '';
  let reasoning = '';
  const toolCalls: { id: string; type: 'function'; function: { name: string; arguments: string } }[] = [];
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning += part.text;
    else if (part.type === 'tool-call') toolCalls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } });
  }
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: text === '' && toolCalls.length > 0 ? null : text,
    refusal: null,
  };
  if (reasoning) message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return {
    id: chatId(result.id),
    object: 'chat.completion',
    created: result.created,
    model: clientModel,
    choices: [{ index: 0, message, logprobs: null, finish_reason: toChatFinishReason(result.finish) }],
    usage: toChatUsage(result.usage),
    ...(result.systemFingerprint ? { system_fingerprint: result.systemFingerprint } : {}),
  };
}

export function chatId(id: string): string {
  return id.startsWith('chatcmpl-') ? id : `chatcmpl-${id}`;
}
