import type { ProviderAdapter } from '../types.js';
import { buildResponsesRequest } from './build-responses-request.js';
import { parseOpenAIError } from './parse-openai-error.js';
import { parseResponsesResponse } from './parse-responses-response.js';
import { createResponsesStreamDecoder } from './responses-stream-decoder.js';

/** Channels whose upstream speaks OpenAI's responses format (`POST /v1/responses`). */
export const openaiResponsesAdapter: ProviderAdapter = {
  protocol: 'openai-responses',
  buildChatRequest: buildResponsesRequest,
  parseChatResponse: parseResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  parseError: parseOpenAIError,
};
