import type { FinishReason, UnifiedFinishReason } from '../../ir/finish-reason.js';

export type MessagesStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal' | 'pause_turn';

/**
 * IR finish → messages `stop_reason` and `stop_sequence`.
 *
 * - stop → `end_turn`, or `stop_sequence` when the upstream said so (the matched sequence is
 *   named only when the request gave exactly one, since no upstream but Anthropic says which);
 * - length → `max_tokens`; tool-calls → `tool_use`; content-filter → `refusal`;
 * - an answer that carries tool calls ends in `tool_use` whatever the upstream called it
 *   (several OpenAI-compatible upstreams say `stop`), unless it was cut short (`max_tokens`):
 *   clients run the tools on `tool_use`;
 * - error / other → `end_turn` (`pause_turn` kept when the upstream used that word).
 */
export function toMessagesStopReason(
  reason: FinishReason,
  hasToolCalls: boolean,
  stop: string[] | undefined,
): { stopReason: MessagesStopReason; stopSequence: string | null } {
  switch (reason.unified) {
    case 'length':
      return { stopReason: 'max_tokens', stopSequence: null };
    case 'content-filter':
      return { stopReason: 'refusal', stopSequence: null };
    case 'tool-calls':
      return { stopReason: 'tool_use', stopSequence: null };
    case 'stop':
    case 'error':
    case 'other': {
      if (hasToolCalls) return { stopReason: 'tool_use', stopSequence: null };
      if (reason.raw === 'stop_sequence') return { stopReason: 'stop_sequence', stopSequence: stop?.length === 1 ? stop[0]! : null };
      if (reason.raw === 'pause_turn') return { stopReason: 'pause_turn', stopSequence: null };
      return { stopReason: 'end_turn', stopSequence: null };
    }
    default: {
      const unreachable: never = reason.unified;
      return unreachable;
    }
  }
}

const UNIFIED: Record<string, UnifiedFinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  // The answer ran into the model's context window: for the client, a length stop.
  model_context_window_exceeded: 'length',
  tool_use: 'tool-calls',
  refusal: 'content-filter',
};

/** Messages `stop_reason` → IR, the provider's own word kept as `raw` (`pause_turn` → other). */
export function fromMessagesStopReason(stopReason: unknown): FinishReason {
  if (typeof stopReason !== 'string' || stopReason === '') return { unified: 'other' };
  return { unified: UNIFIED[stopReason] ?? 'other', raw: stopReason };
}
