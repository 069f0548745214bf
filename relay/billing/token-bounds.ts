import type { ChatRequest, ContentPart, ReasoningConfig } from '../ir/chat-request.js';

// Upper bounds of what an upstream that honours the output limit can count for a call, for
// the reservation made before it. Text is bounded by its UTF-8 bytes: every tokenizer in use
// (byte-level BPE at OpenAI and Anthropic, SentencePiece with byte fallback at Google) makes a
// token of at least one byte. The chat format adds per-message tokens (OpenAI documents 3 per
// message plus the role, and 3 priming the reply); the overheads below leave room for the
// other providers' turn markers.

/** Role, name and turn markers of one message. */
export const MESSAGE_OVERHEAD_TOKENS = 8;
/** The reply's priming and a system preamble, once per call. */
export const CALL_OVERHEAD_TOKENS = 8;
/** Once when tools are offered: Anthropic adds a tool-use system prompt of up to ~530 tokens. */
export const TOOL_USE_OVERHEAD_TOKENS = 600;
/** Per tool definition, around its name, description and schema. */
export const TOOL_OVERHEAD_TOKENS = 8;
/**
 * An image, audio clip or file (other than a text file, bounded by its bytes) is not decoded
 * here: it is reserved at about the most a provider counts for one image (Anthropic ~1 600,
 * OpenAI's high detail ~1 450). Audio and long files can count more; their real count is
 * charged at settlement.
 */
export const MEDIA_TOKENS = 1_600;
/** The smallest output limit every protocol accepts (the responses API's floor). */
export const MIN_OUTPUT_TOKENS = 16;
/** The smallest thinking budget a provider takes (Anthropic), which then raises a lower output limit. */
const MIN_THINKING_BUDGET = 1_024;

/** At least as many prompt tokens as any provider counts for `request`. */
export function promptTokenBound(request: ChatRequest): number {
  let tokens = CALL_OVERHEAD_TOKENS;
  const visit = (part: ContentPart) => {
    switch (part.type) {
      case 'text':
        tokens += bytes(part.text);
        break;
      case 'reasoning':
        tokens += bytes(part.text) + bytes(part.redacted ?? '');
        break;
      case 'tool-call':
        tokens += bytes(part.id) + bytes(part.name) + bytes(part.arguments);
        break;
      case 'tool-result':
        tokens += bytes(part.callId) + bytes(part.name ?? '');
        if (typeof part.content === 'string') tokens += bytes(part.content);
        else part.content.forEach(visit);
        break;
      case 'file':
        // A text file is read as text: bounded by its bytes like any text.
        tokens += part.data !== undefined && isTextType(part.mediaType) ? Math.max(MEDIA_TOKENS, base64Bytes(part.data)) : MEDIA_TOKENS;
        break;
      case 'image':
      case 'audio':
        tokens += MEDIA_TOKENS;
        break;
    }
  };
  for (const message of request.messages) {
    tokens += MESSAGE_OVERHEAD_TOKENS + bytes(message.name ?? '');
    message.content.forEach(visit);
  }
  if (request.tools?.length) tokens += TOOL_USE_OVERHEAD_TOKENS;
  for (const tool of request.tools ?? []) {
    tokens += TOOL_OVERHEAD_TOKENS + bytes(tool.name) + bytes(tool.description ?? '') + bytes(JSON.stringify(tool.parameters));
  }
  const format = request.responseFormat;
  if (format?.type === 'json-schema') tokens += TOOL_OVERHEAD_TOKENS + bytes(format.name ?? '') + bytes(format.description ?? '') + bytes(JSON.stringify(format.schema));
  return tokens;
}

/**
 * The most output tokens the upstream may produce (every choice), thinking included: the
 * call's limit, or `defaultTokens` when it gives none (then a likely size, not a bound).
 */
export function outputTokenBound(request: ChatRequest, defaultTokens: number): number {
  const limit = request.maxOutputTokens ?? defaultTokens;
  return (Math.max(limit, MIN_OUTPUT_TOKENS) + thinkingBeyond(request.reasoning, limit)) * choices(request);
}

export function choices(request: ChatRequest): number {
  return Math.max(1, request.n ?? 1);
}

/**
 * Lowers the call's output limit to `limit` tokens per choice, and its thinking budget with it
 * so that no provider raises the limit again: afterwards outputTokenBound is `limit` × choices.
 */
export function limitOutputTokens(request: ChatRequest, limit: number): void {
  request.maxOutputTokens = limit;
  const reasoning = request.reasoning;
  if (!reasoning || thinkingBeyond(reasoning, limit) === 0) return;
  if (limit - 1 >= MIN_THINKING_BUDGET) request.reasoning = { ...reasoning, budgetTokens: limit - 1 };
  else delete request.reasoning;
}

/**
 * Providers that count thinking inside the output limit but need the budget below it
 * (Anthropic: `budget_tokens` < `max_tokens`, at least 1 024) raise the limit by the budget
 * when the budget does not fit inside it.
 */
function thinkingBeyond(reasoning: ReasoningConfig | undefined, limit: number): number {
  if (!reasoning || reasoning.disabled || reasoning.adaptive || reasoning.effort === 'none') return 0;
  if (reasoning.budgetTokens === undefined && reasoning.effort === undefined) return 0;
  const budget = Math.max(reasoning.budgetTokens ?? 0, MIN_THINKING_BUDGET);
  return budget >= limit ? budget : 0;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The decoded size of base64 text, without decoding it. */
function base64Bytes(data: string): number {
  return Math.ceil((data.length * 3) / 4);
}

function isTextType(mediaType: string | undefined): boolean {
  return mediaType !== undefined && /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|x-javascript|typescript|x-typescript|x-python|x-sh|sql)\b)/i.test(mediaType);
}
