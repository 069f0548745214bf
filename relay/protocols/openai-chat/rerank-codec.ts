import { randomUUID } from 'node:crypto';
import type { RerankDocument, RerankRequest, RerankResult } from '../../ir/rerank.js';
import type { Usage } from '../../ir/usage.js';
import type { RerankBilledUnits, RerankWireResult } from '../../wire/rerank/wire-types.js';
import type { RerankCodec } from '../types.js';
import { invalid, isObject, missing, optionalBoolean, optionalNumber, requireObject, setDefined } from '../validate.js';
import { encodeOpenAIError } from './encode-error.js';

// `POST /v1/rerank`: the Cohere/Jina shape in and out, the relay's error object on failure.

export const rerankCodec: RerankCodec = {
  decode: (body) => decodeRerankRequest(body),
  encodeResponse: encodeRerankResponse,
  encodeError: encodeOpenAIError,
};

/** The documents one call takes (Cohere's limit). */
const MAX_DOCUMENTS = 10_000;

export function decodeRerankRequest(body: unknown): RerankRequest {
  const json = requireObject(body, 'body');
  if (typeof json.model !== 'string' || json.model === '') throw missing('model', 'you must provide a model parameter');
  if (json.query === undefined || json.query === null) throw missing('query');
  if (typeof json.query !== 'string' || json.query.trim() === '') throw invalid('query', "Invalid 'query': expected a non-empty string.");
  const request: RerankRequest = {
    model: json.model,
    query: json.query,
    documents: decodeDocuments(json.documents),
    returnDocuments: optionalBoolean(json, 'return_documents') ?? false,
  };
  setDefined(request, 'topN', optionalNumber(json, 'top_n', { min: 1, integer: true }));
  setDefined(request, 'maxTokensPerDoc', optionalNumber(json, 'max_tokens_per_doc', { min: 1, integer: true }));
  return request;
}

/** Strings, or objects with a string `text` (their other fields come back in the answer, not upstream). */
function decodeDocuments(documents: unknown): RerankDocument[] {
  if (documents === undefined || documents === null) throw missing('documents');
  if (!Array.isArray(documents) || documents.length === 0) throw invalid('documents', "Invalid 'documents': expected a non-empty array of strings or of objects with a 'text' string.");
  if (documents.length > MAX_DOCUMENTS) throw invalid('documents', `Invalid 'documents': at most ${MAX_DOCUMENTS} documents per call, got ${documents.length}.`);
  return documents.map((document, index) => {
    if (typeof document === 'string') return { text: document };
    if (isObject(document) && typeof document.text === 'string') return { text: document.text, object: document };
    const path = `documents[${index}]`;
    throw invalid(path, `Invalid '${path}': expected a string or an object with a 'text' string (only text can be ranked).`);
  });
}

/**
 * The answer: `results` as ranked, each with the client's document when asked (`{text}` for a
 * string); `meta.billed_units` with the search units billed, and the input tokens where the
 * upstream reported them (then also Jina's `usage.total_tokens`).
 */
export function encodeRerankResponse(result: RerankResult, request: RerankRequest, usage: Usage) {
  const results: RerankWireResult[] = result.scores.map(({ index, relevanceScore }) => {
    const item: RerankWireResult = { index, relevance_score: relevanceScore };
    if (request.returnDocuments) item.document = answeredDocument(request.documents[index]!);
    return item;
  });
  const billed: RerankBilledUnits = { search_units: usage.units?.search_units ?? 0 };
  if (usage.inputTokens > 0) billed.input_tokens = usage.inputTokens;
  return {
    id: result.id ?? `rerank-${randomUUID()}`,
    model: request.model,
    results,
    meta: { billed_units: billed },
    ...(usage.inputTokens > 0 ? { usage: { total_tokens: usage.inputTokens } } : {}),
  };
}

function answeredDocument(document: RerankDocument): Record<string, unknown> {
  return document.object ?? { text: document.text };
}
