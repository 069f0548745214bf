import type { Usage } from '../../ir/usage.js';
import { isJsonObject as isObject } from '../json-access.js';

/** IR usage → chat `usage` with its detail objects. */
export function toChatUsage(usage: Usage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: {
      cached_tokens: usage.cachedInputTokens ?? 0,
      text_tokens: usage.inputTextTokens ?? 0,
      audio_tokens: usage.inputAudioTokens ?? 0,
      image_tokens: usage.inputImageTokens ?? 0,
    },
    completion_tokens_details: {
      text_tokens: usage.outputTextTokens ?? 0,
      audio_tokens: usage.outputAudioTokens ?? 0,
      reasoning_tokens: usage.reasoningTokens ?? 0,
    },
  };
}

/**
 * Chat `usage` (as OpenAI-compatible upstreams send it, details optional) → IR. Read on every
 * chat answer: the optional counts are set one by one (no arrays or closures made per call).
 */
export function fromChatUsage(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const prompt = isObject(raw.prompt_tokens_details) ? raw.prompt_tokens_details : {};
  const completion = isObject(raw.completion_tokens_details) ? raw.completion_tokens_details : {};
  const usage: Usage = {
    inputTokens: number(raw.prompt_tokens) ?? 0,
    outputTokens: number(raw.completion_tokens) ?? 0,
    raw,
  };
  // DeepSeek reports cache hits at the top level.
  const cached = number(prompt.cached_tokens) ?? number(raw.prompt_cache_hit_tokens);
  if (cached) usage.cachedInputTokens = cached;
  const inputText = number(prompt.text_tokens);
  if (inputText) usage.inputTextTokens = inputText;
  const inputAudio = number(prompt.audio_tokens);
  if (inputAudio) usage.inputAudioTokens = inputAudio;
  const inputImage = number(prompt.image_tokens);
  if (inputImage) usage.inputImageTokens = inputImage;
  const reasoning = number(completion.reasoning_tokens);
  if (reasoning) usage.reasoningTokens = reasoning;
  const outputText = number(completion.text_tokens);
  if (outputText) usage.outputTextTokens = outputText;
  const outputAudio = number(completion.audio_tokens);
  if (outputAudio) usage.outputAudioTokens = outputAudio;
  return usage;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
