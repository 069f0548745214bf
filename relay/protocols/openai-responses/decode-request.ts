import type { ChatRequest, Message, ReasoningConfig, ReasoningEffort, ResponseFormat } from '../../ir/chat-request.js';
import { invalid, isObject, optionalBoolean, optionalEnum, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import type { Json } from '../validate.js';
import type { DecodedRequest } from '../types.js';
import { STATELESS, decodeInput } from './decode-messages.js';
import type { DecodeState } from './decode-messages.js';
import { decodeToolChoice, decodeTools, echoTools } from './decode-tools.js';
import type { ResponseEcho, ResponsesRequestContext } from './request-context.js';
import { ToolNameMap } from './tool-names.js';

const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;
/** The responses API's lower bound for `max_output_tokens`. */
export const MIN_MAX_OUTPUT_TOKENS = 16;

/**
 * A responses request body (`POST /v1/responses`) → IR, with the checks the OpenAI API
 * makes on types and ranges (a violation is a 400 naming the field). Unknown fields are
 * ignored. The relay keeps no state, so what refers to stored responses, conversations or
 * items cannot be served (`previous_response_id`, `conversation`, `background`,
 * `item_reference` items): a 400 says so.
 */
export function decodeResponsesRequest(input: unknown, warnings: string[] = []): DecodedRequest<ResponsesRequestContext> {
  const body = requireObject(input, 'body');
  const model = body.model;
  if (typeof model !== 'string' || model === '') {
    throw invalid('model', "Missing required parameter: 'model'.", 'missing_required_parameter');
  }
  rejectStoredState(body);

  const state: DecodeState = { toolNames: new ToolNameMap(), notes: [], callNames: new Map() };
  // Tools first: they fix the flat names the history's calls must use.
  const tools = decodeTools(body.tools, state);

  const messages: Message[] = [];
  const instructions = optionalString(body, 'instructions');
  if (instructions) messages.push({ role: 'system', content: [{ type: 'text', text: instructions }] });
  if (typeof body.input === 'string') {
    if (body.input !== '') messages.push({ role: 'user', content: [{ type: 'text', text: body.input }] });
  } else if (Array.isArray(body.input)) {
    messages.push(...decodeInput(body.input, state));
  } else if (body.input === undefined || body.input === null) {
    throw invalid('input', "Missing required parameter: 'input'.", 'missing_required_parameter');
  } else {
    throw invalid('input', "Invalid type for 'input': expected a string or an array of input items.", 'invalid_type');
  }
  if (messages.length === 0) throw invalid('input', "Invalid 'input': the request has no content (an empty input and no instructions).", 'empty_input');

  const request: ChatRequest = { model, messages, stream: optionalBoolean(body, 'stream') ?? false };
  setDefined(request, 'tools', tools);
  setDefined(request, 'toolChoice', decodeToolChoice(body.tool_choice, state));
  setDefined(request, 'parallelToolCalls', optionalBoolean(body, 'parallel_tool_calls'));
  setDefined(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 2 }));
  setDefined(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  setDefined(request, 'maxOutputTokens', optionalNumber(body, 'max_output_tokens', { min: MIN_MAX_OUTPUT_TOKENS, integer: true }));
  const text = decodeText(body.text);
  setDefined(request, 'responseFormat', text.format);
  setDefined(request, 'reasoning', decodeReasoning(body.reasoning));
  const safetyIdentifier = optionalString(body, 'safety_identifier');
  const user = optionalString(body, 'user');
  setDefined(request, 'user', safetyIdentifier ?? user);
  setDefined(request, 'promptCacheKey', optionalString(body, 'prompt_cache_key'));
  const serviceTier = optionalString(body, 'service_tier');
  setDefined(request, 'serviceTier', serviceTier);
  const metadata = decodeMetadata(body.metadata);
  setDefined(request, 'metadata', metadata);
  // Read for their types only: the relay stores nothing, and include/top_logprobs change
  // nothing a translation can express (encrypted reasoning is always returned).
  const store = optionalBoolean(body, 'store');
  decodeInclude(body.include);
  const topLogprobs = optionalNumber(body, 'top_logprobs', { min: 0, max: 20, integer: true });
  const truncation = optionalEnum(body, 'truncation', ['auto', 'disabled'] as const);
  optionalNumber(body, 'max_tool_calls', { min: 1, integer: true });

  const echo: ResponseEcho = {
    instructions: instructions ?? null,
    tools: echoTools(body.tools),
    toolChoice: body.tool_choice ?? 'auto',
    text: { format: text.rawFormat ?? { type: 'text' }, verbosity: text.verbosity ?? 'medium' },
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    maxOutputTokens: request.maxOutputTokens ?? null,
    temperature: request.temperature ?? 1,
    topP: request.topP ?? 1,
    parallelToolCalls: request.parallelToolCalls ?? true,
    promptCacheKey: request.promptCacheKey ?? null,
    safetyIdentifier: safetyIdentifier ?? null,
    user,
    metadata: metadata ?? {},
    serviceTier: serviceTier ?? 'default',
    store: store ?? false,
    topLogprobs: topLogprobs ?? 0,
    truncation: truncation ?? 'disabled',
  };
  return { request, context: { toolNames: state.toolNames, echo, translationNotes: state.notes, warnings, notesFlushed: false } };
}


