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
  setCount(usage, 'cachedInputTokens', cached);
  // Cache writes, as OpenAI-compatible routers in front of Anthropic report them.
  setCount(usage, 'cacheWriteInputTokens', prompt.cache_write_tokens ?? prompt.cache_creation_input_tokens);
  setCount(usage, 'inputTextTokens', prompt.text_tokens);
  setCount(usage, 'inputAudioTokens', prompt.audio_tokens);
  setCount(usage, 'inputImageTokens', prompt.image_tokens);
  setCount(usage, 'reasoningTokens', completion.reasoning_tokens);
  setCount(usage, 'outputTextTokens', completion.text_tokens);
  setCount(usage, 'outputAudioTokens', completion.audio_tokens);
  return usage;
}

type OptionalCount = 'cachedInputTokens' | 'cacheWriteInputTokens' | 'inputTextTokens' | 'inputAudioTokens' | 'inputImageTokens' | 'reasoningTokens' | 'outputTextTokens' | 'outputAudioTokens';

/** Sets a count the upstream reported (a positive number); leaves it out otherwise. */
function setCount(usage: Usage, key: OptionalCount, value: unknown): void {
  const count = number(value);
  if (count) usage[key] = count;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Embeddings `usage` (`prompt_tokens`, `total_tokens`) → IR; undefined without a prompt count. */
export function fromEmbeddingsUsage(raw: unknown): Usage | undefined {
  const prompt = isObject(raw) ? number(raw.prompt_tokens) : undefined;
  return prompt === undefined ? undefined : { inputTokens: prompt, outputTokens: 0, raw };
}
