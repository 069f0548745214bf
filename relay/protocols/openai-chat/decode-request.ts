import type {
  ChatRequest,
  ContentPart,
  Message,
  ReasoningEffort,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from '../../ir/chat-request.js';
import { invalid, isObject, optionalBoolean, optionalEnum, optionalNumber, optionalString, requireObject, setDefined } from '../validate.js';
import type { Json } from '../validate.js';

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;
const EFFORTS: readonly ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'];

/** A chat completions request body → IR, checking every documented limit. */
export function decodeChatRequest(input: unknown): ChatRequest {
  const body = requireObject(input, 'body');
  const model = body.model;
  if (typeof model !== 'string' || model === '') {
    throw invalid('model', "Missing required parameter: 'model'.", 'missing_required_parameter');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw invalid('messages', "Missing required parameter: 'messages' (a non-empty array).", 'missing_required_parameter');
  }
  const request: ChatRequest = {
    model,
    messages: body.messages.map((m, i) => decodeMessage(m, `messages[${i}]`)),
    stream: optionalBoolean(body, 'stream') ?? false,
  };
  if (request.stream) {
    const options = body.stream_options;
    if (isObject(options)) request.streamUsage = optionalBoolean(options, 'include_usage', 'stream_options.include_usage');
  }
  setDefined(request, 'temperature', optionalNumber(body, 'temperature', { min: 0, max: 2 }));
  setDefined(request, 'topP', optionalNumber(body, 'top_p', { min: 0, max: 1 }));
  setDefined(request, 'n', optionalNumber(body, 'n', { min: 1, integer: true }));
  setDefined(request, 'presencePenalty', optionalNumber(body, 'presence_penalty', { min: -2, max: 2 }));
  setDefined(request, 'frequencyPenalty', optionalNumber(body, 'frequency_penalty', { min: -2, max: 2 }));
  setDefined(request, 'seed', optionalNumber(body, 'seed', { integer: true }));
  setDefined(
    request,
    'maxOutputTokens',
    optionalNumber(body, 'max_completion_tokens', { min: 1, integer: true }) ?? optionalNumber(body, 'max_tokens', { min: 1, integer: true }),
  );
  setDefined(request, 'stop', decodeStop(body.stop));
  setDefined(request, 'tools', decodeTools(body.tools));
  setDefined(request, 'toolChoice', decodeToolChoice(body.tool_choice));
  setDefined(request, 'parallelToolCalls', optionalBoolean(body, 'parallel_tool_calls'));
  setDefined(request, 'responseFormat', decodeResponseFormat(body.response_format));
  const effort = optionalEnum(body, 'reasoning_effort', EFFORTS);
  if (effort) request.reasoning = { effort };
  setDefined(request, 'modalities', decodeModalities(body.modalities));
  if (isObject(body.audio)) {
    request.audio = {};
    setDefined(request.audio, 'voice', optionalString(body.audio, 'voice', 'audio.voice'));
    setDefined(request.audio, 'format', optionalString(body.audio, 'format', 'audio.format'));
  }
  setDefined(request, 'logprobs', optionalBoolean(body, 'logprobs'));
  setDefined(request, 'topLogprobs', optionalNumber(body, 'top_logprobs', { min: 0, max: 20, integer: true }));
  setDefined(request, 'user', optionalString(body, 'user') ?? optionalString(body, 'safety_identifier'));
  setDefined(request, 'promptCacheKey', optionalString(body, 'prompt_cache_key'));
  setDefined(request, 'serviceTier', optionalString(body, 'service_tier'));
  if (isObject(body.metadata)) {
    request.metadata = Object.fromEntries(Object.entries(body.metadata).map(([k, v]) => [k, String(v)]));
  }
  return request;
}

function decodeMessage(input: unknown, path: string): Message {
  const message = requireObject(input, path);
  const role = optionalEnum(message, 'role', ROLES, `${path}.role`);
  if (!role) throw invalid(`${path}.role`, `Missing required parameter: '${path}.role'.`, 'missing_required_parameter');
  const content = decodeContent(message.content, `${path}.content`);

  if (role === 'tool' || role === 'function') {
    const callId = optionalString(message, 'tool_call_id', `${path}.tool_call_id`) ?? optionalString(message, 'name', `${path}.name`);
    if (!callId) throw invalid(`${path}.tool_call_id`, `Missing required parameter: '${path}.tool_call_id'.`, 'missing_required_parameter');
    const name = role === 'function' ? optionalString(message, 'name') : undefined;
    const onlyText = content.every((p) => p.type === 'text');
    const result: ContentPart = {
      type: 'tool-result',
      callId,
      content: onlyText ? content.map((p) => (p.type === 'text' ? p.text : '')).join('') : content,
    };
    if (name) result.name = name;
    return { role: 'tool', content: [result] };
  }

  const parts: ContentPart[] = [];
  if (role === 'assistant') {
    const reasoning = optionalString(message, 'reasoning_content') ?? optionalString(message, 'reasoning');
    if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
  }
  parts.push(...content);
  if (role === 'assistant' && Array.isArray(message.tool_calls)) {
    message.tool_calls.forEach((call, i) => {
      const callPath = `${path}.tool_calls[${i}]`;
      const object = requireObject(call, callPath);
      const fn = requireObject(object.function, `${callPath}.function`);
      const args = fn.arguments;
      parts.push({
        type: 'tool-call',
        id: optionalString(object, 'id', `${callPath}.id`) ?? `call_${i}`,
        name: optionalString(fn, 'name', `${callPath}.function.name`) ?? '',
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      });
    });
  }
  const decoded: Message = { role, content: parts };
  const name = optionalString(message, 'name', `${path}.name`);
  if (name) decoded.name = name;
  return decoded;
}

function decodeContent(content: unknown, path: string): ContentPart[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw invalid(path, `Invalid type for '${path}': expected a string or an array of content parts.`, 'invalid_type');
  return content.map((item, i): ContentPart => {
    const partPath = `${path}[${i}]`;
    const part = requireObject(item, partPath);
    switch (part.type) {
      case 'text':
      case 'input_text':
        return { type: 'text', text: optionalString(part, 'text', `${partPath}.text`) ?? '' };
      case 'image_url': {
        const image = typeof part.image_url === 'string' ? { url: part.image_url } : requireObject(part.image_url, `${partPath}.image_url`);
        const url = optionalString(image, 'url', `${partPath}.image_url.url`) ?? '';
        const detail = optionalEnum(image, 'detail', ['auto', 'low', 'high'] as const, `${partPath}.image_url.detail`);
        const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
        const decoded: ContentPart = {
          type: 'image',
          source: match ? { kind: 'data', mediaType: match[1]!, data: match[2]! } : { kind: 'url', url },
        };
        if (detail) decoded.detail = detail;
        return decoded;
      }
      case 'input_audio': {
        const audio = requireObject(part.input_audio, `${partPath}.input_audio`);
        return { type: 'audio', data: optionalString(audio, 'data') ?? '', format: optionalString(audio, 'format') ?? 'wav' };
      }
      case 'file': {
        const file = requireObject(part.file, `${partPath}.file`);
        const data = optionalString(file, 'file_data');
        const match = data ? /^data:([^;,]+);base64,(.*)$/s.exec(data) : null;
        const decoded: ContentPart = { type: 'file' };
        if (match) {
          decoded.mediaType = match[1]!;
          decoded.data = match[2]!;
        } else if (data) decoded.data = data;
        const filename = optionalString(file, 'filename');
        if (filename) decoded.filename = filename;
        return decoded;
      }
      case 'refusal':
        return { type: 'text', text: optionalString(part, 'refusal') ?? '' };
      default:
        throw invalid(`${partPath}.type`, `Invalid value for '${partPath}.type': ${JSON.stringify(part.type)} is not a supported content part type.`);
    }
  });
}

export function decodeStop(stop: unknown): string[] | undefined {
  if (stop === undefined || stop === null) return undefined;
  if (typeof stop === 'string') return [stop];
  if (Array.isArray(stop) && stop.every((s) => typeof s === 'string')) return stop as string[];
  throw invalid('stop', "Invalid type for 'stop': expected a string or an array of strings.", 'invalid_type');
}

function decodeTools(tools: unknown): ToolDefinition[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) throw invalid('tools', "Invalid type for 'tools': expected an array.", 'invalid_type');
  return tools.map((tool, i) => {
    const object = requireObject(tool, `tools[${i}]`);
    if (object.type !== 'function') throw invalid(`tools[${i}].type`, `Invalid value for 'tools[${i}].type': only 'function' tools are supported.`);
    const fn = requireObject(object.function, `tools[${i}].function`);
    const name = optionalString(fn, 'name', `tools[${i}].function.name`);
    if (!name) throw invalid(`tools[${i}].function.name`, `Missing required parameter: 'tools[${i}].function.name'.`, 'missing_required_parameter');
    const definition: ToolDefinition = {
      name,
      parameters: isObject(fn.parameters) ? fn.parameters : { type: 'object', properties: {} },
    };
    setDefined(definition, 'description', optionalString(fn, 'description', `tools[${i}].function.description`));
    setDefined(definition, 'strict', optionalBoolean(fn, 'strict', `tools[${i}].function.strict`));
    return definition;
  });
}

