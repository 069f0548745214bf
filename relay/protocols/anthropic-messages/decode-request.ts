import type {
  CacheControl,
  ChatRequest,
  ContentPart,
  Message,
  ReasoningConfig,
  ReasoningEffort,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from '../../ir/chat-request.js';
import { invalid, optionalBoolean, optionalEnum, optionalNumber, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';

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
  set(request, 'maxOutputTokens', maxTokens);
  set(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 1 }));
  set(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  set(request, 'topK', optionalNumber(body, 'top_k', { min: 0, integer: true }));
  set(request, 'stop', decodeStopSequences(body.stop_sequences));
  set(request, 'tools', decodeTools(body.tools, warnings));
  decodeToolChoice(body.tool_choice, request);
  set(request, 'reasoning', decodeReasoning(body));
  set(request, 'responseFormat', decodeFormat(body));
  if (body.metadata !== undefined && body.metadata !== null) {
    const metadata = requireObject(body.metadata, 'metadata');
    set(request, 'user', optionalString(metadata, 'user_id', 'metadata.user_id'));
  }
  const tier = optionalEnum(body, 'service_tier', ['auto', 'standard_only'] as const);
  if (tier) request.serviceTier = tier === 'auto' ? 'auto' : 'default';
  if (Array.isArray(body.mcp_servers) && body.mcp_servers.length > 0) {
    warnings.push(`The messages request named ${body.mcp_servers.length} MCP server(s) (mcp_servers), which the relay cannot connect for the upstream; they were dropped.`);
  }
  return request;
}

function missing(param: string, message = `Missing required parameter: '${param}'.`) {
  return invalid(param, message, 'missing_required_parameter');
}

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

// ---- system and messages ------------------------------------------------------------------

/** Top-level `system` (a string or text blocks) → one leading IR system message. */
function decodeSystem(system: unknown): Message[] {
  if (system === undefined || system === null) return [];
  const parts = decodeSystemContent(system, 'system');
  return parts.length > 0 ? [{ role: 'system', content: parts }] : [];
}

function decodeSystemContent(content: unknown, path: string): ContentPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw invalid(path, `Invalid type for '${path}': expected a string or an array of text blocks.`, 'invalid_type');
  return content.map((item, i) => {
    const blockPath = `${path}[${i}]`;
    const block = requireObject(item, blockPath);
    if (block.type !== 'text') throw invalid(`${blockPath}.type`, `Invalid value for '${blockPath}.type': system content takes 'text' blocks only.`);
    return textPart(block, blockPath);
  });
}

function decodeMessage(input: unknown, path: string, toolNames: Map<string, string>, warnings: string[]): Message | undefined {
  const message = requireObject(input, path);
  const role = optionalEnum(message, 'role', ['user', 'assistant', 'system'] as const, `${path}.role`);
  if (!role) throw missing(`${path}.role`);
  const content = message.content;
  if (content === undefined || content === null) throw missing(`${path}.content`);
  // Claude Code puts system messages inside the conversation: they stay in place.
  if (role === 'system') {
    const parts = decodeSystemContent(content, `${path}.content`);
    return parts.length > 0 ? { role: 'system', content: parts } : undefined;
  }
  if (typeof content === 'string') return { role, content: content === '' ? [] : [{ type: 'text', text: content }] };
  if (!Array.isArray(content)) throw invalid(`${path}.content`, `Invalid type for '${path}.content': expected a string or an array of content blocks.`, 'invalid_type');
  const parts: ContentPart[] = [];
  content.forEach((item, j) => {
    const blockPath = `${path}.content[${j}]`;
    const block = requireObject(item, blockPath);
    const part = role === 'user' ? decodeUserBlock(block, blockPath, toolNames, warnings) : decodeAssistantBlock(block, blockPath, toolNames, warnings);
    if (part) parts.push(part);
  });
  return { role, content: parts };
}

function decodeUserBlock(block: Json, path: string, toolNames: Map<string, string>, warnings: string[]): ContentPart | undefined {
  switch (block.type) {
    case 'text':
      return textPart(block, path);
    case 'image':
      return imagePart(block, path);
    case 'document':
      return documentPart(block, path);
    case 'search_result':
      return searchResultPart(block, path);
    case 'tool_result': {
      const callId = optionalString(block, 'tool_use_id', `${path}.tool_use_id`);
      if (!callId) throw missing(`${path}.tool_use_id`);
      const part: ContentPart = { type: 'tool-result', callId, content: decodeToolResultContent(block.content, `${path}.content`, warnings) };
      const name = toolNames.get(callId);
      if (name) part.name = name;
      if (optionalBoolean(block, 'is_error', `${path}.is_error`)) part.isError = true;
      return part;
    }
    default:
      throw unsupportedBlock(block, path, 'user');
  }
}

