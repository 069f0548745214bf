import type { RerankRequest, RerankResult, RerankScore } from '../ir/rerank.js';
import type { Usage } from '../ir/usage.js';
import { arrayAt, isJsonObject, numberAt, objectAt, stringAt } from '../wire/json-access.js';
import { parseRerankError } from '../wire/rerank/parse-error.js';
import type { RerankWireRequest } from '../wire/rerank/wire-types.js';
import { bearer, joinV1 } from './openai-chat/adapter.js';
import type { RerankAdapter, UpstreamRequest, UpstreamTarget } from './types.js';

// The rerank upstreams. Both wires take the documents' texts as strings (Cohere v2 takes
// nothing else; a client's document object keeps its other fields at the relay, which answers
// it back), and neither is asked to return documents: the relay has them.

/** Cohere's `POST /v2/rerank`: `max_tokens_per_doc`, and `meta.billed_units.search_units` in the answer. */
export const cohereRerankAdapter: RerankAdapter = {
  buildRerankRequest(request, target) {
    const body = baseBody(request, target.model);
    if (request.maxTokensPerDoc !== undefined) body.max_tokens_per_doc = request.maxTokensPerDoc;
    return jsonPost(cohereUrl(target.baseUrl), body, target);
  },
  parseRerankResponse(body) {
    const billed = objectAt(objectAt(body, 'meta'), 'billed_units');
    return withUsage(body, numberAt(billed, 'input_tokens'), numberAt(billed, 'search_units'), billed);
  },
  parseError: parseRerankError,
};

/**
 * Jina's `POST /v1/rerank`, which OpenAI-compatible servers (vLLM, Infinity…) copy:
 * `usage.total_tokens` in the answer. It has no per-document token limit.
 */
export const jinaRerankAdapter: RerankAdapter = {
  buildRerankRequest(request, target, warnings) {
    if (request.maxTokensPerDoc !== undefined) warnings.push('max_tokens_per_doc was not sent: this upstream has no per-document limit and truncates on its own.');
    return jsonPost(joinV1(target.baseUrl, 'rerank'), { ...baseBody(request, target.model), return_documents: false }, target);
  },
  parseRerankResponse(body) {
    const usage = objectAt(body, 'usage');
    return withUsage(body, numberAt(usage, 'total_tokens') ?? numberAt(usage, 'prompt_tokens'), undefined, usage);
  },
  parseError: parseRerankError,
};

/** `{base}/v2/rerank`, also when the base already names `/v2` (or the old `/v1`). */
function cohereUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/\/v[12]$/, '')}/v2/rerank`;
}

function baseBody(request: RerankRequest, model: string): RerankWireRequest {
  const body: RerankWireRequest = { model, query: request.query, documents: request.documents.map((document) => document.text) };
  // Some servers refuse a top_n above the number of documents.
  if (request.topN !== undefined) body.top_n = Math.min(request.topN, request.documents.length);
  return body;
}

function jsonPost(url: string, body: RerankWireRequest, target: UpstreamTarget): UpstreamRequest {
  return { url, headers: { 'content-type': 'application/json', ...bearer(target) }, body: JSON.stringify(body) };
}

/** The scores of `results[]` (`relevance_score`, or `score` as some compatible servers say), and what the upstream reported using. */
function withUsage(body: unknown, tokens: number | undefined, searchUnits: number | undefined, raw: unknown): RerankResult {
  const result: RerankResult = { scores: readScores(body) };
  const id = stringAt(body, 'id');
  if (id) result.id = id;
  if (tokens !== undefined || searchUnits !== undefined) {
    const usage: Usage = { inputTokens: tokens ?? 0, outputTokens: 0, raw };
    if (searchUnits !== undefined) usage.units = { search_units: searchUnits };
    result.usage = usage;
  }
  return result;
}

function readScores(body: unknown): RerankScore[] {
  const scores: RerankScore[] = [];
  for (const item of arrayAt(body, 'results')) {
    if (!isJsonObject(item)) continue;
    const index = numberAt(item, 'index');
    const score = numberAt(item, 'relevance_score') ?? numberAt(item, 'score');
    if (index !== undefined && Number.isInteger(index) && index >= 0 && score !== undefined) scores.push({ index, relevanceScore: score });
  }
  return scores;
}