function rejectStoredState(body: Json): void {
  if (body.previous_response_id !== undefined && body.previous_response_id !== null) {
    optionalString(body, 'previous_response_id');
    throw invalid('previous_response_id', `'previous_response_id' cannot be served: ${STATELESS}.`, 'unsupported_parameter');
  }
  if (body.conversation !== undefined && body.conversation !== null) {
    throw invalid('conversation', `'conversation' cannot be served: ${STATELESS}.`, 'unsupported_parameter');
  }
  if (optionalBoolean(body, 'background') === true) {
    throw invalid('background', `'background' responses cannot be served: ${STATELESS}, so a background response could never be retrieved.`, 'unsupported_parameter');
  }
}

// ---- Settings ------------------------------------------------------------------------------

function decodeReasoning(raw: unknown): ReasoningConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  const reasoning = requireObject(raw, 'reasoning');
  const effort = optionalEnum(reasoning, 'effort', EFFORTS, 'reasoning.effort');
  const summary = optionalEnum(reasoning, 'summary', SUMMARIES, 'reasoning.summary') ?? optionalEnum(reasoning, 'generate_summary', SUMMARIES, 'reasoning.generate_summary');
  const config: ReasoningConfig = {};
  // `max` is the responses API's level above `xhigh`; the IR's highest is `xhigh`.
  if (effort) config.effort = (effort === 'max' ? 'xhigh' : effort) satisfies ReasoningEffort;
  if (summary) config.summary = summary;
  return effort || summary ? config : undefined;
}

function decodeText(raw: unknown): { format?: ResponseFormat; rawFormat?: unknown; verbosity?: string } {
  if (raw === undefined || raw === null) return {};
  const text = requireObject(raw, 'text');
  const verbosity = optionalEnum(text, 'verbosity', ['low', 'medium', 'high'] as const, 'text.verbosity');
  const out: { format?: ResponseFormat; rawFormat?: unknown; verbosity?: string } = {};
  if (verbosity) out.verbosity = verbosity;
  if (text.format === undefined || text.format === null) return out;
  const format = requireObject(text.format, 'text.format');
  out.rawFormat = format;
  switch (format.type) {
    case 'text':
      out.format = { type: 'text' };
      break;
    case 'json_object':
      out.format = { type: 'json' };
      break;
    case 'json_schema': {
      if (!isObject(format.schema)) throw invalid('text.format.schema', "Missing required parameter: 'text.format.schema' (a JSON Schema object).", 'missing_required_parameter');
      const decoded: ResponseFormat = { type: 'json-schema', schema: format.schema };
      setDefined(decoded, 'name', optionalString(format, 'name', 'text.format.name'));
      setDefined(decoded, 'description', optionalString(format, 'description', 'text.format.description'));
      setDefined(decoded, 'strict', optionalBoolean(format, 'strict', 'text.format.strict'));
      out.format = decoded;
      out.rawFormat = { ...format, name: decoded.name ?? 'response' };
      break;
    }
    default:
      throw invalid('text.format.type', "Invalid value for 'text.format.type': expected 'text', 'json_object' or 'json_schema'.");
  }
  return out;
}

function decodeInclude(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || !raw.every((entry) => typeof entry === 'string')) {
    throw invalid('include', "Invalid type for 'include': expected an array of strings.", 'invalid_type');
  }
  return raw as string[];
}

function decodeMetadata(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  const metadata = requireObject(raw, 'metadata');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== 'string') throw invalid(`metadata.${key}`, `Invalid type for 'metadata.${key}': expected a string.`, 'invalid_type');
    out[key] = value;
  }
  return out;
}
