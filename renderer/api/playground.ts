// The playground's calls: the models the user may use, and a streamed chat completion
// through the relay's OpenAI-compatible endpoint (needs an API key, given by the caller).
import { api, ApiError } from './client.js';
import type { ApiData } from './client.js';

export type UsableModel = ApiData<'/api/models', 'get'>[number];

export function listModels(): Promise<UsableModel[]> {
  return api.get('/api/models');
}

export interface ChatParams {
  model: string;
  prompt: string;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  reasoning_effort?: string;
}

export interface ToolCallView {
  index: number;
  id: string;
  name: string;
  arguments: string;
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

/** Streams `/v1/chat/completions`; resolves when the stream ends, rejects with a readable ApiError. */
export async function streamChat(key: string, params: ChatParams, events: StreamEvents, signal: AbortSignal): Promise<void> {
  const body: Record<string, unknown> = {
    model: params.model,
    messages: [{ role: 'user', content: params.prompt }],
    stream: true,
    stream_options: { include_usage: true },
  };
  if (params.temperature !== undefined) body.temperature = params.temperature;
  if (params.top_p !== undefined) body.top_p = params.top_p;
  if (params.max_tokens !== undefined) body.max_tokens = params.max_tokens;
  if (params.reasoning_effort) body.reasoning_effort = params.reasoning_effort;

  const started = performance.now();
  let response: Response;
  try {
    response = await fetch('/v1/chat/completions', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError("Can't reach the Relaydesk relay. Check that it is running, then try again.", 0);
  }
  if (!response.ok || response.body === null) {
    throw new ApiError(await errorText(response), response.status);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let first = true;
  const tools = new Map<number, ToolCallView>();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (first) {
      first = false;
      events.onFirstByte(performance.now() - started);
    }
    buffer += value;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '' || data === '[DONE]') continue;
      handleChunk(data, events, tools);
    }
  }
}

function handleChunk(data: string, events: StreamEvents, tools: Map<number, ToolCallView>): void {
  let chunk: any;
  try {
    chunk = JSON.parse(data);
  } catch {
    return;
  }
  if (chunk?.error) throw new ApiError(String(chunk.error.message ?? 'The upstream reported an error.'), 502);
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

async function errorText(response: Response): Promise<string> {
  try {
    const parsed: any = await response.json();
    const message = parsed?.error?.message ?? parsed?.message;
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // not JSON
  }
  if (response.status === 401) return 'The relay did not accept this API key.';
  return `The relay answered HTTP ${response.status}.`;
}
