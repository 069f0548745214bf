import type { ChatRequest, JsonSchema, Message, ReasoningConfig, ReasoningEffort, ResponseFormat } from '../../ir/chat-request.js';
import type { RouteFacts } from '../types.js';
import { invalid, isObject, optionalBoolean, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import type { Json } from '../validate.js';
import { geminiSchemaToJsonSchema, normalizeJsonSchema } from './convert-schema.js';
import { decodeSystemInstruction, ContentsDecoder } from './decode-messages.js';
import { decodeTools, decodeToolConfig } from './decode-tools.js';

/** What the encoders need to know about the call beyond the IR request. */
export interface GenerateContentFacts {
  /** `?alt=sse`: SSE framing; otherwise a stream is one JSON array. */
  sse: boolean;
  /** `thinkingConfig.includeThoughts`: thought parts go back to the client. */
  includeThoughts: boolean;
}

const THINKING_LEVELS: Record<string, ReasoningEffort> = { MINIMAL: 'minimal', LOW: 'low', MEDIUM: 'medium', HIGH: 'high' };

/**
 * A `GenerateContentRequest` body → IR. The model and streaming come from the path
 * (`route`). Client input is checked strictly (a wrong type is a 400 naming the field);
 * fields the relay has no use for are ignored. `:countTokens` bodies may wrap the request
 * in `generateContentRequest`.
 */
export function decodeGenerateContentRequest(input: unknown, route: RouteFacts, warnings: string[]): { request: ChatRequest; facts: GenerateContentFacts } {
  let body = requireObject(input, 'body');
  if (body.contents === undefined && isObject(body.generateContentRequest)) body = body.generateContentRequest;

  const model = (route.model ?? optionalString(body, 'model') ?? '').replace(/^models\//, '');
  if (!model) throw invalid('model', 'The model is missing: call /v1beta/models/{model}:generateContent.', 'missing_required_parameter');
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    throw invalid('contents', "Missing required parameter: 'contents' (a non-empty array).", 'missing_required_parameter');
  }

  const messages: Message[] = [];
  const system = decodeSystemInstruction(body.systemInstruction);
  if (system) messages.push(system);
  messages.push(...new ContentsDecoder(warnings).decode(body.contents));

  const request: ChatRequest = { model, messages, stream: route.stream ?? false };
  const facts: GenerateContentFacts = { sse: route.sse ?? false, includeThoughts: false };
  decodeGenerationConfig(body.generationConfig, request, facts, warnings);
  const tools = decodeTools(body.tools, warnings);
  if (tools.length > 0) request.tools = tools;
  decodeToolConfig(body.toolConfig, request, warnings);
  if (body.cachedContent !== undefined) warnings.push('cachedContent is not supported by the relay and was ignored');
  return { request, facts };
}

// ---------------------------------------------------------------------------------------------
// generationConfig

function decodeGenerationConfig(input: unknown, request: ChatRequest, facts: GenerateContentFacts, warnings: string[]): void {
  if (input === undefined || input === null) return;
  const config = requireObject(input, 'generationConfig');
  const p = (name: string) => `generationConfig.${name}`;
  setDefined(request, 'temperature', optionalNumber(config, 'temperature', { min: 0, max: 2 }, p('temperature')));
  setDefined(request, 'topP', optionalNumber(config, 'topP', { min: 0, max: 1 }, p('topP')));
  setDefined(request, 'topK', optionalNumber(config, 'topK', { min: 1, integer: true }, p('topK')));
  setDefined(request, 'maxOutputTokens', optionalNumber(config, 'maxOutputTokens', { min: 1, integer: true }, p('maxOutputTokens')));
  setDefined(request, 'n', optionalNumber(config, 'candidateCount', { min: 1, integer: true }, p('candidateCount')));
  setDefined(request, 'presencePenalty', optionalNumber(config, 'presencePenalty', { min: -2, max: 2 }, p('presencePenalty')));
  setDefined(request, 'frequencyPenalty', optionalNumber(config, 'frequencyPenalty', { min: -2, max: 2 }, p('frequencyPenalty')));
  setDefined(request, 'seed', optionalNumber(config, 'seed', { integer: true }, p('seed')));
  const stop = config.stopSequences;
  if (stop !== undefined && stop !== null) {
    if (!Array.isArray(stop) || !stop.every((s) => typeof s === 'string')) {
      throw invalid(p('stopSequences'), `Invalid type for '${p('stopSequences')}': expected an array of strings.`, 'invalid_type');
    }
    if (stop.length) request.stop = stop as string[];
  }
  if (request.n !== undefined && request.n > 1) warnings.push(`candidateCount ${request.n}: only the first candidate is returned`);
  setDefined(request, 'responseFormat', decodeResponseFormat(config, warnings));
  decodeThinking(config.thinkingConfig, request, facts);
}

function decodeResponseFormat(config: Json, warnings: string[]): ResponseFormat | undefined {
  const mimeType = optionalString(config, 'responseMimeType', 'generationConfig.responseMimeType');
  let schema: JsonSchema | undefined;
  const jsonSchema = config.responseJsonSchema ?? config._responseJsonSchema;
  if (jsonSchema !== undefined && jsonSchema !== null) {
    if (!isObject(jsonSchema)) throw invalid('generationConfig.responseJsonSchema', "Invalid type for 'generationConfig.responseJsonSchema': expected a schema object.", 'invalid_type');
    schema = normalizeJsonSchema(jsonSchema) as JsonSchema;
  } else if (config.responseSchema !== undefined && config.responseSchema !== null) {
    schema = geminiSchemaToJsonSchema(config.responseSchema, 'generationConfig.responseSchema');
  }
  const json = mimeType === undefined || mimeType.toLowerCase() === 'application/json';
  if (schema) {
    if (json) return { type: 'json-schema', schema };
    warnings.push(`a response schema with responseMimeType ${mimeType} is not supported by the relay; the schema was ignored`);
    return undefined;
  }
  if (mimeType?.toLowerCase() === 'application/json') return { type: 'json' };
  return undefined;
}

function decodeThinking(input: unknown, request: ChatRequest, facts: GenerateContentFacts): void {
  if (input === undefined || input === null) return;
  const path = 'generationConfig.thinkingConfig';
  const config = requireObject(input, path);
  const budget = optionalNumber(config, 'thinkingBudget', { min: -1, integer: true }, `${path}.thinkingBudget`);
  const include = optionalBoolean(config, 'includeThoughts', `${path}.includeThoughts`);
  const rawLevel = optionalString(config, 'thinkingLevel', `${path}.thinkingLevel`);
  let effort: ReasoningEffort | undefined;
  if (rawLevel !== undefined && rawLevel.toUpperCase() !== 'THINKING_LEVEL_UNSPECIFIED') {
    effort = THINKING_LEVELS[rawLevel.toUpperCase()];
    if (!effort) {
      throw invalid(`${path}.thinkingLevel`, `Invalid value for '${path}.thinkingLevel': expected one of 'MINIMAL', 'LOW', 'MEDIUM', 'HIGH', but got ${JSON.stringify(rawLevel)}.`);
    }
  }
  const reasoning: ReasoningConfig = {};
  if (budget === 0) reasoning.disabled = true;
  else if (budget === -1) reasoning.adaptive = true;
  else if (budget !== undefined) reasoning.budgetTokens = budget;
  if (effort) reasoning.effort = effort;
  // Thought summaries: the closest IR notion is a reasoning summary.
  if (include === true && !reasoning.disabled) {
    reasoning.summary = 'auto';
    facts.includeThoughts = true;
  }
  if (Object.keys(reasoning).length) request.reasoning = reasoning;
}