function decodeAssistantBlock(block: Json, path: string, toolNames: Map<string, string>, warnings: string[]): ContentPart | undefined {
  switch (block.type) {
    case 'text':
      return textPart(block, path);
    case 'thinking': {
      const text = block.thinking;
      if (typeof text !== 'string') throw missing(`${path}.thinking`);
      const part: ContentPart = { type: 'reasoning', text };
      // An empty signature is what the relay itself gives thinking from upstreams that sign nothing.
      const signature = optionalString(block, 'signature', `${path}.signature`);
      if (signature) part.signature = signature;
      return part;
    }
    case 'redacted_thinking': {
      const data = optionalString(block, 'data', `${path}.data`);
      if (data === undefined) throw missing(`${path}.data`);
      return { type: 'reasoning', text: '', redacted: data };
    }
    case 'tool_use': {
      const id = optionalString(block, 'id', `${path}.id`);
      if (!id) throw missing(`${path}.id`);
      const name = optionalString(block, 'name', `${path}.name`);
      if (!name) throw missing(`${path}.name`);
      const input = block.input === undefined ? {} : requireObject(block.input, `${path}.input`);
      toolNames.set(id, name);
      return { type: 'tool-call', id, name, arguments: JSON.stringify(input) };
    }
    case 'server_tool_use':
    case 'mcp_tool_use':
    case 'mcp_tool_result':
    case 'container_upload':
      warnings.push(`A ${String(block.type)} block (${path}) belongs to a server-side tool the relay does not run; it was dropped from the history.`);
      return undefined;
    default:
      if (typeof block.type === 'string' && block.type.endsWith('_tool_result')) {
        warnings.push(`A ${block.type} block (${path}) belongs to a server-side tool the relay does not run; it was dropped from the history.`);
        return undefined;
      }
      throw unsupportedBlock(block, path, 'assistant');
  }
}

function unsupportedBlock(block: Json, path: string, role: string) {
  if (block.type === undefined) return missing(`${path}.type`);
  return invalid(`${path}.type`, `Invalid value for '${path}.type': ${JSON.stringify(block.type)} is not a content block type ${role} messages can carry.`);
}

/** Tool result content: a string, or text / image / document blocks (all-text joins into a string). */
function decodeToolResultContent(content: unknown, path: string, warnings: string[]): string | ContentPart[] {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalid(path, `Invalid type for '${path}': expected a string or an array of content blocks.`, 'invalid_type');
  const parts: ContentPart[] = [];
  content.forEach((item, i) => {
    const blockPath = `${path}[${i}]`;
    const block = requireObject(item, blockPath);
    switch (block.type) {
      case 'text':
        parts.push(textPart(block, blockPath));
        break;
      case 'image':
        parts.push(imagePart(block, blockPath));
        break;
      case 'document':
        parts.push(documentPart(block, blockPath));
        break;
      case 'search_result':
        parts.push(searchResultPart(block, blockPath));
        break;
      default:
        // Newer kinds (e.g. tool references of a tool search) mean nothing to another upstream.
        if (block.type === undefined) throw missing(`${blockPath}.type`);
        warnings.push(`A ${JSON.stringify(block.type)} block inside a tool result (${blockPath}) has no equivalent upstream; it was dropped.`);
    }
  });
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  return parts;
}

function textPart(block: Json, path: string): ContentPart {
  const text = block.text;
  if (typeof text !== 'string') throw missing(`${path}.text`);
  const cacheControl = decodeCacheControl(block.cache_control, `${path}.cache_control`);
  return cacheControl ? { type: 'text', text, cacheControl } : { type: 'text', text };
}

function decodeCacheControl(value: unknown, path: string): CacheControl | undefined {
  if (value === undefined || value === null) return undefined;
  const object = requireObject(value, path);
  optionalEnum(object, 'type', ['ephemeral'] as const, `${path}.type`);
  const ttl = optionalString(object, 'ttl', `${path}.ttl`);
  return ttl ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
}

function imagePart(block: Json, path: string): ContentPart {
  const source = requireObject(block.source, `${path}.source`);
  switch (source.type) {
    case 'base64': {
      const mediaType = optionalString(source, 'media_type', `${path}.source.media_type`);
      if (!mediaType) throw missing(`${path}.source.media_type`);
      const data = optionalString(source, 'data', `${path}.source.data`);
      if (data === undefined) throw missing(`${path}.source.data`);
      return { type: 'image', source: { kind: 'data', mediaType, data } };
    }
    case 'url': {
      const url = optionalString(source, 'url', `${path}.source.url`);
      if (!url) throw missing(`${path}.source.url`);
      return { type: 'image', source: { kind: 'url', url } };
    }
    default:
      throw invalid(`${path}.source.type`, `Invalid value for '${path}.source.type': expected 'base64' or 'url' (file ids of the Files API are not served).`);
  }
}

