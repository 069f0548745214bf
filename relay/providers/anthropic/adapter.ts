import type { ProviderAdapter } from '../types.js';
import { AnthropicStreamDecoder } from './anthropic-stream-decoder.js';
import { buildAnthropicRequest } from './build-anthropic-request.js';
import { parseAnthropicError } from './parse-anthropic-error.js';
import { parseAnthropicResponse } from './parse-anthropic-response.js';

/** Upstream adapter for Anthropic's Messages API (channel type 14). */
export const anthropicAdapter: ProviderAdapter = {
  protocol: 'anthropic-messages',
  buildChatRequest: buildAnthropicRequest,
  parseChatResponse: parseAnthropicResponse,
  createStreamDecoder: (request) => new AnthropicStreamDecoder(request),
  parseError: parseAnthropicError,
};
