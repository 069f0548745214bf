// The playground's calls: the models the user may use, and a streamed chat completion.
// By default it calls as the signed-in user (`/pg/chat/completions`, the session cookie);
// with a pasted API key it calls `/v1/chat/completions` exactly as a client would, so that
// key's own limits apply.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { api, ApiError, notifySessionEnded, sessionEnded } from './client.js';
import type { ApiData } from './client.js';
import { i18n } from '../i18n/index.js';

export type UsableModel = ApiData<'/api/models', 'get'>[number];

export function listModels(): Promise<UsableModel[]> {
  return api.get('/api/models');
}

export interface ToolCallView {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/** One turn of the conversation, in chat-completions form. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: ToolCallView[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatParams {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  reasoning_effort?: string;
  /** Function tools, as chat completions takes them (`[{type: 'function', function: {...}}]`). */
  tools?: unknown[];
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  reasoning_tokens?: number;
}

export interface StreamEvents {
  onContent(text: string): void;
  onReasoning(text: string): void;
  onToolCall(call: ToolCallView): void;
  onUsage(usage: Usage): void;
  onFirstByte(ms: number): void;
  onFinish(reason: string): void;
}

/** Who the call is made as: the signed-in user, or a pasted API key. */
export type CallAs = { kind: 'session' } | { kind: 'key'; key: string };

/** The chat-completions body the playground sends: blank parameters are left out. */
export function chatBody(model: string, messages: ChatMessage[], params: ChatParams): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: messages.map(toWireMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') body[name] = value;
  }
  return body;
}

function toWireMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role !== 'assistant' || !message.tool_calls?.length) return message;
  return {
    role: 'assistant',
    content: message.content || null,
    tool_calls: message.tool_calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
  };
}

/** Streams one answer; resolves when the stream ends, rejects with a readable ApiError. */
export async function streamChat(as: CallAs, body: Record<string, unknown>, events: StreamEvents, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  let response: Response;
  try {
    response =
      as.kind === 'session'
        ? await fetch('/pg/chat/completions', { method: 'POST', credentials: 'same-origin', headers: jsonHeaders, body: JSON.stringify(body), signal })
        : await fetch('/v1/chat/completions', { method: 'POST', credentials: 'omit', headers: { ...jsonHeaders, Authorization: `Bearer ${as.key}` }, body: JSON.stringify(body), signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('common:errors.unreachable'), 0);
  }
  if (!response.ok || response.body === null) {
    if (response.status === 401 && as.kind === 'session') notifySessionEnded(); // back to sign-in, as for any other call
    throw new ApiError(await errorText(response, as), response.status);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const tools = new Map<number, ToolCallView>();
  let first = true;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (first) {
      first = false;
      events.onFirstByte(performance.now() - started);
    }
    if (value.data === '[DONE]') continue;
    handleChunk(value.data, events, tools);
  }
}

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };

function handleChunk(data: string, events: StreamEvents, tools: Map<number, ToolCallView>): void {
  let chunk: any;
  try {
    chunk = JSON.parse(data);
  } catch {
    return;
  }
  if (chunk?.error) throw new ApiError(String(chunk.error.message ?? i18n.t('common:errors.upstream')), 502);
  const choice = Array.isArray(chunk?.choices) ? chunk.choices[0] : undefined;
  const delta = choice?.delta;
  if (delta) {
    if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') events.onReasoning(delta.reasoning_content);
    else if (typeof delta.reasoning === 'string' && delta.reasoning !== '') events.onReasoning(delta.reasoning);
    if (typeof delta.content === 'string' && delta.content !== '') events.onContent(delta.content);
    if (Array.isArray(delta.tool_calls)) {
      for (const part of delta.tool_calls) {
        const index = typeof part.index === 'number' ? part.index : 0;
        const call = tools.get(index) ?? { index, id: '', name: '', arguments: '' };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        tools.set(index, call);
        events.onToolCall({ ...call });
      }
    }
  }
  if (choice?.finish_reason) events.onFinish(String(choice.finish_reason));
  if (chunk?.usage) {
    const usage = chunk.usage;
    events.onUsage({
      prompt_tokens: Number(usage.prompt_tokens ?? 0),
      completion_tokens: Number(usage.completion_tokens ?? 0),
      total_tokens: Number(usage.total_tokens ?? 0),
      reasoning_tokens: Number(usage.completion_tokens_details?.reasoning_tokens ?? 0),
    });
  }
}

async function errorText(response: Response, as: CallAs): Promise<string> {
  try {
    const parsed: any = await response.json();
    const message = parsed?.error?.message ?? parsed?.message;
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // not JSON
  }
  if (response.status === 401) return as.kind === 'key' ? i18n.t('common:errors.keyRefused') : sessionEnded();
  return i18n.t('common:errors.answered', { status: response.status });
}
