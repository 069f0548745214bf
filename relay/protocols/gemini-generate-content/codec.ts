import type { ChatRequest } from '../../ir/chat-request.js';
import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import { type GenerateContentFacts, decodeGenerateContentRequest } from './decode-request.js';
import { encodeGeminiError } from './encode-error.js';
import { encodeGenerateContentResponse } from './encode-response.js';
import { GenerateContentStreamEncoder } from './encode-stream.js';
import { GeminiPassthroughTap, geminiUsageOf } from './passthrough.js';

/**
 * What the path and the body said beyond the IR (`?alt=sse`, includeThoughts), kept with the
 * decoded request for its encoders: the pipeline hands them the request only.
 */
const factsOf = new WeakMap<ChatRequest, GenerateContentFacts>();

function facts(request: ChatRequest): GenerateContentFacts {
  return factsOf.get(request) ?? { sse: true, includeThoughts: request.reasoning?.summary !== undefined };
}

/** The generate-content front door (`/v1beta/models/{model}:generateContent` and friends). */
export const geminiCodec: ClientCodec = {
  protocol: 'gemini-generate-content',
  decodeRequest(body, route, warnings) {
    const { request, facts: decoded } = decodeGenerateContentRequest(body, route, warnings);
    factsOf.set(request, decoded);
    return request;
  },
  encodeResponse: (result, request) => encodeGenerateContentResponse(result, request.model, facts(request).includeThoughts),
  createStreamEncoder: (request) => new GenerateContentStreamEncoder({ model: request.model, ...facts(request) }),
  encodeError: encodeGeminiError,
  encodeTokenCount: (inputTokens) => ({ totalTokens: inputTokens }),
  passthrough: {
    // The upstream is always asked with alt=sse: a client stream without it needs re-framing.
    accepts: (route) => route.stream !== true || route.sse === true,
    usageOf: geminiUsageOf,
    createStreamTap: () => new GeminiPassthroughTap(),
    limitOutput: (body, tokens) => {
      if (isObject(body)) body.generationConfig = { ...(isObject(body.generationConfig) ? body.generationConfig : {}), maxOutputTokens: tokens };
    },
  },
};
