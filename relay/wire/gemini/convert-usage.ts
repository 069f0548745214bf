import type { Usage } from '../../ir/usage.js';
import type { GeminiModalityTokenCount, GeminiUsageMetadata } from './wire-types.js';

/**
 * IR usage → `usageMetadata`. Gemini counts thinking apart from the answer
 * (`candidatesTokenCount` + `thoughtsTokenCount`); the prompt count includes cached tokens.
 */
export function toGeminiUsage(usage: Usage | undefined): Record<string, number> {
  const input = usage?.inputTokens ?? 0;
  const output = usage?.outputTokens ?? 0;
  const reasoning = Math.min(usage?.reasoningTokens ?? 0, output);
  const meta: Record<string, number> = {
    promptTokenCount: input,
    candidatesTokenCount: output - reasoning,
    totalTokenCount: input + output,
  };
  if (reasoning > 0) meta.thoughtsTokenCount = reasoning;
  if (usage?.cachedInputTokens) meta.cachedContentTokenCount = usage.cachedInputTokens;
  return meta;
}

/**
 * `usageMetadata` → IR usage. `promptTokenCount` already includes cached tokens; thinking
 * tokens are counted (and billed) as output, so output = candidates + thoughts.
 */
export function fromGeminiUsage(meta: GeminiUsageMetadata): Usage {
  const usage: Usage = {
    inputTokens: count(meta.promptTokenCount),
    outputTokens: count(meta.candidatesTokenCount) + count(meta.thoughtsTokenCount),
    raw: meta,
  };
  if (meta.cachedContentTokenCount !== undefined) usage.cachedInputTokens = count(meta.cachedContentTokenCount);
  if (meta.thoughtsTokenCount !== undefined) usage.reasoningTokens = count(meta.thoughtsTokenCount);
  const text = byModality(meta.promptTokensDetails, 'TEXT');
  const audio = byModality(meta.promptTokensDetails, 'AUDIO');
  const image = byModality(meta.promptTokensDetails, 'IMAGE');
  if (text !== undefined) usage.inputTextTokens = text;
  if (audio !== undefined) usage.inputAudioTokens = audio;
  if (image !== undefined) usage.inputImageTokens = image;
  const outText = byModality(meta.candidatesTokensDetails, 'TEXT');
  const outAudio = byModality(meta.candidatesTokensDetails, 'AUDIO');
  if (outText !== undefined) usage.outputTextTokens = outText;
  if (outAudio !== undefined) usage.outputAudioTokens = outAudio;
  return usage;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function byModality(details: GeminiModalityTokenCount[] | undefined, modality: string): number | undefined {
  if (!Array.isArray(details)) return undefined;
  const entry = details.find((detail) => detail?.modality === modality);
  return entry ? count(entry.tokenCount) : undefined;
}
