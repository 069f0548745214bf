import type { EmbeddingsResult } from '../../ir/embeddings.js';
import { RelayError } from '../../ir/relay-error.js';
import { arrayAt, isJsonObject, numberAt, objectAt } from '../../wire/json-access.js';
import { parseGeminiError } from '../../wire/gemini/parse-error.js';
import type { EmbeddingsAdapter } from '../types.js';
import { geminiModelName, geminiModelUrl } from './build-url.js';

/**
 * Gemini's `models/{m}:batchEmbedContents`: one request per input, each with the model and
 * its text, answered by `embeddings[].values` in the same order. Gemini takes text only.
 */
export const geminiEmbeddingsAdapter: EmbeddingsAdapter = {
  protocol: 'gemini-generate-content',
  buildEmbeddingsRequest(request, target) {
    const model = `models/${geminiModelName(target.model)}`;
    const requests = request.inputs.map((input, index) => {
      if (typeof input !== 'string') {
        throw new RelayError(400, 'invalid_request', `Invalid 'input[${index}]': token arrays cannot be embedded by a Gemini channel; send the text.`, 'invalid_value', 'input');
      }
      const one: Record<string, unknown> = { model, content: { parts: [{ text: input }] } };
      if (request.dimensions !== undefined) one.outputDimensionality = request.dimensions;
      return one;
    });
    return {
      url: geminiModelUrl(target.baseUrl, target.model, 'batchEmbedContents'),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify({ requests }),
    };
  },
  parseEmbeddingsResponse(body: unknown): EmbeddingsResult {
    const vectors = arrayAt(body, 'embeddings').map((embedding) => (isJsonObject(embedding) && Array.isArray(embedding.values) ? (embedding.values as number[]) : []));
    const promptTokens = numberAt(objectAt(body, 'usageMetadata'), 'promptTokenCount');
    return promptTokens === undefined ? { vectors } : { vectors, usage: { inputTokens: promptTokens, outputTokens: 0 } };
  },
  parseError: parseGeminiError,
};
