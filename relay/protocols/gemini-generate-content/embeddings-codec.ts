import type { EmbeddingsRequest } from '../../ir/embeddings.js';
import { encodeVector } from '../../wire/embedding-vectors.js';
import type { EmbeddingsCodec } from '../types.js';
import { type Json, invalid, isObject, optionalNumber, requireObject } from '../validate.js';
import { encodeGeminiError } from './encode-error.js';
import { generateContentRouteFacts } from './route-facts.js';

// The generate-content front door's `:embedContent` ({content} → {embedding: {values}}) and
// `:batchEmbedContents` ({requests: [{model, content}]} → {embeddings: [{values}]}). Vectors
// are always numbers on this wire; the model comes from the path.

export const geminiEmbeddingsCodec: EmbeddingsCodec = {
  protocol: 'gemini-generate-content',
  routeFacts: generateContentRouteFacts,
  decode(body, route, warnings) {
    const model = (route.model ?? '').replace(/^models\//, '');
    const json = requireObject(body, 'body');
    const batch = route.action === 'batchEmbedContents';
    const requests = batch ? batchRequests(json) : [json];
    const dimensions = new Set(requests.map((one, index) => optionalNumber(one, 'outputDimensionality', { min: 1, integer: true }, batch ? `requests[${index}].outputDimensionality` : 'outputDimensionality')));
    if (dimensions.size > 1) throw invalid('requests', 'Every request of one batch must ask the same outputDimensionality.');
    if (requests.some((one) => one.taskType !== undefined || one.title !== undefined)) warnings.push('taskType and title are not relayed.');
    const request: EmbeddingsRequest = { model, inputs: requests.map((one, index) => contentText(one, batch ? `requests[${index}].content` : 'content')), encoding: 'float' };
    const [asked] = dimensions;
    if (asked !== undefined) request.dimensions = asked;
    return request;
  },
  encodeResponse(result, _request, _usage, route) {
    const vectors = result.vectors.map((vector) => ({ values: encodeVector(vector, 'float') }));
    return route.action === 'batchEmbedContents' ? { embeddings: vectors } : { embedding: vectors[0] ?? { values: [] } };
  },
  encodeError: encodeGeminiError,
};

function batchRequests(body: Json): Json[] {
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0) throw invalid('requests', 'BatchEmbedContentsRequest.requests: at least one request is required.');
  return requests.map((one, index) => requireObject(one, `requests[${index}]`));
}

/** The text of a `Content` (its text parts joined); Gemini embeds text only. */
function contentText(request: Json, path: string): string {
  const content = request.content;
  const parts = isObject(content) && Array.isArray(content.parts) ? content.parts : [];
  const text = parts.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  if (text === '') throw invalid(path, `${path}: a text part is required; only text can be embedded.`);
  return text;
}
