import type { FinishReason } from '../../ir/finish-reason.js';

/** IR finish → Response status (+ `incomplete_details.reason`). Tool calls finish a response normally. */
export function toResponsesStatus(reason: FinishReason): { status: 'completed' | 'incomplete'; incompleteReason?: 'max_output_tokens' | 'content_filter' } {
  if (reason.unified === 'length') return { status: 'incomplete', incompleteReason: 'max_output_tokens' };
  if (reason.unified === 'content-filter') return { status: 'incomplete', incompleteReason: 'content_filter' };
  return { status: 'completed' };
}

/**
 * A Response's `status` (and `incomplete_details.reason`) → IR finish reason. The format has
 * no "tool calls" status: a completed answer with function calls finishes as tool-calls.
 */
export function fromResponsesStatus(status: string | undefined, incompleteReason: string | undefined, hasToolCalls: boolean): FinishReason {
  switch (status) {
    case undefined:
    case 'completed':
      return { unified: hasToolCalls ? 'tool-calls' : 'stop', raw: status ?? 'completed' };
    case 'incomplete':
      if (incompleteReason === 'max_output_tokens') return { unified: 'length', raw: incompleteReason };
      if (incompleteReason === 'content_filter') return { unified: 'content-filter', raw: incompleteReason };
      return { unified: 'other', raw: incompleteReason ?? status };
    case 'failed':
      return { unified: 'error', raw: status };
    default:
      return { unified: 'other', raw: status };
  }
}
