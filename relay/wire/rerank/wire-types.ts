// The rerank wire: Cohere's (`POST /v2/rerank`) and Jina's (`POST /v1/rerank`, which
// OpenAI-compatible servers such as vLLM copy). The relay's own `/v1/rerank` speaks the same
// shape to clients, so the client codec and the upstream adapters share these names.

/** A document on the wire: a string, or (Jina, Cohere v1) an object carrying its `text`. */
export type RerankWireDocument = string | { text: string };

/** A rerank request body. Cohere v2 takes string documents only, and no `return_documents`. */
export interface RerankWireRequest {
  model: string;
  query: string;
  documents: RerankWireDocument[];
  top_n?: number;
  return_documents?: boolean;
  /** Cohere v2: each document cut to this many tokens (default 4096). */
  max_tokens_per_doc?: number;
}

/** One scored document; `index` is its place in the request. */
export interface RerankWireResult {
  index: number;
  relevance_score: number;
  /** Jina: `{text}`; the relay: the client's own document when it asked for documents back. */
  document?: Record<string, unknown>;
}

/** Cohere's `meta.billed_units` (search units; input tokens where the upstream reports them). */
export interface RerankBilledUnits {
  search_units: number;
  input_tokens?: number;
}
