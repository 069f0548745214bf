import type { Usage } from './usage.js';

/** One document to rank: its text, and the client's own object when it sent one instead of a string. */
export interface RerankDocument {
  text: string;
  /** Answered back as the result's document (other fields than `text` stay with the relay). */
  object?: Record<string, unknown>;
}

/** A rerank call, whichever wire it came on. */
export interface RerankRequest {
  model: string;
  query: string;
  documents: RerankDocument[];
  /** How many of the best results to answer (all when absent). */
  topN?: number;
  /** Whether each result carries its document. */
  returnDocuments: boolean;
  /** Where the upstream can cut long documents (Cohere), their length in tokens. */
  maxTokensPerDoc?: number;
}

/** One document's score; `index` is its place in the request's documents. */
export interface RerankScore {
  index: number;
  relevanceScore: number;
}

/** What the upstream answered: the scores (any order), and what it reported using. */
export interface RerankResult {
  /** The upstream's id of the call, when it gives one. */
  id?: string;
  scores: RerankScore[];
  /** Tokens (Jina, vLLM) and search units (Cohere) as the upstream reported them; absent when it reported none. */
  usage?: Usage;
}
