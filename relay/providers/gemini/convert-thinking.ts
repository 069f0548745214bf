import type { ReasoningConfig, ReasoningEffort } from '../../ir/chat-request.js';
import type { GeminiThinkingConfig, GeminiThinkingLevel } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';

/**
 * Gemini 2.x (and older) models take a token budget only; the budgets are the ones Gemini's
 * own OpenAI-compatibility layer documents for `reasoning_effort` (low 1K, medium 8K, high 24K).
 */
const EFFORT_BUDGETS: Record<Exclude<ReasoningEffort, 'none'>, number> = {
  minimal: 1024,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 24576,
};

/** Gemini 3 and later take a level (a budget is only accepted there for backward compatibility). */
const EFFORT_LEVELS: Record<Exclude<ReasoningEffort, 'none'>, GeminiThinkingLevel> = {
  minimal: 'MINIMAL',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  xhigh: 'HIGH',
};

/** Models that know `thinkingBudget` but not `thinkingLevel`. */
export function usesThinkingBudget(model: string): boolean {
  return /^(models\/)?gemini-[12][.-]/i.test(model);
}

/**
 * IR reasoning → `thinkingConfig`. Off (`disabled`, effort `none`) → `thinkingBudget: 0`;
 * otherwise `includeThoughts: true` (the client asked for reasoning, so it gets the thought
 * summaries) plus an explicit budget, or the effort as a level (Gemini 3+) or as a budget
 * (Gemini 1.x/2.x). Gemini rejects a request with both a level and a budget, so an explicit
 * budget wins over an effort. Adaptive means Gemini's dynamic thinking (`-1` on 2.x, where
 * some models otherwise think not at all; the default on 3+).
 */
export function convertToGeminiThinkingConfig(
  reasoning: ReasoningConfig | undefined,
  model: string,
  warnings: string[],
): GeminiThinkingConfig | undefined {
  if (!reasoning) return undefined;
  if (reasoning.disabled || reasoning.effort === 'none') return { thinkingBudget: 0 };
  const config: GeminiThinkingConfig = { includeThoughts: true };
  const budgetModel = usesThinkingBudget(model);
  if (reasoning.budgetTokens !== undefined) {
    config.thinkingBudget = reasoning.budgetTokens;
    if (reasoning.effort) addWarning(warnings, `reasoning effort "${reasoning.effort}" was ignored: Gemini takes a budget or a level, and the budget was given`);
  } else if (reasoning.effort) {
    if (budgetModel) config.thinkingBudget = EFFORT_BUDGETS[reasoning.effort];
    else config.thinkingLevel = EFFORT_LEVELS[reasoning.effort];
    if (reasoning.effort === 'xhigh') addWarning(warnings, 'reasoning effort "xhigh" has no Gemini equivalent; sent as the highest Gemini setting');
  } else if (reasoning.adaptive && budgetModel) {
    config.thinkingBudget = -1;
  }
  return config;
}
