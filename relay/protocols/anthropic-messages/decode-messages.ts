import type { CacheControl, ContentPart, Message } from '../../ir/chat-request.js';
import { invalid, missing, optionalBoolean, optionalEnum, optionalString, requireObject } from '../validate.js';
import type { Json } from '../validate.js';

/** Top-level `system` (a string or text blocks) → one leading IR system message. */
export function decodeSystem(system: unknown): Message[] {
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

export function decodeMessage(input: unknown, path: string, toolNames: Map<string, string>, warnings: string[]): Message | undefined {
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

export function decodeCacheControl(value: unknown, path: string): CacheControl | undefined {
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
