import type { Usage } from '../../ir/usage.js';
import { type JsonObject, isJsonObject, numberAt, objectAt } from '../json-access.js';

/** IR usage → responses `usage` (every detail the OpenAPI `ResponseUsage` requires). */
export function toResponsesUsage(usage: Usage): JsonObject {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0, cache_write_tokens: usage.cacheWriteInputTokens ?? 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** A responses `usage` object → IR usage; undefined when the upstream gave none (null, absent). */
export function fromResponsesUsage(raw: unknown): Usage | undefined {
  if (!isJsonObject(raw)) return undefined;
  const usage: Usage = { inputTokens: numberAt(raw, 'input_tokens') ?? 0, outputTokens: numberAt(raw, 'output_tokens') ?? 0 };
  const inputDetails = objectAt(raw, 'input_tokens_details');
  const cached = numberAt(inputDetails, 'cached_tokens');
  if (cached !== undefined) usage.cachedInputTokens = cached;
  const cacheWrite = numberAt(inputDetails, 'cache_write_tokens');
  if (cacheWrite !== undefined) usage.cacheWriteInputTokens = cacheWrite;
  const reasoning = numberAt(objectAt(raw, 'output_tokens_details'), 'reasoning_tokens');
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  usage.raw = raw;
  return usage;
}
