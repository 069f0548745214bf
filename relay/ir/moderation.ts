/** One part of a multimodal moderation input: text, or an image (a URL or a data URL). */
export type ModerationPart = { type: 'text'; text: string } | { type: 'image'; url: string };

/** What is classified as one: a text, or a list of parts judged together (one result). */
export type ModerationInput = string | ModerationPart[];

/** A moderation call, whichever wire it came on. */
export interface ModerationRequest {
  /** The client's model, or the relay's default when it named none. */
  model: string;
  /** Each input gets its own result, in order. */
  inputs: ModerationInput[];
}

/** One input's verdict: per category whether it is flagged, its score, and what the score was read from. */
export interface ModerationVerdict {
  flagged: boolean;
  /** `null` for a category the model does not judge (OpenAI's text models and `illicit`). */
  categories: Record<string, boolean | null>;
  scores: Record<string, number>;
  /** Per category, the input types (`text`, `image`) the score applies to; omni models only. */
  appliedInputTypes?: Record<string, string[]>;
}

export interface ModerationResult {
  /** The upstream's id, when it gave one. */
  id?: string;
  /** The model that judged (the upstream may name a dated version). */
  model?: string;
  verdicts: ModerationVerdict[];
}

/** The text of every input, for a local token count and the reservation's bound. */
export function moderationTexts(request: ModerationRequest): string[] {
  return request.inputs.flatMap((input) => (typeof input === 'string' ? [input] : input.flatMap((part) => (part.type === 'text' ? [part.text] : []))));
}
