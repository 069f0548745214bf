import type { ChatRequest, ContentPart, Message } from '../../ir/chat-request.js';

type ChatMessage = Record<string, unknown>;

/** Chat body fields copied from the IR as they are, when set (a table: no arrays made per call). */
const COPIED: readonly (readonly [string, keyof ChatRequest])[] = [
  ['temperature', 'temperature'],
  ['top_p', 'topP'],
  ['n', 'n'],
  ['presence_penalty', 'presencePenalty'],
  ['frequency_penalty', 'frequencyPenalty'],
  ['seed', 'seed'],
  ['max_completion_tokens', 'maxOutputTokens'],
  ['stop', 'stop'],
  ['parallel_tool_calls', 'parallelToolCalls'],
  ['logprobs', 'logprobs'],
  ['top_logprobs', 'topLogprobs'],
  ['user', 'user'],
  ['metadata', 'metadata'],
  ['prompt_cache_key', 'promptCacheKey'],
  ['service_tier', 'serviceTier'],
  ['modalities', 'modalities'],
  ['audio', 'audio'],
];

/** IR → a chat completions body (the upstream side). Unsupported parts become warnings. */
export function toChatBody(request: ChatRequest, model: string): { body: Record<string, unknown>; warnings: string[] } {
  const warnings: string[] = [];
  const messages = request.messages.flatMap((message) => toChatMessages(message, warnings));
  const body: Record<string, unknown> = { model, messages, stream: request.stream };
  if (request.stream) body.stream_options = { include_usage: true }; // billing needs the usage chunk
  for (const [key, field] of COPIED) {
    const value = request[field];
    if (value !== undefined) body[key] = value;
  }
  if (request.topK !== undefined) warnings.push('top_k is not supported by chat completions upstreams; dropped');
  if (request.tools) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.parameters,
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      },
    }));
  }
  if (request.toolChoice) {
    body.tool_choice = request.toolChoice.type === 'tool' ? { type: 'function', function: { name: request.toolChoice.name } } : request.toolChoice.type;
  }
  const format = request.responseFormat;
  if (format) {
    body.response_format =
      format.type === 'json-schema'
        ? {
            type: 'json_schema',
            json_schema: {
              name: format.name ?? 'response',
              schema: format.schema,
              ...(format.description === undefined ? {} : { description: format.description }),
              ...(format.strict === undefined ? {} : { strict: format.strict }),
            },
          }
        : { type: format.type === 'json' ? 'json_object' : 'text' };
  }
  const reasoning = request.reasoning;
  if (reasoning?.effort) body.reasoning_effort = reasoning.effort;
  else if (reasoning?.disabled) body.reasoning_effort = 'none';
  else if (reasoning?.budgetTokens !== undefined) {
    body.reasoning_effort = reasoning.budgetTokens <= 2048 ? 'low' : reasoning.budgetTokens <= 16384 ? 'medium' : 'high';
    warnings.push(`thinking budget ${reasoning.budgetTokens} sent as reasoning_effort ${String(body.reasoning_effort)}`);
  }
  return { body, warnings };
}

function toChatMessages(message: Message, warnings: string[]): ChatMessage[] {
  if (message.role === 'tool') {
    return message.content.flatMap((part) =>
      part.type === 'tool-result'
        ? [{ role: 'tool', tool_call_id: part.callId, content: typeof part.content === 'string' ? part.content : toChatContent(part.content, warnings) }]
        : [],
    );
  }
  const out: ChatMessage = { role: message.role };
  if (message.name) out.name = message.name;
  if (message.role === 'assistant') {
    const text = message.content.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    const reasoning = message.content.filter((p) => p.type === 'reasoning').map((p) => (p as { text: string }).text).join('');
    const calls = message.content.filter((p): p is Extract<ContentPart, { type: 'tool-call' }> => p.type === 'tool-call');
    out.content = text === '' && calls.length > 0 ? null : text;
    if (reasoning) out.reasoning_content = reasoning;
    if (calls.length > 0) {
      out.tool_calls = calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
    }
    return [out];
  }
  // Tool results inside a user turn (messages-format clients) become tool messages first.
  const results = message.content.filter((p) => p.type === 'tool-result');
  const rest = message.content.filter((p) => p.type !== 'tool-result');
  const toolMessages = results.length > 0 ? toChatMessages({ role: 'tool', content: results }, warnings) : [];
  if (rest.length === 0) return toolMessages;
  const onlyText = rest.every((p) => p.type === 'text');
  out.content = onlyText ? rest.map((p) => (p as { text: string }).text).join('') : toChatContent(rest, warnings);
  return [...toolMessages, out];
}

function toChatContent(parts: ContentPart[], warnings: string[]): unknown[] {
  return parts.flatMap((part): unknown[] => {
    switch (part.type) {
      case 'text':
        return [{ type: 'text', text: part.text }];
      case 'image': {
        const url = part.source.kind === 'url' ? part.source.url : `data:${part.source.mediaType};base64,${part.source.data}`;
        return [{ type: 'image_url', image_url: part.detail ? { url, detail: part.detail } : { url } }];
      }
      case 'audio':
        return [{ type: 'input_audio', input_audio: { data: part.data, format: part.format } }];
      case 'file':
        if (part.data) {
          return [{ type: 'file', file: { file_data: part.mediaType ? `data:${part.mediaType};base64,${part.data}` : part.data, ...(part.filename ? { filename: part.filename } : {}) } }];
        }
        warnings.push('a file given by URL cannot be sent to a chat completions upstream; dropped');
        return [];
      case 'tool-result':
        return [{ type: 'text', text: typeof part.content === 'string' ? part.content : JSON.stringify(part.content) }];
      case 'reasoning':
      case 'tool-call':
        return [];
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  });
}
