import type { Usage } from '../../ir/usage.js';
import { isObject } from '../validate.js';

/** The `usage` object of a messages answer. Input is split: uncached, cache writes, cache reads. */
export interface MessagesUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

/**
 * IR usage → messages usage. The IR counts cached input inside `inputTokens`; the messages
 * format counts it apart, so `input_tokens` is what is left after cache reads and writes.
 */
export function toMessagesUsage(usage: Usage): MessagesUsage {
  const cacheRead = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteInputTokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: usage.outputTokens,
  };
}

/**
 * A messages `usage` (whole answer, or several stream halves merged) → IR: all three input
 * counts added up. Undefined when it holds no count at all.
 */
export function fromMessagesUsage(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const input = count(raw.input_tokens);
  const output = count(raw.output_tokens);
  const cacheRead = count(raw.cache_read_input_tokens);
  const cacheWrite = count(raw.cache_creation_input_tokens);
  if (input === undefined && output === undefined && cacheRead === undefined && cacheWrite === undefined) return undefined;
  const usage: Usage = { inputTokens: (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0), outputTokens: output ?? 0, raw };
  if (cacheRead) usage.cachedInputTokens = cacheRead;
  if (cacheWrite) usage.cacheWriteInputTokens = cacheWrite;
  const details = isObject(raw.output_tokens_details) ? raw.output_tokens_details : {};
  const thinking = count(details.thinking_tokens);
  if (thinking) usage.reasoningTokens = thinking;
  return usage;
}

/** Streamed usage comes in halves (`message_start`, `message_delta`): later non-null values win. */
export function mergeMessagesUsage(base: Record<string, unknown> | undefined, update: unknown): Record<string, unknown> | undefined {
  if (!isObject(update)) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(update)) if (value !== null && value !== undefined) merged[key] = value;
  return merged;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
