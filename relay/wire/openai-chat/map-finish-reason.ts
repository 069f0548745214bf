import type { FinishReason, UnifiedFinishReason } from '../../ir/finish-reason.js';

/** IR → chat `finish_reason`. */
export function toChatFinishReason(reason: FinishReason): string {
  switch (reason.unified) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return 'content_filter';
    case 'error':
    case 'other':
      return 'stop';
    default: {
      const unreachable: never = reason.unified;
      return unreachable;
    }
  }
}

/** Chat `finish_reason` → IR (the upstream side of the same wire). */
export function fromChatFinishReason(raw: string | null | undefined): FinishReason {
  const unified: UnifiedFinishReason =
    raw === 'stop' ? 'stop'
    : raw === 'length' ? 'length'
    : raw === 'tool_calls' || raw === 'function_call' ? 'tool-calls'
    : raw === 'content_filter' ? 'content-filter'
    : 'other';
  return raw ? { unified, raw } : { unified };
}
