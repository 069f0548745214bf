import { randomBytes } from 'node:crypto';
import type { ChatRequest } from '../../ir/chat-request.js';
import type { RelayErrorInfo } from '../../ir/relay-error.js';
import type { Usage } from '../../ir/usage.js';
import { toResponsesUsage } from '../../wire/openai-responses/convert-usage.js';
import type { ResponseEcho } from './request-context.js';
import { CUSTOM_TOOL_INPUT } from './tool-names.js';
import type { ToolNameMap } from './tool-names.js';

// The pieces of a Response object shared by the whole answer and the stream: ids, output
// items, usage, status, and the Response itself with the request fields it repeats.

export type Json = Record<string, unknown>;

export type ResponseStatus = 'completed' | 'incomplete' | 'failed' | 'in_progress';

/** `<prefix><48 hex digits>`, the shape of OpenAI's item ids (`msg_…`, `rs_…`, `fc_…`). */
export function newItemId(prefix: string): string {
  return prefix + randomBytes(24).toString('hex');
}

/** The Response id: `resp_` and the upstream's id where it has a usable one. */
export function responseIdOf(id: string): string {
  if (id.startsWith('resp_')) return id;
  const safe = id.replace(/[^a-zA-Z0-9_-]/g, '');
  return safe ? `resp_${safe}` : newItemId('resp_');
}

/** A relay error → the `error` of a failed Response (its `code` is one of the documented values). */
export function responseErrorOf(error: RelayErrorInfo): Json {
  const code = error.kind === 'rate_limit' || error.kind === 'quota' ? 'rate_limit_exceeded' : 'server_error';
  return { code, message: error.message };
}

export function outputTextPart(text: string): Json {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}

export function messageItem(id: string, text: string, status: ResponseStatus): Json {
  return { id, type: 'message', status, content: [outputTextPart(text)], role: 'assistant' };
}

export function reasoningItem(id: string, text: string, encrypted: string | undefined): Json {
  const item: Json = { id, type: 'reasoning', summary: text === '' ? [] : [{ type: 'summary_text', text }] };
  if (encrypted !== undefined) item.encrypted_content = encrypted;
  return item;
}

/** Whether a flat tool name from the answer is one of the client's custom (free-form) tools. */
export function isCustomTool(toolNames: ToolNameMap, flatName: string): boolean {
  return toolNames.unflatten(flatName).custom === true;
}

/**
 * A tool call of the answer, in the client's names: a `function_call` (with `namespace` for a
 * namespaced tool), or a `custom_tool_call` whose `input` is the string the flat function
 * received as its one argument.
 */
export function toolCallItem(
  toolNames: ToolNameMap,
  call: { itemId?: string; callId: string; name: string; arguments: string },
  status: ResponseStatus,
): Json {
  const client = toolNames.unflatten(call.name);
  if (client.custom) {
    const item: Json = { id: call.itemId ?? newItemId('ctc_'), type: 'custom_tool_call', call_id: call.callId, name: client.name, input: customInputOf(call.arguments) };
    if (client.namespace !== undefined) item.namespace = client.namespace;
    return item;
  }
  const item: Json = { id: call.itemId ?? newItemId('fc_'), type: 'function_call', status, arguments: call.arguments, call_id: call.callId, name: client.name };
  if (client.namespace !== undefined) item.namespace = client.namespace;
  return item;
}

/** The free-form input of a custom tool call, from the arguments of its flat function. */
export function customInputOf(args: string): string {
  try {
    const parsed: unknown = JSON.parse(args);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Json)[CUSTOM_TOOL_INPUT] === 'string') return (parsed as Json)[CUSTOM_TOOL_INPUT] as string;
    if (typeof parsed === 'string') return parsed;
  } catch {
    // Not JSON: the model wrote the input itself.
  }
  return args;
}

export interface ResponseFields {
  id: string;
  createdAt: number;
  status: ResponseStatus;
  output: Json[];
  usage?: Usage | undefined;
  incompleteReason?: string | undefined;
  error?: Json | undefined;
}

/**
 * A whole Response object: the answer's fields plus the request fields it repeats, as the
 * OpenAPI `Response` schema requires them. `model` is the model the client asked for.
 */
export function buildResponse(request: ChatRequest, echo: ResponseEcho, fields: ResponseFields): Json {
  const response: Json = {
    id: fields.id,
    object: 'response',
    created_at: fields.createdAt,
    status: fields.status,
    background: false,
    completed_at: fields.status === 'completed' ? Math.max(fields.createdAt, Math.floor(Date.now() / 1000)) : null,
    error: fields.error ?? null,
    incomplete_details: fields.incompleteReason ? { reason: fields.incompleteReason } : null,
    instructions: echo.instructions,
    max_output_tokens: echo.maxOutputTokens,
    max_tool_calls: null,
    model: request.model,
    output: fields.output,
    parallel_tool_calls: echo.parallelToolCalls,
    previous_response_id: null,
    prompt_cache_key: echo.promptCacheKey,
    reasoning: echo.reasoning,
    safety_identifier: echo.safetyIdentifier,
    service_tier: echo.serviceTier,
    store: echo.store,
    temperature: echo.temperature,
    text: echo.text,
    tool_choice: echo.toolChoice,
    tools: echo.tools,
    top_logprobs: echo.topLogprobs,
    top_p: echo.topP,
    truncation: echo.truncation,
    metadata: echo.metadata,
  };
  if (fields.usage) response.usage = toResponsesUsage(fields.usage);
  // The description types `user` as a string (no null): present only when the request set it.
  if (echo.user !== undefined) response.user = echo.user;
  return response;
}
