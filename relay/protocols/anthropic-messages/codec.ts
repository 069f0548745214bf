import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import { fromMessagesUsage } from './convert-usage.js';
import { decodeMessagesRequest } from './decode-request.js';
import { encodeMessagesError } from './encode-error.js';
import { encodeMessagesResponse } from './encode-response.js';
import { MessagesStreamEncoder } from './encode-stream.js';
import { MessagesPassthroughTap } from './passthrough-tap.js';

/**
 * The messages-format front door (`POST /v1/messages`, `POST /v1/messages/count_tokens`):
 * Anthropic's SDK and Claude Code, against any upstream. On an Anthropic channel the body
 * passes through (see the Anthropic adapter's buildPassthroughRequest) and the answer's
 * bytes come back as they are, read on the way for usage.
 */
export const anthropicMessagesCodec: ClientCodec = {
  protocol: 'anthropic-messages',
  decodeRequest: (body, route, warnings) => decodeMessagesRequest(body, warnings, { countTokens: route.countTokens === true }),
  encodeResponse: (result, request) => encodeMessagesResponse(result, request),
  createStreamEncoder: (request) => new MessagesStreamEncoder(request),
  encodeError: encodeMessagesError,
  encodeTokenCount: (inputTokens) => ({ input_tokens: inputTokens }),
  passthrough: {
    usageOf: (answer) => (isObject(answer) ? fromMessagesUsage(answer.usage) : undefined),
    createStreamTap: () => new MessagesPassthroughTap(),
    // Claude Code's betas (1M context, interleaved thinking, effort …) reach the upstream.
    forwardHeaders: ['anthropic-beta'],
  },
};
