/** One prompt: text, or the token ids of a text (only an upstream with a completions endpoint reads those). */
export type CompletionPrompt = string | number[];

/**
 * A legacy text completions call (`POST /v1/completions`). An upstream with a completions
 * endpoint gets the client's own body; another answers it as a chat call (the codec reads the
 * one text prompt as one user message), so this keeps what a chat call cannot carry.
 */
export interface CompletionsRequest {
  model: string;
  /** Each prompt gets `n` choices, numbered prompt by prompt. */
  prompts: CompletionPrompt[];
  suffix?: string;
  /** The answer starts with the prompt. */
  echo: boolean;
  /** Log probabilities of the `logprobs` likeliest tokens (0–5), when asked. */
  logprobs?: number;
  /** Choices returned per prompt. */
  n: number;
  /** Candidates generated per prompt, `n` of them returned (at least `n`). */
  bestOf?: number;
  /** Token id → bias (-100 to 100), in the GPT tokenizer's ids. */
  logitBias?: Record<string, number>;
  /** Per choice; absent: the upstream's default (OpenAI's is 16). */
  maxTokens?: number;
  stream: boolean;
  /** The client wants the usage chunk at the end of the stream (`stream_options.include_usage`). */
  streamUsage: boolean;
}

/** OpenAI's `max_tokens` when a completions call gives none: what a translated call is sent. */
export const DEFAULT_COMPLETION_TOKENS = 16;
