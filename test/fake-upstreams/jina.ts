// A fake Jina upstream, faithful to its rerank wire: `POST /v1/rerank` with a Bearer key,
// documents as strings or `{text}` objects, `top_n`, `return_documents` (default false); the
// answer `{model, usage: {total_tokens}, results: [{index, document?: {text}, relevance_score}]}`
// best first; and its OpenAI-shaped `/v1/embeddings`. Errors are FastAPI's `{detail}` (a list
// of `{type, loc, msg}` for a 422).
// `answerJinaShapedRerank` is the same endpoint as OpenAI-compatible servers (vLLM) serve it.
import { startFakeUpstream } from './harness.js';
import type { Answer, FakeUpstream, RecordedRequest } from './harness.js';
import { rankDocuments, roughTokens } from './rerank-scores.js';

export const FAKE_JINA_API_KEY = 'fake-jina-key';

export function startFakeJina(options: { apiKey?: string } = {}): Promise<FakeUpstream> {
  const apiKey = options.apiKey ?? FAKE_JINA_API_KEY;
  return startFakeUpstream((request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, json: { detail: 'Unauthorized: invalid Jina API key' } };
    if (request.method === 'POST' && request.path === '/v1/embeddings') return embeddings(request);
    if (request.method !== 'POST' || request.path !== '/v1/rerank') return { status: 404, json: { detail: 'Not Found' } };
    return answerJinaShapedRerank(request, { documentsByDefault: false });
  });
}

/** Jina's OpenAI-shaped `/v1/embeddings`: a fixed two-number vector per input. */
function embeddings(request: RecordedRequest): Answer {
  const body = request.body;
  for (const field of ['model', 'input']) if (body?.[field] === undefined) return missingField(field);
  const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
  const tokens = inputs.reduce((sum, input) => sum + roughTokens(String(input)), 0);
  const data = inputs.map((_, index) => ({ object: 'embedding', index, embedding: [0.5, -0.5] }));
  return { json: { model: body.model, object: 'list', usage: { total_tokens: tokens, prompt_tokens: tokens }, data } };
}

function missingField(field: string): Answer {
  return { status: 422, json: { detail: [{ type: 'missing', loc: ['body', field], msg: 'Field required', input: null }] } };
}

/** vLLM answers documents unless told not to, and an id; Jina documents only when asked, and no id. */
export function answerJinaShapedRerank(request: RecordedRequest, options: { documentsByDefault: boolean; id?: string }): Answer {
  const body = request.body;
  for (const field of ['model', 'query', 'documents']) if (body?.[field] === undefined) return missingField(field);
  if (!Array.isArray(body.documents)) return { status: 422, json: { detail: [{ type: 'list_type', loc: ['body', 'documents'], msg: 'Input should be a valid list', input: body.documents }] } };
  const texts: unknown[] = body.documents.map((document: any) => (typeof document === 'string' ? document : document?.text));
  const bad = texts.findIndex((text) => typeof text !== 'string');
  if (bad >= 0) return { status: 422, json: { detail: [{ type: 'string_type', loc: ['body', 'documents', bad], msg: 'Input should be a valid string', input: body.documents[bad] }] } };
  const documents = texts as string[];
  const withDocuments = body.return_documents ?? options.documentsByDefault;
  const results = rankDocuments(body.query, documents, body.top_n).map(({ index, relevance_score }) => ({
    index,
    ...(withDocuments ? { document: { text: documents[index] } } : {}),
    relevance_score,
  }));
  const totalTokens = documents.reduce((sum, document) => sum + roughTokens(body.query) + roughTokens(document), 0);
  return { json: { ...(options.id ? { id: options.id } : {}), model: body.model, usage: { total_tokens: totalTokens }, results } };
}
