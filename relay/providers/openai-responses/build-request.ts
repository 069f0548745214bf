import type { ChatRequest, ResponseFormat } from '../../ir/chat-request.js';
import type { ResponsesRequestBody, ResponsesTextFormat } from '../../wire/openai-responses/wire-types.js';
import type { UpstreamRequest, UpstreamTarget } from '../types.js';
import { convertReasoningConfig } from './convert-thinking.js';
import { convertResponsesToolChoice, convertResponsesTools } from './convert-tools.js';
import { convertToResponsesInput } from './convert-messages.js';

/** The upstream's lower bound for `max_output_tokens` (smaller values are rejected with 400). */
export const MIN_MAX_OUTPUT_TOKENS = 16;

/** `{baseUrl}/v1/responses`, without doubling a `/v1` the base URL already ends in. */
export function responsesUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/responses` : `${base}/v1/responses`;
}

/**
 * IR → `POST /v1/responses`. What the responses API does not accept is left out with a
 * warning, never silently. `store: false` always: a relay must not make the upstream keep
 * conversations; reasoning then travels as encrypted content (`include`) between turns.
 */
export function buildResponsesRequest(request: ChatRequest, target: UpstreamTarget): { request: UpstreamRequest; warnings: string[] } {
  const warnings = new Set<string>();
  const warn = (warning: string) => void warnings.add(warning);

  const input = convertToResponsesInput(request.messages, warn);
  const body: ResponsesRequestBody = { model: target.model, input, stream: request.stream, store: false };

  const reasoning = convertReasoningConfig(request.reasoning, warn);
  if (reasoning) body.reasoning = reasoning;
  const carriesEncryptedReasoning = input.some((item) => item.type === 'reasoning');
  if (reasoning || carriesEncryptedReasoning) body.include = ['reasoning.encrypted_content'];

  if (request.tools && request.tools.length > 0) {
    body.tools = convertResponsesTools(request.tools);
    if (request.toolChoice) body.tool_choice = convertResponsesToolChoice(request.toolChoice);
  } else if (request.toolChoice?.type === 'tool' || request.toolChoice?.type === 'required') {
    warn('tool_choice without tools cannot be sent; dropped');
  }
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;

  if (request.maxOutputTokens !== undefined) {
    body.max_output_tokens = Math.max(request.maxOutputTokens, MIN_MAX_OUTPUT_TOKENS);
    if (request.maxOutputTokens < MIN_MAX_OUTPUT_TOKENS) {
      warn(`max output tokens of ${request.maxOutputTokens} is below the responses API minimum; raised to ${MIN_MAX_OUTPUT_TOKENS}`);
    }
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.responseFormat) body.text = { format: convertResponseFormat(request.responseFormat) };
  if (request.user !== undefined) body.user = request.user;
  if (request.metadata !== undefined) body.metadata = request.metadata;
  if (request.promptCacheKey !== undefined) body.prompt_cache_key = request.promptCacheKey;
  if (request.serviceTier !== undefined) body.service_tier = request.serviceTier;

  warnUnsupported(request, warn);

  return {
    request: {
      url: responsesUrl(target.baseUrl),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}` },
      body: JSON.stringify(body),
    },
    warnings: [...warnings],
  };
}

function convertResponseFormat(format: ResponseFormat): ResponsesTextFormat {
  switch (format.type) {
    case 'text':
      return { type: 'text' };
    case 'json':
      return { type: 'json_object' };
    case 'json-schema': {
      const converted: ResponsesTextFormat = { type: 'json_schema', name: format.name ?? 'response', schema: format.schema };
      if (format.description !== undefined) converted.description = format.description;
      if (format.strict !== undefined) converted.strict = format.strict;
      return converted;
    }
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

/** Settings the responses API has no field for. */
function warnUnsupported(request: ChatRequest, warn: (warning: string) => void): void {
  const dropped = (what: string) => warn(`${what} not supported by the responses API; dropped`);
  if (request.stop && request.stop.length > 0) dropped('stop sequences are');
  if (request.n !== undefined && request.n > 1) dropped(`n=${request.n} (several choices) is`);
  if (request.presencePenalty !== undefined) dropped('presence_penalty is');
  if (request.frequencyPenalty !== undefined) dropped('frequency_penalty is');
  if (request.seed !== undefined) dropped('seed is');
  if (request.topK !== undefined) dropped('top_k is');
  if (request.logprobs || request.topLogprobs !== undefined) dropped('logprobs are');
  if (request.modalities?.includes('audio') || request.audio !== undefined) dropped('audio output is');
}
