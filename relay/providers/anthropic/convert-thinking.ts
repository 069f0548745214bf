import type { ReasoningConfig, ReasoningEffort } from '../../ir/chat-request.js';
import type { AnthropicEffort, AnthropicThinkingConfig } from '../../wire/anthropic-messages/wire-types.js';

/** Sent when the client gives no output limit: `max_tokens` is required by Anthropic. */
export const DEFAULT_MAX_TOKENS = 8192;

/** The smallest thinking budget the API accepts. */
export const MIN_THINKING_BUDGET = 1024;

/**
 * Thinking budgets for a request that names only an effort. The tiers follow the ones Claude
 * Code uses for "think" (4 000), "think hard" (10 000) and "ultrathink" (31 999), with
 * `minimal` at the API's floor and `high` between the last two:
 *
 * | IR effort | budget_tokens | output_config.effort |
 * | --- | --- | --- |
 * | minimal | 1 024 | low |
 * | low | 4 000 | low |
 * | medium | 10 000 | medium |
 * | high | 20 000 | high |
 * | xhigh | 31 999 | xhigh |
 * | none | thinking disabled | (not sent) |
 */
export const EFFORT_THINKING_BUDGET: Record<Exclude<ReasoningEffort, 'none'>, number> = {
  minimal: 1024,
  low: 4000,
  medium: 10000,
  high: 20000,
  xhigh: 31999,
};

const ANTHROPIC_EFFORT: Record<Exclude<ReasoningEffort, 'none'>, AnthropicEffort> = {
  minimal: 'low', // Anthropic has no lower level
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'xhigh',
};

export interface AnthropicThinkingFields {
  thinking?: AnthropicThinkingConfig;
  effort?: AnthropicEffort;
  /** `max_tokens` to send: Anthropic counts thinking in it, so a budget may raise it. */
  maxTokens: number;
  warnings: string[];
}

/**
 * IR reasoning → `thinking` and `output_config.effort`:
 * - disabled (or effort `none`) → `{type: 'disabled'}`;
 * - adaptive → `{type: 'adaptive'}` (+ effort when given);
 * - budgetTokens → `{type: 'enabled', budget_tokens}` (+ effort when given);
 * - effort only → effort plus a budget from `EFFORT_THINKING_BUDGET`.
 * The budget must be at least 1 024 and below `max_tokens`. An explicit budget keeps its
 * size and `max_tokens` grows to budget + the asked limit (so the answer keeps its room); an
 * effort-derived budget shrinks to fit an explicit limit instead. Either change is warned.
 */
export function convertToAnthropicThinking(reasoning: ReasoningConfig | undefined, maxOutputTokens: number | undefined): AnthropicThinkingFields {
  const warnings: string[] = [];
  const answerRoom = maxOutputTokens ?? DEFAULT_MAX_TOKENS;
  if (!reasoning) return { maxTokens: answerRoom, warnings };
  if (reasoning.disabled || reasoning.effort === 'none') return { thinking: { type: 'disabled' }, maxTokens: answerRoom, warnings };

  const effort = reasoning.effort ? ANTHROPIC_EFFORT[reasoning.effort] : undefined;
  const withEffort = effort ? { effort } : {};

  if (reasoning.adaptive) {
    if (reasoning.budgetTokens !== undefined) warnings.push('Adaptive thinking decides its own budget; budget_tokens was not sent.');
    return { thinking: { type: 'adaptive' }, ...withEffort, maxTokens: answerRoom, warnings };
  }

  if (reasoning.budgetTokens !== undefined) {
    let budget = Math.floor(reasoning.budgetTokens);
    if (budget < MIN_THINKING_BUDGET) {
      warnings.push(`Anthropic's smallest thinking budget is ${MIN_THINKING_BUDGET} tokens; ${budget} was raised to it.`);
      budget = MIN_THINKING_BUDGET;
    }
    let maxTokens = answerRoom;
    if (maxOutputTokens === undefined) maxTokens = budget + DEFAULT_MAX_TOKENS;
    else if (budget >= maxOutputTokens) {
      maxTokens = budget + maxOutputTokens;
      warnings.push(`Anthropic counts thinking in max_tokens and needs budget_tokens below it: max_tokens was raised from ${maxOutputTokens} to ${maxTokens}.`);
    }
    return { thinking: { type: 'enabled', budget_tokens: budget }, ...withEffort, maxTokens, warnings };
  }

  if (reasoning.effort) {
    let budget = EFFORT_THINKING_BUDGET[reasoning.effort];
    let maxTokens = maxOutputTokens ?? budget + DEFAULT_MAX_TOKENS;
    if (maxOutputTokens !== undefined && budget >= maxOutputTokens) {
      if (maxOutputTokens - 1 >= MIN_THINKING_BUDGET) {
        budget = maxOutputTokens - 1;
        warnings.push(`The thinking budget for effort "${reasoning.effort}" was lowered to ${budget} to fit max_tokens ${maxOutputTokens}.`);
      } else {
        budget = MIN_THINKING_BUDGET;
        maxTokens = budget + maxOutputTokens;
        warnings.push(`Anthropic counts thinking in max_tokens and needs budget_tokens below it: max_tokens was raised from ${maxOutputTokens} to ${maxTokens}.`);
      }
    }
    return { thinking: { type: 'enabled', budget_tokens: budget }, ...withEffort, maxTokens, warnings };
  }

  // Only a summary preference: Anthropic summarises thinking by default; nothing to switch on.
  return { maxTokens: answerRoom, warnings };
}
