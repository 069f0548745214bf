import type {
  ChatRequest,
  ContentPart,
  Message,
  ReasoningConfig,
  ReasoningEffort,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from '../../ir/chat-request.js';
import { invalid, isObject, optionalBoolean, optionalEnum, optionalNumber, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';
import type { DecodedRequest } from '../types.js';
import { reasoningPartOf } from './reasoning-items.js';
import type { ResponseEcho, ResponsesRequestContext } from './request-context.js';
import { CUSTOM_TOOL_INPUT, ToolNameMap } from './tool-names.js';

const ROLES = ['user', 'assistant', 'system', 'developer'] as const;
const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;
/** The responses API's lower bound for `max_output_tokens`. */
export const MIN_MAX_OUTPUT_TOKENS = 16;

/** Input items that record hosted-tool work: only a responses-format upstream can read them. */
const HOSTED_ITEM_TYPES = new Set([
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'code_interpreter_call',
  'image_generation_call',
  'local_shell_call',
  'local_shell_call_output',
  'shell_call',
  'shell_call_output',
  'apply_patch_call',
  'apply_patch_call_output',
  'mcp_call',
  'mcp_list_tools',
  'mcp_approval_request',
  'mcp_approval_response',
  'tool_search_call',
  'tool_search_output',
  'additional_tools',
  'compaction',
  'compaction_summary',
  'program',
  'program_output',
]);

interface DecodeState {
  toolNames: ToolNameMap;
  /** Notes for a translated call (see ResponsesRequestContext.translationNotes). */
  notes: string[];
  /** Flat tool name of each call id seen in the history (tool results name their call). */
  callNames: Map<string, string>;
}

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
  set(request, 'tools', tools);
  set(request, 'toolChoice', decodeToolChoice(body.tool_choice, state));
  set(request, 'parallelToolCalls', optionalBoolean(body, 'parallel_tool_calls'));
  set(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 2 }));
  set(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  set(request, 'maxOutputTokens', optionalNumber(body, 'max_output_tokens', { min: MIN_MAX_OUTPUT_TOKENS, integer: true }));
  const text = decodeText(body.text);
  set(request, 'responseFormat', text.format);
  set(request, 'reasoning', decodeReasoning(body.reasoning));
  const safetyIdentifier = optionalString(body, 'safety_identifier');
  const user = optionalString(body, 'user');
  set(request, 'user', safetyIdentifier ?? user);
  set(request, 'promptCacheKey', optionalString(body, 'prompt_cache_key'));
  const serviceTier = optionalString(body, 'service_tier');
  set(request, 'serviceTier', serviceTier);
  const metadata = decodeMetadata(body.metadata);
  set(request, 'metadata', metadata);
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

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

const STATELESS = 'this relay stores no responses; send the whole conversation in `input` (with `store: false` and `include: ["reasoning.encrypted_content"]` to carry reasoning between turns)';

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

// ---- Input items ---------------------------------------------------------------------------

function decodeInput(items: unknown[], state: DecodeState): Message[] {
  const messages: Message[] = [];
  /** The open turn of `role` (the last message when it has that role), else a new one. */
  const turn = (role: 'assistant' | 'tool'): Message => {
    const last = messages.at(-1);
    if (last?.role === role) return last;
    const message: Message = { role, content: [] };
    messages.push(message);
    return message;
  };

  items.forEach((raw, i) => {
    const path = `input[${i}]`;
    const item = requireObject(raw, path);
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (typeof type !== 'string') throw invalid(`${path}.type`, `Missing required parameter: '${path}.type'.`, 'missing_required_parameter');
    switch (type) {
      case 'message': {
        const message = decodeMessage(item, path, state);
        // Empty messages are left out: upstreams reject turns without content.
        if (message.content.length === 0) break;
        if (message.role === 'assistant') turn('assistant').content.push(...message.content);
        else messages.push(message);
        break;
      }
      case 'reasoning': {
        const part = decodeReasoningItem(item, path);
        if (part) turn('assistant').content.push(part);
        break;
      }
      case 'function_call':
      case 'custom_tool_call':
        turn('assistant').content.push(decodeCall(item, path, type === 'custom_tool_call', state));
        break;
      case 'function_call_output':
      case 'custom_tool_call_output':
        turn('tool').content.push(decodeCallOutput(item, path, state));
        break;
      case 'item_reference':
        throw invalid(path, `Invalid '${path}': item references cannot be served: ${STATELESS}.`, 'unsupported_parameter');
      default:
        if (HOSTED_ITEM_TYPES.has(type)) note(state, `input items of type '${type}' (hosted tools) are carried only to responses-format upstreams; dropped`);
        else note(state, `input items of type '${type}' are not supported when translating the responses format; dropped`);
    }
  });
  return messages;
}

function note(state: DecodeState, text: string): void {
  if (!state.notes.includes(text)) state.notes.push(text);
}

function decodeMessage(item: Json, path: string, state: DecodeState): Message {
  const role = optionalEnum(item, 'role', ROLES, `${path}.role`);
  if (!role) throw invalid(`${path}.role`, `Missing required parameter: '${path}.role'.`, 'missing_required_parameter');
  const content = item.content;
  if (typeof content === 'string') return { role, content: content === '' ? [] : [{ type: 'text', text: content }] };
  if (!Array.isArray(content)) {
    throw invalid(`${path}.content`, `Invalid type for '${path}.content': expected a string or an array of content parts.`, 'invalid_type');
  }
  const parts: ContentPart[] = [];
  content.forEach((raw, j) => {
    const part = decodeContentPart(raw, `${path}.content[${j}]`, state);
    if (part) parts.push(part);
  });
  return { role, content: parts };
}

/** One content part of a message or a tool output. */
function decodeContentPart(raw: unknown, path: string, state: DecodeState): ContentPart | undefined {
  const part = requireObject(raw, path);
  switch (part.type) {
    case 'input_text':
    case 'output_text':
    case 'text': {
      const text = optionalString(part, 'text', `${path}.text`);
      if (text === undefined) throw invalid(`${path}.text`, `Missing required parameter: '${path}.text'.`, 'missing_required_parameter');
      return text === '' ? undefined : { type: 'text', text };
    }
    case 'refusal': {
      const text = optionalString(part, 'refusal', `${path}.refusal`) ?? '';
      return text === '' ? undefined : { type: 'text', text };
    }
    case 'input_image': {
      const url = optionalString(part, 'image_url', `${path}.image_url`);
      const detail = optionalEnum(part, 'detail', ['auto', 'low', 'high', 'original'] as const, `${path}.detail`);
      if (url === undefined) {
        if (optionalString(part, 'file_id', `${path}.file_id`) !== undefined) {
          note(state, 'images given by file_id (stored files) are carried only to responses-format upstreams; dropped');
          return undefined;
        }
        throw invalid(`${path}.image_url`, `Missing required parameter: '${path}.image_url'.`, 'missing_required_parameter');
      }
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
      const image: ContentPart = { type: 'image', source: match ? { kind: 'data', mediaType: match[1]!, data: match[2]! } : { kind: 'url', url } };
      if (detail) image.detail = detail === 'original' ? 'high' : detail;
      return image;
    }
    case 'input_file': {
      const data = optionalString(part, 'file_data', `${path}.file_data`);
      const url = optionalString(part, 'file_url', `${path}.file_url`);
      const filename = optionalString(part, 'filename', `${path}.filename`);
      if (data === undefined && url === undefined) {
        if (optionalString(part, 'file_id', `${path}.file_id`) !== undefined) {
          note(state, 'files given by file_id (stored files) are carried only to responses-format upstreams; dropped');
          return undefined;
        }
        throw invalid(`${path}.file_data`, `Missing required parameter: '${path}.file_data' (or 'file_url').`, 'missing_required_parameter');
      }
      const file: ContentPart = { type: 'file' };
      if (data !== undefined) {
        const match = /^data:([^;,]+);base64,(.*)$/s.exec(data);
        if (match) {
          file.mediaType = match[1]!;
          file.data = match[2]!;
        } else file.data = data;
      } else if (url !== undefined) file.url = url;
      if (filename !== undefined) file.filename = filename;
      return file;
    }
    case 'input_audio': {
      const audio = requireObject(part.input_audio, `${path}.input_audio`);
      return { type: 'audio', data: optionalString(audio, 'data', `${path}.input_audio.data`) ?? '', format: optionalString(audio, 'format', `${path}.input_audio.format`) ?? 'wav' };
    }
    default:
      throw invalid(`${path}.type`, `Invalid value for '${path}.type': ${JSON.stringify(part.type)} is not a supported content part type.`);
  }
}

function decodeReasoningItem(item: Json, path: string): ContentPart | undefined {
  const texts = (key: 'summary' | 'content'): string[] => {
    const list = item[key];
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) throw invalid(`${path}.${key}`, `Invalid type for '${path}.${key}': expected an array.`, 'invalid_type');
    return list.map((entry, j) => optionalString(requireObject(entry, `${path}.${key}[${j}]`), 'text', `${path}.${key}[${j}].text`) ?? '');
  };
  const summary = texts('summary').filter((text) => text !== '');
  // Summary parts are joined by a blank line (as the responses adapter reads them).
  const text = summary.length > 0 ? summary.join('\n\n') : texts('content').join('');
  return reasoningPartOf(text, optionalString(item, 'encrypted_content', `${path}.encrypted_content`));
}

