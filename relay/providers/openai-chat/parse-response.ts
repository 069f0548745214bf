import type { ContentPart } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import { isJsonObject as isObject } from '../../wire/json-access.js';
import { fromChatUsage } from '../../wire/openai-chat/convert-usage.js';
import { fromChatFinishReason } from '../../wire/openai-chat/map-finish-reason.js';

/** A chat completion from an OpenAI-compatible upstream → IR. Loose: fields may be missing. */
export function parseChatResponse(body: unknown): ChatResult {
  const root = isObject(body) ? body : {};
  const choice = Array.isArray(root.choices) && isObject(root.choices[0]) ? root.choices[0] : {};
  const message = isObject(choice.message) ? choice.message : {};
  const content: ContentPart[] = [];
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (typeof reasoning === 'string' && reasoning) content.push({ type: 'reasoning', text: reasoning });
  if (typeof message.content === 'string' && message.content) content.push({ type: 'text', text: message.content });
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isObject(call) || !isObject(call.function)) continue;
      content.push({
        type: 'tool-call',
        id: typeof call.id === 'string' ? call.id : `call_${content.length}`,
        name: String(call.function.name ?? ''),
        arguments: typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments ?? {}),
      });
    }
  }
  const result: ChatResult = {
    id: typeof root.id === 'string' ? root.id : `relay${Date.now()}`,
    model: typeof root.model === 'string' ? root.model : '',
    created: typeof root.created === 'number' ? root.created : Math.floor(Date.now() / 1000),
    content,
    finish: fromChatFinishReason(typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined),
    usage: fromChatUsage(root.usage) ?? { inputTokens: 0, outputTokens: 0, estimated: true },
  };
  if (typeof root.system_fingerprint === 'string') result.systemFingerprint = root.system_fingerprint;
  return result;
}
