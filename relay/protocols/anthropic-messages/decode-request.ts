import type { ChatRequest, Message, ReasoningConfig, ReasoningEffort, ResponseFormat } from '../../ir/chat-request.js';
import { invalid, missing, optionalBoolean, optionalEnum, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import type { Json } from '../validate.js';
import { decodeMessage, decodeSystem } from './decode-messages.js';
import { decodeTools, decodeToolChoice } from './decode-tools.js';

/** The smallest `thinking.budget_tokens` the API takes. */
export const MIN_THINKING_BUDGET = 1024;

export interface DecodeOptions {
  /**
   * A `count_tokens` body: the same as a messages body without `max_tokens` (the format
   * requires it only for generation).
   */
  countTokens?: boolean;
}

/** `output_config.effort` → IR effort (`max`, the top level, is the IR's top level too). */
const EFFORTS = { low: 'low', medium: 'medium', high: 'high', xhigh: 'xhigh', max: 'xhigh' } as const satisfies Record<string, ReasoningEffort>;

/**
 * A messages body (`POST /v1/messages`, `POST /v1/messages/count_tokens`) → IR. Strict on
 * what the format defines (a wrong type or value is a 400 naming the field); fields it does
 * not know (`context_management`, `container`, future ones) are ignored. What cannot be
 * served on another upstream (server tools, MCP servers) is dropped and reported in
 * `warnings`, which the call's log record keeps.
 */
export function decodeMessagesRequest(input: unknown, warnings: string[], options: DecodeOptions = {}): ChatRequest {
  const body = requireObject(input, 'body');
  const model = body.model;
  if (typeof model !== 'string' || model === '') throw missing('model');
  const maxTokens = optionalNumber(body, 'max_tokens', { min: 1, integer: true });
  if (maxTokens === undefined && !options.countTokens) throw missing('max_tokens');
  if (!Array.isArray(body.messages)) throw missing('messages', "Missing required parameter: 'messages' (an array).");
  if (body.messages.length === 0) throw invalid('messages', "Invalid 'messages': at least one message is required.");

  const toolNames = new Map<string, string>();
  const messages: Message[] = [...decodeSystem(body.system)];
  body.messages.forEach((message, i) => {
    const decoded = decodeMessage(message, `messages[${i}]`, toolNames, warnings);
    if (decoded) messages.push(decoded);
  });

  const request: ChatRequest = { model, messages, stream: optionalBoolean(body, 'stream') ?? false };
  setDefined(request, 'maxOutputTokens', maxTokens);
  setDefined(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 1 }));
  setDefined(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  setDefined(request, 'topK', optionalNumber(body, 'top_k', { min: 0, integer: true }));
  setDefined(request, 'stop', decodeStopSequences(body.stop_sequences));
  setDefined(request, 'tools', decodeTools(body.tools, warnings));
  decodeToolChoice(body.tool_choice, request);
  setDefined(request, 'reasoning', decodeReasoning(body));
  setDefined(request, 'responseFormat', decodeFormat(body));
  if (body.metadata !== undefined && body.metadata !== null) {
    const metadata = requireObject(body.metadata, 'metadata');
    setDefined(request, 'user', optionalString(metadata, 'user_id', 'metadata.user_id'));
  }
  const tier = optionalEnum(body, 'service_tier', ['auto', 'standard_only'] as const);
  if (tier) request.serviceTier = tier === 'auto' ? 'auto' : 'default';
  if (Array.isArray(body.mcp_servers) && body.mcp_servers.length > 0) {
    warnings.push(`The messages request named ${body.mcp_servers.length} MCP server(s) (mcp_servers), which the relay cannot connect for the upstream; they were dropped.`);
  }
  return request;
}


// ---- parameters ------------------------------------------------------------------------

function decodeStopSequences(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string')) {
    throw invalid('stop_sequences', "Invalid type for 'stop_sequences': expected an array of strings.", 'invalid_type');
  }
  return value.length > 0 ? (value as string[]) : undefined;
}

/** `thinking` and `output_config.effort` → IR reasoning. */
function decodeReasoning(body: Json): ReasoningConfig | undefined {
  const reasoning: ReasoningConfig = {};
  if (body.thinking !== undefined && body.thinking !== null) {
    const thinking = requireObject(body.thinking, 'thinking');
    const type = optionalEnum(thinking, 'type', ['enabled', 'adaptive', 'disabled'] as const, 'thinking.type');
    switch (type) {
      case undefined:
        throw missing('thinking.type');
      case 'enabled': {
        const budget = optionalNumber(thinking, 'budget_tokens', { min: MIN_THINKING_BUDGET, integer: true }, 'thinking.budget_tokens');
        if (budget === undefined) throw missing('thinking.budget_tokens');
        reasoning.budgetTokens = budget;
        break;
      }
      case 'adaptive':
        reasoning.adaptive = true;
        break;
      case 'disabled':
        reasoning.disabled = true;
        break;
    }
  }
  const config = outputConfig(body);
  if (config) {
    const effort = optionalEnum(config, 'effort', Object.keys(EFFORTS) as (keyof typeof EFFORTS)[], 'output_config.effort');
    if (effort) reasoning.effort = EFFORTS[effort];
  }
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}

/** `output_config.format` (or the older top-level `output_format`) → IR response format. */
function decodeFormat(body: Json): ResponseFormat | undefined {
  const config = outputConfig(body);
  if (config?.format !== undefined && config.format !== null) return jsonSchemaFormat(config.format, 'output_config.format');
  if (body.output_format !== undefined && body.output_format !== null) return jsonSchemaFormat(body.output_format, 'output_format');
  return undefined;
}

function outputConfig(body: Json): Json | undefined {
  if (body.output_config === undefined || body.output_config === null) return undefined;
  return requireObject(body.output_config, 'output_config');
}

function jsonSchemaFormat(value: unknown, path: string): ResponseFormat {
  const format = requireObject(value, path);
  if (optionalEnum(format, 'type', ['json_schema'] as const, `${path}.type`) === undefined) throw missing(`${path}.type`);
  if (format.schema === undefined || format.schema === null) throw missing(`${path}.schema`);
  return { type: 'json-schema', schema: requireObject(format.schema, `${path}.schema`) };
}