function decodeCall(item: Json, path: string, custom: boolean, state: DecodeState): ContentPart {
  const callId = optionalString(item, 'call_id', `${path}.call_id`);
  if (!callId) throw invalid(`${path}.call_id`, `Missing required parameter: '${path}.call_id'.`, 'missing_required_parameter');
  const name = optionalString(item, 'name', `${path}.name`);
  if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
  const namespace = optionalString(item, 'namespace', `${path}.namespace`);
  const flat = state.toolNames.flatten(namespace, name, custom);
  state.callNames.set(callId, flat);
  let args: string;
  if (custom) {
    const input = optionalString(item, 'input', `${path}.input`) ?? '';
    args = JSON.stringify({ input });
  } else {
    const raw = item.arguments;
    if (raw === undefined || raw === null) args = '{}';
    else if (typeof raw === 'string') args = raw;
    else if (isObject(raw)) args = JSON.stringify(raw);
    else throw invalid(`${path}.arguments`, `Invalid type for '${path}.arguments': expected a string.`, 'invalid_type');
  }
  return { type: 'tool-call', id: callId, name: flat, arguments: args };
}

function decodeCallOutput(item: Json, path: string, state: DecodeState): ContentPart {
  const callId = optionalString(item, 'call_id', `${path}.call_id`);
  if (!callId) throw invalid(`${path}.call_id`, `Missing required parameter: '${path}.call_id'.`, 'missing_required_parameter');
  const output = item.output;
  let content: string | ContentPart[];
  if (typeof output === 'string') content = output;
  else if (Array.isArray(output)) {
    const parts: ContentPart[] = [];
    output.forEach((raw, j) => {
      const part = decodeContentPart(raw, `${path}.output[${j}]`, state);
      if (part) parts.push(part);
    });
    content = parts.every((p) => p.type === 'text') ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : parts;
  } else if (output === undefined || output === null) {
    throw invalid(`${path}.output`, `Missing required parameter: '${path}.output'.`, 'missing_required_parameter');
  } else {
    throw invalid(`${path}.output`, `Invalid type for '${path}.output': expected a string or an array of content parts.`, 'invalid_type');
  }
  const result: ContentPart = { type: 'tool-result', callId, content };
  // The call's own (flat) name first; the output's name and namespace only when the call is not in the history.
  const name = optionalString(item, 'name', `${path}.name`);
  const namespace = optionalString(item, 'namespace', `${path}.namespace`);
  const flat = state.callNames.get(callId) ?? (name ? state.toolNames.flatten(namespace, name) : undefined);
  if (flat) result.name = flat;
  return result;
}

