import type { EmbeddingsRequest, EmbeddingsResult } from '../../ir/embeddings.js';
import { arrayAt, isJsonObject, objectAt } from '../../wire/json-access.js';
import { fromEmbeddingsUsage } from '../../wire/openai-chat/convert-usage.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { EmbeddingsAdapter, UpstreamTarget } from '../types.js';
import { azureRequest, bearerJsonRequest, joinV1, withModel } from './adapter.js';

/** OpenAI's `/v1/embeddings`, spoken by every OpenAI-compatible upstream. */
export const openaiEmbeddingsAdapter: EmbeddingsAdapter = {
  protocol: 'openai-chat',
  buildEmbeddingsRequest: (request, target) => openaiRequest(embeddingsBody(request, target.model), target),
  buildPassthroughRequest: (body, target) => openaiRequest(withModel(body, target.model), target),
  parseEmbeddingsResponse,
  parseError: parseOpenAIError,
};

/** Azure OpenAI: the deployment's `/embeddings`, the key in `api-key`. */
export const azureEmbeddingsAdapter: EmbeddingsAdapter = {
  ...openaiEmbeddingsAdapter,
  buildEmbeddingsRequest: (request, target) => azureRequest(embeddingsBody(request, target.model), target, 'embeddings'),
  buildPassthroughRequest: (body, target) => azureRequest(withModel(body, target.model), target, 'embeddings'),
};

function openaiRequest(body: Record<string, unknown>, target: UpstreamTarget) {
  return bearerJsonRequest(joinV1(target.baseUrl, 'embeddings'), body, target);
}

function embeddingsBody(request: EmbeddingsRequest, model: string): Record<string, unknown> {
  const body: Record<string, unknown> = { model, input: request.inputs, encoding_format: request.encoding };
  if (request.dimensions !== undefined) body.dimensions = request.dimensions;
  return body;
}

/** `data[].embedding` in `index` order (numbers, or base64 when asked); `usage.prompt_tokens`. */
function parseEmbeddingsResponse(body: unknown): EmbeddingsResult {
  const items = arrayAt(body, 'data').filter(isJsonObject);
  const ordered = items.every((item) => typeof item.index === 'number') ? [...items].sort((a, b) => (a.index as number) - (b.index as number)) : items;
  const vectors = ordered.map((item) => (typeof item.embedding === 'string' || Array.isArray(item.embedding) ? (item.embedding as number[] | string) : []));
  const usage = fromEmbeddingsUsage(objectAt(body, 'usage'));
  return usage ? { vectors, usage } : { vectors };
}
