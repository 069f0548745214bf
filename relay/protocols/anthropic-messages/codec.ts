import { fromMessagesUsage } from '../../wire/anthropic-messages/convert-usage.js';
import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import { MIN_THINKING_BUDGET, decodeMessagesRequest } from './decode-request.js';
import { encodeMessagesError } from './encode-error.js';
import { anthropicModelList } from './encode-model-list.js';
import { encodeMessagesResponse } from './encode-response.js';
import { MessagesStreamEncoder } from './encode-stream.js';
import { MessagesPassthroughTap } from './passthrough.js';

/**
 * The messages-format front door (`POST /v1/messages`, `POST /v1/messages/count_tokens`):
 * Anthropic's SDK and Claude Code, against any upstream. On an Anthropic channel the body
 * passes through (see the Anthropic adapter's buildPassthroughRequest) and the answer's
 * bytes come back as they are, read on the way for usage.
 */
export const anthropicMessagesCodec: ClientCodec = {
  protocol: 'anthropic-messages',
  modelList: anthropicModelList,
  decodeRequest: (body, route, warnings) => ({ request: decodeMessagesRequest(body, warnings, { countTokens: route.countTokens === true }), context: undefined }),
  encodeResponse: (result, request) => encodeMessagesResponse(result, request),
  createStreamEncoder: (request) => new MessagesStreamEncoder(request),
  encodeError: encodeMessagesError,
  encodeTokenCount: (inputTokens) => ({ input_tokens: inputTokens }),
  passthrough: {
    usageMember: 'usage',
    usageOf: fromMessagesUsage,
    createStreamTap: () => new MessagesPassthroughTap(),
    // Claude Code's betas (1M context, interleaved thinking, effort …) reach the upstream.
    forwardHeaders: ['anthropic-beta'],
    limitOutput: limitMessagesOutput,
  },
};

/** `max_tokens` lowered; a thinking budget must stay below it (and at least 1 024), or thinking goes. */
function limitMessagesOutput(body: unknown, tokens: number): void {
  if (!isObject(body)) return;
  body.max_tokens = tokens;
  const thinking = body.thinking;
  if (!isObject(thinking) || thinking.type !== 'enabled' || typeof thinking.budget_tokens !== 'number' || thinking.budget_tokens < tokens) return;
  if (tokens - 1 >= MIN_THINKING_BUDGET) body.thinking = { ...thinking, budget_tokens: tokens - 1 };
  else delete body.thinking;
}