// ---- Tools ---------------------------------------------------------------------------------

function decodeTools(tools: unknown, state: DecodeState): ToolDefinition[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  const objects = tools.map((tool, i) => requireObject(tool, `tools[${i}]`));
  // Plain names first, so that a flattened namespaced name cannot take one of them.
  objects.forEach((tool, i) => {
    if (tool.type === 'function' || tool.type === 'custom') state.toolNames.addPlain(requiredName(tool, `tools[${i}]`), tool.type === 'custom');
  });
  const definitions: ToolDefinition[] = [];
  objects.forEach((tool, i) => {
    const path = `tools[${i}]`;
    const type = tool.type;
    if (typeof type !== 'string') throw invalid(`${path}.type`, `Missing required parameter: '${path}.type'.`, 'missing_required_parameter');
    switch (type) {
      case 'function':
      case 'custom':
        definitions.push(decodeTool(tool, path, requiredName(tool, path)));
        break;
      case 'namespace': {
        const namespace = requiredName(tool, path);
        optionalString(tool, 'description', `${path}.description`);
        if (!Array.isArray(tool.tools)) throw invalid(`${path}.tools`, `Invalid type for '${path}.tools': expected an array.`, 'invalid_type');
        tool.tools.forEach((raw, j) => {
          const innerPath = `${path}.tools[${j}]`;
          const inner = requireObject(raw, innerPath);
          if (inner.type !== 'function' && inner.type !== 'custom') {
            throw invalid(`${innerPath}.type`, `Invalid value for '${innerPath}.type': a namespace holds 'function' and 'custom' tools.`);
          }
          const flat = state.toolNames.flatten(namespace, requiredName(inner, innerPath), inner.type === 'custom');
          definitions.push(decodeTool(inner, innerPath, flat));
        });
        break;
      }
      default:
        note(state, `hosted tool '${type}' is served only by responses-format upstreams; dropped`);
    }
  });
  return definitions.length > 0 ? definitions : undefined;
}

