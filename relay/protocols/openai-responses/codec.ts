import { fromResponsesUsage } from '../../wire/openai-responses/convert-usage.js';
import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import type { ResponsesRequestContext } from './request-context.js';
import { decodeResponsesRequest } from './decode-request.js';
import { encodeResponsesError } from './encode-error.js';
import { encodeResponsesResponse } from './encode-response.js';
import { ResponsesStreamEncoder } from './encode-stream.js';
import { ResponsesPassthroughTap } from './passthrough.js';

/**
 * The responses front door (`POST /v1/responses`, Codex CLI and the OpenAI SDK's
 * `client.responses`). Translated both ways for chat, messages and generate-content
 * upstreams; passed through untouched (model replaced) to responses upstreams.
 */
export const openaiResponsesCodec: ClientCodec<ResponsesRequestContext> = {
  protocol: 'openai-responses',
  decodeRequest: (body, _route, warnings) => decodeResponsesRequest(body, warnings),
  encodeResponse: (result, request, context) => encodeResponsesResponse(result, request, context),
  createStreamEncoder: (request, context) => new ResponsesStreamEncoder(request, context),
  encodeError: encodeResponsesError,
  passthrough: {
    usageMember: 'usage',
    usageOf: fromResponsesUsage,
    createStreamTap: () => new ResponsesPassthroughTap(),
    limitOutput: (body, tokens) => {
      if (isObject(body)) body.max_output_tokens = tokens;
    },
  },
};
