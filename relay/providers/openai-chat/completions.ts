import { isJsonObject } from '../../wire/json-access.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import type { SseEvent } from '../../wire/sse-event.js';
import type { CompletionsAdapter, StreamDecoder, UpstreamTarget } from '../types.js';
import { azureRequest, bearer, joinV1, passthroughBody } from './adapter.js';
import { parseChatResponse } from './parse-response.js';
import { ChatStreamDecoder } from './stream-decoder.js';

/** OpenAI's `/v1/completions`, as OpenAI, OpenRouter, Ollama and OpenAI-compatible servers (vLLM…) serve it. */
export const openaiCompletionsAdapter: CompletionsAdapter = {
  protocol: 'openai-chat',
  buildPassthroughRequest: (body, target) => completionsRequest(joinV1(target.baseUrl, 'completions'), body, target),
  // A completions answer is a chat answer whose choices hold `text`: read as one, by the chat reader.
  parseChatResponse: (body) => parseChatResponse(asChatAnswer(body, 'message')),
  createStreamDecoder: () => new CompletionsStreamDecoder(),
  parseError: parseOpenAIError,
};

/** Azure OpenAI: the deployment's `/completions`. */
export const azureCompletionsAdapter: CompletionsAdapter = {
  ...openaiCompletionsAdapter,
  buildPassthroughRequest: (body, target) => azureRequest(passthroughBody(body, target.model), target, 'completions'),
};

/** DeepSeek serves completions (fill in the middle, with `suffix`) in its beta: `{base}/beta/completions`. */
export const deepseekCompletionsAdapter: CompletionsAdapter = {
  ...openaiCompletionsAdapter,
  buildPassthroughRequest: (body, target) => completionsRequest(`${target.baseUrl.replace(/\/+$/, '').replace(/\/(v1|beta)$/, '')}/beta/completions`, body, target),
};

function completionsRequest(url: string, body: Record<string, unknown>, target: UpstreamTarget) {
  return { url, headers: { 'content-type': 'application/json', ...bearer(target) }, body: JSON.stringify(passthroughBody(body, target.model)) };
}

/** Completions chunks read by the chat decoder, each choice's `text` as the delta's content. */
class CompletionsStreamDecoder implements StreamDecoder {
  private readonly chat = new ChatStreamDecoder();

  push(event: SseEvent): ReturnType<StreamDecoder['push']> {
    if (event.data === '[DONE]') return this.chat.push(event);
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      return [];
    }
    return this.chat.push({ ...event, data: JSON.stringify(asChatAnswer(chunk, 'delta')) });
  }

  end(): ReturnType<StreamDecoder['end']> {
    return this.chat.end();
  }
}

/** The text of every choice (every prompt's, every candidate's) in one choice, under `message` or `delta`. */
function asChatAnswer(body: unknown, field: 'message' | 'delta'): unknown {
  if (!isJsonObject(body) || !Array.isArray(body.choices) || body.choices.length === 0) return body;
  const choices = body.choices.filter(isJsonObject);
  const text = choices.map((choice) => (typeof choice.text === 'string' ? choice.text : '')).join('');
  const finish = choices.find((choice) => typeof choice.finish_reason === 'string')?.finish_reason ?? null;
  return { ...body, choices: [{ index: 0, [field]: { content: text }, finish_reason: finish }] };
}
