import type { FinishReason } from '../../ir/finish-reason.js';

/** Gemini's own finish words, kept when an answer from Gemini carries one. */
const GEMINI_FINISH_REASONS = new Set([
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'MALFORMED_FUNCTION_CALL',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'IMAGE_OTHER',
  'NO_IMAGE',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
]);

/** IR → `finishReason`: STOP (also after tool calls, as Gemini says), MAX_TOKENS, SAFETY, OTHER. */
export function toGeminiFinishReason(reason: FinishReason): string {
  const raw = reason.raw !== undefined && GEMINI_FINISH_REASONS.has(reason.raw) ? reason.raw : undefined;
  switch (reason.unified) {
    case 'stop':
    case 'tool-calls':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content-filter':
      return raw && raw !== 'STOP' && raw !== 'MAX_TOKENS' && raw !== 'OTHER' ? raw : 'SAFETY';
    case 'error':
    case 'other':
      return raw && raw !== 'STOP' && raw !== 'MAX_TOKENS' ? raw : 'OTHER';
    default: {
      const unreachable: never = reason.unified;
      return unreachable;
    }
  }
}

const CONTENT_FILTER = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * A candidate's `finishReason` → IR. Gemini says STOP after function calls too, so STOP with
 * calls in the answer is `tool-calls`. The raw word is always kept.
 */
export function fromGeminiFinishReason(raw: string, hasToolCalls: boolean): FinishReason {
  if (raw === 'STOP') return { unified: hasToolCalls ? 'tool-calls' : 'stop', raw };
  if (raw === 'MAX_TOKENS') return { unified: 'length', raw };
  if (CONTENT_FILTER.has(raw)) return { unified: 'content-filter', raw };
  return { unified: 'other', raw };
}

/** `promptFeedback.blockReason` with no candidates: the prompt itself was blocked. */
export function fromGeminiBlockReason(blockReason: string): FinishReason {
  return { unified: 'content-filter', raw: blockReason };
}
