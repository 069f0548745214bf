import type { Usage } from '../../ir/usage.js';
import type { GeminiModalityTokenCount, GeminiUsageMetadata } from './gemini-wire-types.js';

/**
 * `usageMetadata` → IR usage. `promptTokenCount` already includes cached tokens; thinking
 * tokens are counted (and billed) as output, so output = candidates + thoughts.
 */
export function convertGeminiUsage(meta: GeminiUsageMetadata): Usage {
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
