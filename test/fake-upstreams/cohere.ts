// A fake Cohere upstream, faithful to the v2 rerank wire: `POST /v2/rerank` with a Bearer key,
// documents as strings only (v2 takes no objects), `top_n`, `max_tokens_per_doc` (default
// 4096); the answer `{id, results: [{index, relevance_score}], meta}` best first, billed in
// search units: one per 100 documents, a document longer than 500 tokens with the query
// counting once per chunk. Errors are Cohere's `{id, message}`.
import { randomUUID } from 'node:crypto';
import { startFakeUpstream } from './harness.js';
import type { Answer, FakeUpstream, RecordedRequest } from './harness.js';
import { rankDocuments, roughTokens } from './rerank-scores.js';

export const FAKE_COHERE_API_KEY = 'fake-cohere-key';

export function startFakeCohere(options: { apiKey?: string } = {}): Promise<FakeUpstream> {
  const apiKey = options.apiKey ?? FAKE_COHERE_API_KEY;
  return startFakeUpstream((request) => answer(request, apiKey));
}

function cohereError(status: number, message: string): Answer {
  return { status, json: { id: randomUUID(), message } };
}

function answer(request: RecordedRequest, apiKey: string): Answer {
  if (request.headers.authorization !== `Bearer ${apiKey}`) return cohereError(401, 'invalid api token');
  if (request.method !== 'POST' || request.path !== '/v2/rerank') return cohereError(404, `path ${request.path} not found`);
  const body = request.body;
  if (typeof body !== 'object' || body === null) return cohereError(400, 'invalid request: body must be a JSON object');
  if (typeof body.model !== 'string' || body.model === '') return cohereError(400, 'invalid request: model must be specified');
  if (typeof body.query !== 'string' || body.query === '') return cohereError(400, 'invalid request: query must be a non-empty string');
  if (!Array.isArray(body.documents) || body.documents.length === 0) return cohereError(400, 'invalid request: documents must be a non-empty list');
  if (!body.documents.every((document: unknown) => typeof document === 'string')) return cohereError(400, 'invalid request: documents must be a list of strings');
  if (body.top_n !== undefined && !(Number.isInteger(body.top_n) && body.top_n >= 1)) return cohereError(400, 'invalid request: top_n must be a positive integer');
  const maxTokens: number = body.max_tokens_per_doc ?? 4096;
  const documents = body.documents as string[];
  const queryTokens = roughTokens(body.query);
  const chunks = documents.reduce((sum, document) => sum + Math.max(1, Math.ceil((queryTokens + Math.min(roughTokens(document), maxTokens)) / 500)), 0);
  return {
    json: {
      results: rankDocuments(body.query, documents, body.top_n),
      id: randomUUID(),
      meta: { api_version: { version: '2', is_experimental: false }, billed_units: { search_units: Math.ceil(chunks / 100) } },
    },
  };
}
