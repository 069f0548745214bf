import type { ContentPart, Message } from '../../ir/chat-request.js';
import type { ResponsesInputContent, ResponsesInputItem, ResponsesOutputText } from '../../wire/openai-responses/wire-types.js';

/**
 * IR messages → responses `input` items, in conversation order. System and developer
 * messages stay where they are (the format allows them anywhere); tool calls, tool results
 * and reasoning become items of their own, splitting the message around them.
 * `warn` receives every part that cannot be carried (the caller removes duplicates).
 */
export function convertToResponsesInput(messages: Message[], warn: (warning: string) => void): ResponsesInputItem[] {
  const items: ResponsesInputItem[] = [];
  for (const message of messages) {
    if (message.name !== undefined) warn('message names are not supported by the responses API; dropped');
    if (message.role === 'assistant') items.push(...convertAssistant(message.content, warn));
    else {
      // `tool` messages hold tool results; anything else in them is read as user content.
      const role = message.role === 'system' || message.role === 'developer' ? message.role : 'user';
      items.push(...convertInputMessage(role, message.content, warn));
    }
  }
  return items;
}

function convertInputMessage(
  role: 'user' | 'system' | 'developer',
  parts: ContentPart[],
  warn: (warning: string) => void,
): ResponsesInputItem[] {
  const items: ResponsesInputItem[] = [];
  let content: ResponsesInputContent[] = [];
  const flush = () => {
    if (content.length > 0) items.push({ type: 'message', role, content });
    content = [];
  };
  for (const part of parts) {
    switch (part.type) {
      case 'tool-result':
        flush();
        items.push(convertToolResult(part, warn));
        break;
      case 'reasoning':
        warn(`reasoning parts in ${role} messages are not supported by the responses API; dropped`);
        break;
      case 'tool-call':
        warn(`tool calls in ${role} messages are not supported by the responses API; dropped`);
        break;
      default: {
        const converted = convertInputContent(part, warn);
        if (converted) content.push(converted);
      }
    }
  }
  flush();
  return items;
}

function convertAssistant(parts: ContentPart[], warn: (warning: string) => void): ResponsesInputItem[] {
  const items: ResponsesInputItem[] = [];
  let content: ResponsesOutputText[] = [];
  const flush = () => {
    if (content.length > 0) items.push({ type: 'message', role: 'assistant', content });
    content = [];
  };
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') content.push({ type: 'output_text', text: part.text });
        break;
      case 'reasoning': {
        const encrypted = part.redacted ?? part.signature;
        if (!encrypted) {
          // The upstream cannot verify reasoning it did not produce (no encrypted content).
          warn('assistant reasoning without encrypted content cannot be verified by the upstream; dropped');
          break;
        }
        flush();
        items.push({
          type: 'reasoning',
          summary: part.text === '' ? [] : [{ type: 'summary_text', text: part.text }],
          encrypted_content: encrypted,
        });
        break;
      }
      case 'tool-call':
        flush();
        items.push({ type: 'function_call', call_id: part.id, name: part.name, arguments: part.arguments || '{}' });
        break;
      case 'tool-result':
        flush();
        items.push(convertToolResult(part, warn));
        break;
      default:
        warn(`${part.type} parts in assistant messages are not supported by the responses API; dropped`);
    }
  }
  flush();
  return items;
}

function convertToolResult(part: Extract<ContentPart, { type: 'tool-result' }>, warn: (warning: string) => void): ResponsesInputItem {
  if (typeof part.content === 'string') return { type: 'function_call_output', call_id: part.callId, output: part.content };
  if (part.content.every((p) => p.type === 'text')) {
    return { type: 'function_call_output', call_id: part.callId, output: part.content.map((p) => (p.type === 'text' ? p.text : '')).join('') };
  }
  const output: ResponsesInputContent[] = [];
  for (const inner of part.content) {
    const converted = convertInputContent(inner, warn);
    if (converted) output.push(converted);
  }
  return { type: 'function_call_output', call_id: part.callId, output };
}

/** A user-side content part (text, image, file) → input content; other kinds are warned about. */
function convertInputContent(part: ContentPart, warn: (warning: string) => void): ResponsesInputContent | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'input_text', text: part.text };
    case 'image':
      return {
        type: 'input_image',
        image_url: part.source.kind === 'url' ? part.source.url : `data:${part.source.mediaType};base64,${part.source.data}`,
        detail: part.detail ?? 'auto',
      };
    case 'file': {
      const file: ResponsesInputContent = { type: 'input_file' };
      if (part.data !== undefined) {
        file.file_data = part.data.startsWith('data:') ? part.data : `data:${part.mediaType ?? 'application/octet-stream'};base64,${part.data}`;
        // The upstream requires a file name with inline data.
        file.filename = part.filename ?? 'file';
      } else if (part.url !== undefined) {
        file.file_url = part.url;
        if (part.filename !== undefined) file.filename = part.filename;
      } else {
        warn('file parts without data or URL cannot be sent; dropped');
        return undefined;
      }
      return file;
    }
    case 'audio':
      warn('audio input is not supported by the responses API; dropped');
      return undefined;
    default:
      warn(`${part.type} parts are not supported here by the responses API; dropped`);
      return undefined;
  }
}
