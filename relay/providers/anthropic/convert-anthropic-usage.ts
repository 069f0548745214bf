import type { Usage } from '../../ir/usage.js';
import type { AnthropicUsage } from './anthropic-wire-types.js';

/**
 * Anthropic's `usage` → IR. Anthropic counts cached input apart from `input_tokens`, so all
 * three are added up for `inputTokens` (the IR counts cached tokens in). Undefined when the
 * upstream gave no count at all.
 */
export function convertAnthropicUsage(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const usage = raw as AnthropicUsage;
  const input = num(usage.input_tokens);
  const output = num(usage.output_tokens);
  const cacheRead = num(usage.cache_read_input_tokens);
  const cacheWrite = num(usage.cache_creation_input_tokens);
  if (input === undefined && output === undefined && cacheRead === undefined && cacheWrite === undefined) return undefined;
  const result: Usage = {
    inputTokens: (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: output ?? 0,
  };
  if (cacheRead !== undefined) result.cachedInputTokens = cacheRead;
  if (cacheWrite !== undefined) result.cacheWriteInputTokens = cacheWrite;
  const thinking = num(usage.output_tokens_details?.thinking_tokens);
  if (thinking !== undefined) result.reasoningTokens = thinking;
  result.raw = raw;
  return result;
}

/**
 * Streamed usage comes in two halves: `message_start` (input and cache counts, a first
 * output count) and `message_delta` (cumulative counts: output, and input/cache when the
 * API sends them). Later non-null values win.
 */
export function mergeAnthropicUsage(base: AnthropicUsage | undefined, update: unknown): AnthropicUsage | undefined {
  if (!update || typeof update !== 'object') return base;
  const merged: AnthropicUsage = { ...base };
  for (const [key, value] of Object.entries(update as Record<string, unknown>)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
