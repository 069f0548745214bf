import type { Usage } from '../../ir/usage.js';
import { isJsonObject } from '../json-access.js';
import type { AnthropicUsage } from './wire-types.js';

/** The `usage` object of a messages answer. Input is split: uncached, cache writes, cache reads. */
export interface MessagesUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** The cache writes by how long they are kept, when any were made. */
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  output_tokens: number;
}

/**
 * IR usage → messages usage. The IR counts cached input inside `inputTokens`; the messages
 * format counts it apart, so `input_tokens` is what is left after cache reads and writes.
 */
export function toMessagesUsage(usage: Usage): MessagesUsage {
  const cacheRead = usage.cachedInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteInputTokens ?? 0;
  const result: MessagesUsage = {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: usage.outputTokens,
  };
  if (cacheWrite > 0) {
    const hour = Math.min(cacheWrite, usage.cacheWrite1hInputTokens ?? 0);
    result.cache_creation = { ephemeral_5m_input_tokens: cacheWrite - hour, ephemeral_1h_input_tokens: hour };
  }
  return result;
}

/**
 * A messages `usage` (whole answer, or several stream halves merged) → IR: all three input
 * counts added up (the IR counts cached tokens in). Undefined when it holds no count at all.
 */
export function fromMessagesUsage(raw: unknown): Usage | undefined {
  if (!isJsonObject(raw)) return undefined;
  const usage = raw as AnthropicUsage;
  const input = count(usage.input_tokens);
  const output = count(usage.output_tokens);
  const cacheRead = count(usage.cache_read_input_tokens);
  // The split by lifetime, when given; the total alone is taken as 5-minute writes.
  const fiveMinutes = count(usage.cache_creation?.ephemeral_5m_input_tokens);
  const oneHour = count(usage.cache_creation?.ephemeral_1h_input_tokens);
  const split = fiveMinutes === undefined && oneHour === undefined ? undefined : (fiveMinutes ?? 0) + (oneHour ?? 0);
  const cacheWrite = count(usage.cache_creation_input_tokens) ?? split;
  if (input === undefined && output === undefined && cacheRead === undefined && cacheWrite === undefined) return undefined;
  const result: Usage = { inputTokens: (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0), outputTokens: output ?? 0 };
  if (cacheRead !== undefined) result.cachedInputTokens = cacheRead;
  if (cacheWrite !== undefined) result.cacheWriteInputTokens = cacheWrite;
  if (oneHour) result.cacheWrite1hInputTokens = Math.min(oneHour, cacheWrite ?? 0);
  const thinking = count(usage.output_tokens_details?.thinking_tokens);
  if (thinking !== undefined) result.reasoningTokens = thinking;
  result.raw = raw;
  return result;
}

/**
 * Streamed usage comes in two halves: `message_start` (input and cache counts, a first
 * output count) and `message_delta` (cumulative counts: output, and input/cache when the
 * API sends them). Later non-null values win.
 */
export function mergeMessagesUsage(base: AnthropicUsage | undefined, update: unknown): AnthropicUsage | undefined {
  if (!isJsonObject(update)) return base;
  const merged: AnthropicUsage = { ...base };
  for (const [key, value] of Object.entries(update)) if (value !== null && value !== undefined) merged[key] = value;
  return merged;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
