import type { ContentPart, Message } from '../../ir/chat-request.js';
import { invalid, isObject, optionalEnum, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';
import { reasoningPartOf } from './reasoning-items.js';
import { ToolNameMap } from './tool-names.js';

const ROLES = ['user', 'assistant', 'system', 'developer'] as const;

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

export interface DecodeState {
  toolNames: ToolNameMap;
  /** Notes for a translated call (see ResponsesRequestContext.translationNotes). */
  notes: string[];
  /** Flat tool name of each call id seen in the history (tool results name their call). */
  callNames: Map<string, string>;
}

/** Why anything that refers to stored state is refused. */
export const STATELESS = 'this relay stores no responses; send the whole conversation in `input` (with `store: false` and `include: ["reasoning.encrypted_content"]` to carry reasoning between turns)';

/** Input items → IR messages, in order: consecutive assistant items (text, reasoning, calls) and tool outputs join one turn. */
export function decodeInput(items: unknown[], state: DecodeState): Message[] {
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

/** A note for a translated call, once (see DecodeState.notes). */
export function note(state: DecodeState, text: string): void {
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
