/** Token counts of one call. Raw provider usage is kept beside the normalised numbers. */
export interface Usage {
  /** All input tokens, cached ones included. */
  inputTokens: number;
  /** All output tokens, reasoning included. */
  outputTokens: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
  reasoningTokens?: number;
  inputTextTokens?: number;
  inputAudioTokens?: number;
  inputImageTokens?: number;
  outputTextTokens?: number;
  outputAudioTokens?: number;
  /** True when the relay counted the tokens itself because the upstream gave none. */
  estimated?: boolean;
  raw?: unknown;
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

export function totalTokens(usage: Usage): number {
  return usage.inputTokens + usage.outputTokens;
}