function requiredName(tool: Json, path: string): string {
  const name = optionalString(tool, 'name', `${path}.name`);
  if (!name) throw invalid(`${path}.name`, `Missing required parameter: '${path}.name'.`, 'missing_required_parameter');
  return name;
}

function decodeTool(tool: Json, path: string, name: string): ToolDefinition {
  const description = optionalString(tool, 'description', `${path}.description`);
  if (tool.type === 'custom') {
    const format = tool.format === undefined || tool.format === null ? undefined : requireObject(tool.format, `${path}.format`);
    let inputDescription = 'The raw input for this tool, as plain text (not JSON).';
    if (format?.type === 'grammar') {
      const syntax = optionalString(format, 'syntax', `${path}.format.syntax`) ?? 'lark';
      const definition = optionalString(format, 'definition', `${path}.format.definition`) ?? '';
      inputDescription = `The raw input for this tool. It must follow this ${syntax} grammar:\n${definition}`;
    }
    const definition: ToolDefinition = {
      name,
      parameters: {
        type: 'object',
        properties: { [CUSTOM_TOOL_INPUT]: { type: 'string', description: inputDescription } },
        required: [CUSTOM_TOOL_INPUT],
        additionalProperties: false,
      },
    };
    if (description !== undefined) definition.description = description;
    return definition;
  }
  const parameters = tool.parameters;
  if (parameters !== undefined && parameters !== null && !isObject(parameters)) {
    throw invalid(`${path}.parameters`, `Invalid type for '${path}.parameters': expected an object (a JSON Schema).`, 'invalid_type');
  }
  const definition: ToolDefinition = { name, parameters: isObject(parameters) ? parameters : { type: 'object', properties: {} } };
  if (description !== undefined) definition.description = description;
  const strict = optionalBoolean(tool, 'strict', `${path}.strict`);
  if (strict !== undefined) definition.strict = strict;
  return definition;
}

/** The client's tools as a Response repeats them (the fields the OpenAPI `Tool` schemas require). */
function echoTools(tools: unknown): unknown[] {
  if (!Array.isArray(tools)) return [];
  const echoOne = (tool: Json): Json => {
    if (tool.type === 'function') {
      return { ...tool, description: tool.description ?? null, parameters: tool.parameters ?? null, strict: tool.strict ?? true };
    }
    if (tool.type === 'namespace') {
      return { ...tool, description: tool.description ?? '', tools: Array.isArray(tool.tools) ? tool.tools.filter(isObject).map(echoOne) : [] };
    }
    return tool;
  };
  return tools.filter(isObject).map(echoOne);
}

function decodeToolChoice(choice: unknown, state: DecodeState): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'none' || choice === 'auto' || choice === 'required') return { type: choice };
  if (isObject(choice)) {
    switch (choice.type) {
      case 'function':
      case 'custom': {
        const name = optionalString(choice, 'name', 'tool_choice.name');
        if (!name) throw invalid('tool_choice.name', "Missing required parameter: 'tool_choice.name'.", 'missing_required_parameter');
        const namespace = optionalString(choice, 'namespace', 'tool_choice.namespace');
        const flat = namespace ? state.toolNames.flatten(namespace, name) : (state.toolNames.findByBareName(name) ?? name);
        return { type: 'tool', name: flat };
      }
      case 'allowed_tools': {
        const mode = optionalEnum(choice, 'mode', ['auto', 'required'] as const, 'tool_choice.mode') ?? 'auto';
        note(state, `tool_choice 'allowed_tools' is sent to other upstreams as '${mode}' over all tools`);
        return { type: mode };
      }
      default:
        if (typeof choice.type === 'string') {
          note(state, `tool_choice of hosted tool '${choice.type}' is served only by responses-format upstreams; dropped`);
          return undefined;
        }
    }
  }
  throw invalid('tool_choice', `Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {"type": "function", "name": …}.`);
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
      set(decoded, 'name', optionalString(format, 'name', 'text.format.name'));
      set(decoded, 'description', optionalString(format, 'description', 'text.format.description'));
      set(decoded, 'strict', optionalBoolean(format, 'strict', 'text.format.strict'));
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
