import { randomUUID } from 'node:crypto';
import type { ChatRequest, ContentPart } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import { emptyUsage } from '../../ir/usage.js';
import { fromMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { fromMessagesStopReason } from '../../wire/anthropic-messages/map-finish-reason.js';

/**
 * A whole Anthropic message → IR. Content blocks keep their order: text, thinking (with its
 * signature), redacted_thinking (as `redacted`), tool_use (input as JSON text). Blocks the
 * IR has no part for (server tools and their results) are skipped. Without usage the
 * result carries zero counts and no `raw`.
 */
export function parseAnthropicResponse(body: unknown, request: ChatRequest): ChatResult {
  const message = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const content: ContentPart[] = [];
  for (const block of Array.isArray(message.content) ? message.content : []) {
    const part = convertBlock(block);
    if (part) content.push(part);
  }
  return {
    id: typeof message.id === 'string' && message.id ? message.id : `msg_${randomUUID().replace(/-/g, '')}`,
    model: typeof message.model === 'string' && message.model ? message.model : request.model,
    created: Math.floor(Date.now() / 1000),
    content,
    finish: fromMessagesStopReason(message.stop_reason),
    usage: fromMessagesUsage(message.usage) ?? emptyUsage(),
  };
}

function convertBlock(block: unknown): ContentPart | undefined {
  if (!block || typeof block !== 'object') return undefined;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return { type: 'text', text: str(b.text) };
    case 'thinking': {
      const part: ContentPart = { type: 'reasoning', text: str(b.thinking) };
      if (typeof b.signature === 'string') part.signature = b.signature;
      return part;
    }
    case 'redacted_thinking':
      return { type: 'reasoning', text: '', redacted: str(b.data) };
    case 'tool_use':
      return { type: 'tool-call', id: str(b.id), name: str(b.name), arguments: JSON.stringify(b.input ?? {}) };
    default:
      return undefined;
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
