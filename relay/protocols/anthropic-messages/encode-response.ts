import { randomUUID } from 'node:crypto';
import type { ChatRequest, ContentPart } from '../../ir/chat-request.js';
import type { ChatResult } from '../../ir/chat-result.js';
import { toMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import type { MessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { toMessagesStopReason } from '../../wire/anthropic-messages/map-finish-reason.js';
import type { MessagesStopReason } from '../../wire/anthropic-messages/map-finish-reason.js';

export type MessagesContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface MessagesMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: MessagesContentBlock[];
  stop_reason: MessagesStopReason;
  stop_sequence: string | null;
  usage: MessagesUsage;
}

/** IR answer → a messages `message` object, named with the model the client asked for. */
export function encodeMessagesResponse(result: ChatResult, request: ChatRequest): MessagesMessage {
  const content = result.content.flatMap(toContentBlocks);
  const { stopReason, stopSequence } = toMessagesStopReason(result.finish, content.some((b) => b.type === 'tool_use'), request.stop);
  return {
    id: messageId(result.id),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: stopReason,
    stop_sequence: stopSequence,
    usage: toMessagesUsage(result.usage),
  };
}

/**
 * One IR answer part → content blocks. Reasoning becomes `thinking` (signature kept, `''`
 * when the upstream signs nothing) and/or `redacted_thinking` (encrypted content, which
 * comes back verbatim next turn); a part with neither text nor signature is left out.
 * A tool call becomes a `tool_use` block with the parsed arguments as `input`.
 */
function toContentBlocks(part: ContentPart): MessagesContentBlock[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    case 'reasoning': {
      const blocks: MessagesContentBlock[] = [];
      if (part.text !== '' || part.signature) blocks.push({ type: 'thinking', thinking: part.text, signature: part.signature ?? '' });
      if (part.redacted) blocks.push({ type: 'redacted_thinking', data: part.redacted });
      return blocks;
    }
    case 'tool-call': {
      const call: MessagesContentBlock = { type: 'tool_use', id: part.id, name: part.name, input: parseToolInput(part.arguments) };
      // A call's own signature (generate-content's thought signature) has no place on a
      // tool_use block: it rides on an empty thinking block just before it, the form the
      // streamed answer has too, and comes back there next turn.
      return part.signature ? [{ type: 'thinking', thinking: '', signature: part.signature }, call] : [call];
    }
    case 'image':
    case 'audio':
    case 'file':
    case 'tool-result':
      return [];
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

/** Tool-call arguments are JSON text; the messages format wants the object (`{}` when they are not one). */
export function parseToolInput(args: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(args);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return {};
}

/** `msg_…` ids, as clients expect them. */
export function messageId(id: string): string {
  if (id.startsWith('msg_')) return id;
  const clean = id.replace(/[^A-Za-z0-9_-]/g, '');
  return `msg_${clean || randomUUID().replace(/-/g, '')}`;
}