function decodeToolChoice(choice: unknown): ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'none' || choice === 'auto' || choice === 'required') return { type: choice };
  if (isObject(choice) && choice.type === 'function' && isObject(choice.function) && typeof choice.function.name === 'string') {
    return { type: 'tool', name: choice.function.name };
  }
  throw invalid('tool_choice', `Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {"type": "function", "function": {"name": …}}.`);
}

function decodeResponseFormat(format: unknown): ResponseFormat | undefined {
  if (format === undefined || format === null) return undefined;
  const object = requireObject(format, 'response_format');
  switch (object.type) {
    case 'text':
      return { type: 'text' };
    case 'json_object':
      return { type: 'json' };
    case 'json_schema': {
      const spec = requireObject(object.json_schema, 'response_format.json_schema');
      const decoded: ResponseFormat = { type: 'json-schema', schema: isObject(spec.schema) ? spec.schema : {} };
      setDefined(decoded, 'name', optionalString(spec, 'name', 'response_format.json_schema.name'));
      setDefined(decoded, 'description', optionalString(spec, 'description', 'response_format.json_schema.description'));
      setDefined(decoded, 'strict', optionalBoolean(spec, 'strict', 'response_format.json_schema.strict'));
      return decoded;
    }
    default:
      throw invalid('response_format.type', "Invalid value for 'response_format.type': expected 'text', 'json_object' or 'json_schema'.");
  }
}

function decodeModalities(modalities: unknown): ('text' | 'audio')[] | undefined {
  if (modalities === undefined || modalities === null) return undefined;
  if (!Array.isArray(modalities) || !modalities.every((m) => m === 'text' || m === 'audio')) {
    throw invalid('modalities', "Invalid value for 'modalities': expected a list of 'text' and 'audio'.");
  }
  return modalities as ('text' | 'audio')[];
}

export type { Json };
