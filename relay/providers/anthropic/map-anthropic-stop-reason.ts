import type { FinishReason, UnifiedFinishReason } from '../../ir/finish-reason.js';

const UNIFIED: Record<string, UnifiedFinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  // The answer ran into the model's context window: for the client, a length stop.
  model_context_window_exceeded: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
};

/** Anthropic's `stop_reason` → IR, the provider's own word kept as `raw` (`pause_turn` → other). */
export function mapAnthropicStopReason(stopReason: unknown): FinishReason {
  if (typeof stopReason !== 'string' || stopReason === '') return { unified: 'other' };
  return { unified: UNIFIED[stopReason] ?? 'other', raw: stopReason };
}
