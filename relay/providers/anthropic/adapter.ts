import { parseAnthropicError } from '../../wire/anthropic-messages/parse-error.js';
import type { ProviderAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { AnthropicStreamDecoder } from './stream-decoder.js';
import { ANTHROPIC_VERSION, anthropicMessagesUrl, buildAnthropicRequest } from './build-request.js';
import { parseAnthropicResponse } from './parse-response.js';

/** Upstream adapter for Anthropic's Messages API (channel type 14). */
export const anthropicAdapter: ProviderAdapter = {
  protocol: 'anthropic-messages',
  buildChatRequest: buildAnthropicRequest,
  parseChatResponse: parseAnthropicResponse,
  createStreamDecoder: (request) => new AnthropicStreamDecoder(request),
  parseError: parseAnthropicError,
  buildPassthroughRequest: buildAnthropicPassthroughRequest,
};

/** The beta a body field needs on the first-party API (it rejects the field without it). */
const BETA_BY_FIELD: Record<string, string> = {
  context_management: 'context-management-2025-06-27',
};

/**
 * A messages client on an Anthropic channel: the client's own body goes upstream, with the
 * mapped model and only the changes the upstream needs:
 * - `role: "system"` messages inside `messages` (Claude Code sends them) become
 *   `<system-reminder>` text in a user turn, as buildAnthropicRequest does for the same
 *   reason: most models (and Bedrock/Vertex) refuse the role, and the beta header that
 *   allows it on the others is the client's, which this call does not see.
 * - The beta a body field needs (`context_management`) is added so the field is not
 *   refused; the pipeline merges the client's own `anthropic-beta` values in as well.
 */
export function buildAnthropicPassthroughRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest {
  const out: Record<string, unknown> = { ...body, model: target.model };
  if (stream) out.stream = true;
  else delete out.stream;
  if (Array.isArray(body.messages) && body.messages.some((m) => isRecord(m) && m.role === 'system')) {
    out.messages = withoutSystemMessages(body.messages);
  }
  const betas = Object.entries(BETA_BY_FIELD)
    .filter(([field]) => body[field] !== undefined && body[field] !== null)
    .map(([, beta]) => beta);
  return {
    url: anthropicMessagesUrl(target.baseUrl),
    headers: {
      'content-type': 'application/json',
      'x-api-key': target.apiKey,
      'anthropic-version': ANTHROPIC_VERSION,
      ...(betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : {}),
    },
    body: JSON.stringify(out),
  };
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Messages with `role: "system"` → `<system-reminder>` text blocks in place, merged with a
 * neighbouring user turn (the API wants turns alternating), `tool_result` blocks kept first.
 */
function withoutSystemMessages(messages: unknown[]): unknown[] {
  const turns: unknown[] = [];
  for (const message of messages) {
    if (!isRecord(message) || (message.role !== 'system' && message.role !== 'user')) {
      turns.push(message);
      continue;
    }
    const blocks = message.role === 'system' ? reminderBlocks(message.content) : contentBlocks(message.content);
    if (blocks.length === 0) continue;
    const last = turns[turns.length - 1];
    if (isRecord(last) && last.role === 'user') {
      last.content = toolResultsFirst([...contentBlocks(last.content), ...blocks]);
    } else {
      turns.push(message.role === 'system' ? { role: 'user', content: blocks } : { ...message });
    }
  }
  return turns;
}

function contentBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function reminderBlocks(content: unknown): unknown[] {
  return contentBlocks(content).flatMap((block) => {
    if (!isRecord(block) || typeof block.text !== 'string' || block.text === '') return [];
    return [{ ...block, type: 'text', text: `<system-reminder>\n${block.text}\n</system-reminder>` }];
  });
}

function toolResultsFirst(blocks: unknown[]): unknown[] {
  const results = blocks.filter((b) => isRecord(b) && b.type === 'tool_result');
  return results.length === 0 ? blocks : [...results, ...blocks.filter((b) => !(isRecord(b) && b.type === 'tool_result'))];
}
