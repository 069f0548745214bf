import type { FinishReason } from '../../ir/finish-reason.js';

/**
 * A Response's `status` (and `incomplete_details.reason`) → IR finish reason. The format has
 * no "tool calls" status: a completed answer with function calls finishes as tool-calls.
 */
export function mapResponsesFinishReason(status: string | undefined, incompleteReason: string | undefined, hasToolCalls: boolean): FinishReason {
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
