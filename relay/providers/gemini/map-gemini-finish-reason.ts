import type { FinishReason } from '../../ir/finish-reason.js';

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
export function mapGeminiFinishReason(raw: string, hasToolCalls: boolean): FinishReason {
  if (raw === 'STOP') return { unified: hasToolCalls ? 'tool-calls' : 'stop', raw };
  if (raw === 'MAX_TOKENS') return { unified: 'length', raw };
  if (CONTENT_FILTER.has(raw)) return { unified: 'content-filter', raw };
  return { unified: 'other', raw };
}

/** `promptFeedback.blockReason` with no candidates: the prompt itself was blocked. */
export function mapGeminiBlockReason(blockReason: string): FinishReason {
  return { unified: 'content-filter', raw: blockReason };
}
