import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { ProviderAdapter } from '../types.js';
import { buildResponsesRequest, responsesUrl } from './build-request.js';
import { parseResponsesResponse } from './parse-response.js';
import { createResponsesStreamDecoder } from './stream-decoder.js';

/** Channels whose upstream speaks OpenAI's responses format (`POST /v1/responses`). */
export const openaiResponsesAdapter: ProviderAdapter = {
  protocol: 'openai-responses',
  buildChatRequest: buildResponsesRequest,
  parseChatResponse: parseResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  parseError: parseOpenAIError,
  /** A responses client: its own body, with only the model mapped (the stream flag is the client's). */
  buildPassthroughRequest(body, target) {
    return {
      url: responsesUrl(target.baseUrl),
      headers: { 'content-type': 'application/json', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
      body: JSON.stringify({ ...body, model: target.model }),
    };
  },
};
