import type { Usage } from './usage.js';

/** One input to embed: text, or the token ids of a text (OpenAI-kind upstreams only). */
export type EmbeddingInput = string | number[];

/** How a vector travels: a JSON array of numbers, or base64 of little-endian float32s. */
export type EmbeddingEncoding = 'float' | 'base64';

/** An embeddings call, whichever wire it came on. */
export interface EmbeddingsRequest {
  model: string;
  inputs: EmbeddingInput[];
  /** The length the vectors are cut to, when the model can. */
  dimensions?: number;
  /** What the client asked for (`float` when it did not say). */
  encoding: EmbeddingEncoding;
}

/** The vectors, one per input in order, as the upstream sent them (numbers or base64). */
export interface EmbeddingsResult {
  vectors: (number[] | string)[];
  /** Absent when the upstream reports none (the relay then counts the input itself). */
  usage?: Usage;
}
