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

/** Chat `usage` (as OpenAI-compatible upstreams send it, details optional) → IR. */
export function fromChatUsage(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const prompt = isObject(raw.prompt_tokens_details) ? raw.prompt_tokens_details : {};
  const completion = isObject(raw.completion_tokens_details) ? raw.completion_tokens_details : {};
  const usage: Usage = {
    inputTokens: number(raw.prompt_tokens) ?? 0,
    outputTokens: number(raw.completion_tokens) ?? 0,
    raw,
  };
  // DeepSeek reports cache hits at the top level.
  const cached = number(prompt.cached_tokens) ?? number(raw.prompt_cache_hit_tokens);
  const optional: [keyof Usage, number | undefined][] = [
    ['cachedInputTokens', cached],
    ['inputTextTokens', number(prompt.text_tokens)],
    ['inputAudioTokens', number(prompt.audio_tokens)],
    ['inputImageTokens', number(prompt.image_tokens)],
    ['reasoningTokens', number(completion.reasoning_tokens)],
    ['outputTextTokens', number(completion.text_tokens)],
    ['outputAudioTokens', number(completion.audio_tokens)],
  ];
  for (const [key, value] of optional) if (value) (usage as unknown as Record<string, number>)[key] = value;
  return usage;
}
