import { parseGeminiError } from '../../wire/gemini/parse-error.js';
import { unwrapThoughtSignatures } from '../../wire/gemini/thought-signature.js';
import type { ProviderAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { buildGeminiRequest } from './build-request.js';
import { buildGeminiUrl } from './build-url.js';
import { convertGeminiResponse } from './parse-response.js';
import { createGeminiStreamDecoder } from './stream-decoder.js';

/** Google Gemini generate-content (channel type 24). */
export const geminiAdapter: ProviderAdapter = {
  protocol: 'gemini-generate-content',
  buildChatRequest: buildGeminiRequest,
  parseChatResponse: convertGeminiResponse,
  createStreamDecoder: createGeminiStreamDecoder,
  parseError: parseGeminiError,
  buildPassthroughRequest: buildGeminiPassthroughRequest,
};

/**
 * A generate-content client's own body to a Gemini upstream: the mapped model goes in the
 * path (`:streamGenerateContent?alt=sse` for a stream), the channel's key in the header. The
 * body is forwarded as it came, except thought signatures the relay wrapped for another
 * provider's reasoning, which go back to what Gemini can take.
 */
export function buildGeminiPassthroughRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest {
  return {
    url: buildGeminiUrl(target.baseUrl, target.model, stream),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
    body: JSON.stringify(unwrapThoughtSignatures(body)),
  };
}
