import type { ChatRequest } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import { toResponsesStatus } from '../../wire/openai-responses/map-finish-reason.js';
import { buildResponse, messageItem, newItemId, reasoningItem, responseIdOf, toolCallItem } from './output-items.js';
import type { Json } from './output-items.js';
import { encryptedContentOf } from './reasoning-items.js';
import { noteTranslation } from './request-context.js';
import type { ResponsesRequestContext } from './request-context.js';

/**
 * IR answer → a Response object (OpenAPI `Response`), output items in the answer's order:
 * reasoning (summary text, `encrypted_content` when the IR has a signature or redacted
 * data), one message per run of text, and function calls in the client's tool names
 * (namespaced / custom tools mapped back). `output_text` is left to the SDKs, which compute it.
 */
export function encodeResponsesResponse(result: ChatResult, request: ChatRequest, context: ResponsesRequestContext): Json {
  noteTranslation(context);
  const { toolNames } = context;
  const { status, incompleteReason } = toResponsesStatus(result.finish);
  const output: Json[] = [];
  let text: string | undefined;
  const flushText = () => {
    if (text !== undefined) output.push(messageItem(newItemId('msg_'), text, status === 'incomplete' ? 'incomplete' : 'completed'));
    text = undefined;
  };
  for (const part of result.content) {
    switch (part.type) {
      case 'text':
        text = (text ?? '') + part.text;
        break;
      case 'reasoning':
        flushText();
        output.push(reasoningItem(newItemId('rs_'), part.text, encryptedContentOf(part)));
        break;
      case 'tool-call':
        flushText();
        // A signature on the call itself (Gemini) travels in a reasoning item just before it.
        if (part.signature) output.push(reasoningItem(newItemId('rs_'), '', encryptedContentOf({ signature: part.signature })));
        output.push(toolCallItem(toolNames, { callId: part.id, name: part.name, arguments: part.arguments }, 'completed'));
        break;
      default:
        // Images, audio and files in an answer have no output item here.
        break;
    }
  }
  flushText();
  return buildResponse(request, context.echo, {
    id: responseIdOf(result.id),
    createdAt: result.created,
    status,
    output,
    usage: result.usage,
    incompleteReason,
  });
}
