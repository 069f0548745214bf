import type { ReasoningConfig, ReasoningEffort } from '../../ir/chat-request.js';
import type { ResponsesReasoning } from '../../wire/openai-responses/wire-types.js';

/**
 * IR reasoning settings → responses `reasoning`, or undefined when reasoning is not asked
 * for (absent, switched off, or a budget of 0). A token budget has no equivalent upstream:
 * it is mapped to the nearest effort, with a warning.
 */
export function convertReasoningConfig(config: ReasoningConfig | undefined, warn: (warning: string) => void): ResponsesReasoning | undefined {
  if (!config) return undefined;
  if (config.disabled && config.effort === undefined) return undefined;
  const reasoning: ResponsesReasoning = {};
  if (config.effort !== undefined) reasoning.effort = config.effort;
  else if (config.budgetTokens !== undefined) {
    if (config.budgetTokens <= 0) return undefined;
    reasoning.effort = effortForBudget(config.budgetTokens);
    warn(`reasoning budget of ${config.budgetTokens} tokens is not supported by the responses API; sent as effort '${reasoning.effort}'`);
  }
  if (config.summary !== undefined) reasoning.summary = config.summary;
  return reasoning;
}

export function effortForBudget(budgetTokens: number): ReasoningEffort {
  if (budgetTokens <= 2048) return 'low';
  if (budgetTokens <= 16384) return 'medium';
  return 'high';
}
