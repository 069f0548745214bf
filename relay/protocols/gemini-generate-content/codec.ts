import { isObject } from '../validate.js';
import type { ClientCodec } from '../types.js';
import { type GenerateContentFacts, decodeGenerateContentRequest } from './decode-request.js';
import { encodeGeminiError } from './encode-error.js';
import { geminiModelList } from './encode-model-list.js';
import { encodeGenerateContentResponse } from './encode-response.js';
import { GenerateContentStreamEncoder } from './encode-stream.js';
import { GeminiPassthroughTap, usageOfMetadata } from './passthrough.js';
import { generateContentRouteFacts } from './route-facts.js';

/**
 * The generate-content front door (`/v1beta/models/{model}:generateContent` and friends). Its
 * per-call context: what the path and the body said beyond the IR (`?alt=sse`, includeThoughts).
 */
export const geminiCodec: ClientCodec<GenerateContentFacts> = {
  protocol: 'gemini-generate-content',
  routeFacts: generateContentRouteFacts,
  modelList: geminiModelList,
  decodeRequest(body, route, warnings) {
    const { request, facts } = decodeGenerateContentRequest(body, route, warnings);
    return { request, context: facts };
  },
  encodeResponse: (result, request, facts) => encodeGenerateContentResponse(result, request.model, facts.includeThoughts),
  createStreamEncoder: (request, facts) => new GenerateContentStreamEncoder({ model: request.model, ...facts }),
  encodeError: encodeGeminiError,
  encodeTokenCount: (inputTokens) => ({ totalTokens: inputTokens }),
  passthrough: {
    // The upstream is always asked with alt=sse: a client stream without it needs re-framing.
    accepts: (route) => route.stream !== true || route.sse === true,
    usageMember: 'usageMetadata',
    usageOf: usageOfMetadata,
    createStreamTap: () => new GeminiPassthroughTap(),
    limitOutput: (body, tokens) => {
      if (isObject(body)) body.generationConfig = { ...(isObject(body.generationConfig) ? body.generationConfig : {}), maxOutputTokens: tokens };
    },
  },
};