function documentPart(block: Json, path: string): ContentPart {
  const source = requireObject(block.source, `${path}.source`);
  const title = optionalString(block, 'title', `${path}.title`);
  const file = (part: Extract<ContentPart, { type: 'file' }>): ContentPart => (title ? { ...part, filename: title } : part);
  switch (source.type) {
    case 'base64': {
      const data = optionalString(source, 'data', `${path}.source.data`);
      if (data === undefined) throw missing(`${path}.source.data`);
      return file({ type: 'file', data, mediaType: optionalString(source, 'media_type', `${path}.source.media_type`) ?? 'application/pdf' });
    }
    case 'url': {
      const url = optionalString(source, 'url', `${path}.source.url`);
      if (!url) throw missing(`${path}.source.url`);
      return file({ type: 'file', url, mediaType: 'application/pdf' });
    }
    case 'text': {
      const data = optionalString(source, 'data', `${path}.source.data`);
      if (data === undefined) throw missing(`${path}.source.data`);
      return { type: 'text', text: title ? `${title}\n\n${data}` : data };
    }
    case 'content': {
      const inner = source.content;
      const text = typeof inner === 'string' ? inner : decodeSystemContent(inner, `${path}.source.content`).map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      return { type: 'text', text: title ? `${title}\n\n${text}` : text };
    }
    default:
      throw invalid(`${path}.source.type`, `Invalid value for '${path}.source.type': expected 'base64', 'url', 'text' or 'content' (file ids of the Files API are not served).`);
  }
}

/** A search result the client supplies → plain text: its title, source and content. */
function searchResultPart(block: Json, path: string): ContentPart {
  const title = optionalString(block, 'title', `${path}.title`) ?? '';
  const source = optionalString(block, 'source', `${path}.source`) ?? '';
  const content = block.content === undefined ? [] : decodeSystemContent(block.content, `${path}.content`);
  const text = content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  return { type: 'text', text: [title, source, text].filter(Boolean).join('\n') };
}

// ---- parameters ------------------------------------------------------------------------

function decodeStopSequences(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string')) {
    throw invalid('stop_sequences', "Invalid type for 'stop_sequences': expected an array of strings.", 'invalid_type');
  }
  return value.length > 0 ? (value as string[]) : undefined;
}

/**
 * Custom tools (`name`, `description`, `input_schema`) → IR. Server tools (`{type:
 * "web_search_…"}`, `code_execution_…`, the Anthropic-defined `bash_…`/`text_editor_…`)
 * run at Anthropic or need its own schema: they are dropped, with a warning.
 */
function decodeTools(value: unknown, warnings: string[]): ToolDefinition[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const tools: ToolDefinition[] = [];
  value.forEach((item, i) => {
    const path = `tools[${i}]`;
    const tool = requireObject(item, path);
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
      warnings.push(`The server tool ${JSON.stringify(tool.type)}${typeof tool.name === 'string' ? ` (${tool.name})` : ''} cannot be served by the relay; it was dropped.`);
      return;
    }
    const name = optionalString(tool, 'name', `${path}.name`);
    if (!name) throw missing(`${path}.name`);
    if (tool.input_schema === undefined || tool.input_schema === null) throw missing(`${path}.input_schema`);
    const definition: ToolDefinition = { name, parameters: requireObject(tool.input_schema, `${path}.input_schema`) };
    set(definition, 'description', optionalString(tool, 'description', `${path}.description`));
    set(definition, 'strict', optionalBoolean(tool, 'strict', `${path}.strict`));
    set(definition, 'cacheControl', decodeCacheControl(tool.cache_control, `${path}.cache_control`));
    tools.push(definition);
  });
  return tools;
}

/** `{type: auto | any | tool | none, name?, disable_parallel_tool_use?}` → IR choice and parallelism. */
function decodeToolChoice(value: unknown, request: ChatRequest): void {
  if (value === undefined || value === null) return;
  const choice = requireObject(value, 'tool_choice');
  const type = optionalEnum(choice, 'type', ['auto', 'any', 'tool', 'none'] as const, 'tool_choice.type');
  let decoded: ToolChoice;
  switch (type) {
    case undefined:
      throw missing('tool_choice.type');
    case 'auto':
    case 'none':
      decoded = { type };
      break;
    case 'any':
      decoded = { type: 'required' };
      break;
    case 'tool': {
      const name = optionalString(choice, 'name', 'tool_choice.name');
      if (!name) throw missing('tool_choice.name');
      decoded = { type: 'tool', name };
      break;
    }
  }
  request.toolChoice = decoded;
  const disableParallel = optionalBoolean(choice, 'disable_parallel_tool_use', 'tool_choice.disable_parallel_tool_use');
  if (disableParallel !== undefined) request.parallelToolCalls = !disableParallel;
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
