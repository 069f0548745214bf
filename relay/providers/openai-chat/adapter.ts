import type { ChatRequest } from '../../ir/chat-request.js';
import { parseOpenAIError } from '../../wire/openai-chat/parse-error.js';
import { DEFAULT_AZURE_API_VERSION } from '../channel-facts.js';
import type { ProviderAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { ChatStreamDecoder } from './stream-decoder.js';
import { toChatBody } from './build-request.js';
import { parseChatResponse } from './parse-response.js';

/** `{base}/v1/<path>`, without doubling a `/v1` the base already has. */
export function joinV1(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/${path}` : `${base}/v1/${path}`;
}

export function bearer(target: UpstreamTarget): Record<string, string> {
  return target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
}

/** A JSON POST to an OpenAI-style endpoint, the key as a Bearer token. */
export function bearerJsonRequest(url: string, body: unknown, target: UpstreamTarget): UpstreamRequest {
  return { url, headers: { 'content-type': 'application/json', ...bearer(target) }, body: JSON.stringify(body) };
}

/** OpenAI and every OpenAI-compatible upstream (custom, OpenRouter, DeepSeek, Ollama's /v1). */
export const openaiChatAdapter: ProviderAdapter = {
  protocol: 'openai-chat',
  buildChatRequest(request: ChatRequest, target: UpstreamTarget) {
    const { body, warnings } = toChatBody(request, target.model);
    return { request: bearerJsonRequest(joinV1(target.baseUrl, 'chat/completions'), body, target), warnings };
  },
  parseChatResponse: (body) => parseChatResponse(body),
  createStreamDecoder: () => new ChatStreamDecoder(),
  parseError: parseOpenAIError,
  buildPassthroughRequest: (body, target) => bearerJsonRequest(joinV1(target.baseUrl, 'chat/completions'), passthroughBody(body, target.model), target),
};

/**
 * The client's body with the upstream's model name. Written fields first, spreads last, then
 * set: V8 builds `{ ...body, model }` several times slower, and every pass-through call does it.
 */
export function withModel(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const out: Record<string, unknown> = { model, ...body };
  out.model = model;
  return out;
}

/** The client's body for the upstream: the mapped model, and the usage chunk asked for when streaming. */
export function passthroughBody(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const out = withModel(body, model);
  if (body.stream === true) {
    const options = typeof body.stream_options === 'object' && body.stream_options !== null ? body.stream_options : {};
    const streamOptions: Record<string, unknown> = { include_usage: true, ...options };
    streamOptions.include_usage = true;
    out.stream_options = streamOptions;
  }
  return out;
}

export { DEFAULT_AZURE_API_VERSION };

/** Azure OpenAI: the model is a deployment in the URL, the key goes in `api-key`. */
export const azureOpenAIAdapter: ProviderAdapter = {
  ...openaiChatAdapter,
  buildChatRequest(request: ChatRequest, target: UpstreamTarget) {
    const { body, warnings } = toChatBody(request, target.model);
    return { request: azureRequest(body, target), warnings };
  },
  buildPassthroughRequest: (body, target) => azureRequest(passthroughBody(body, target.model), target),
};

/** `path` under the deployment (`chat/completions`, `embeddings`). */
export function azureRequest(body: Record<string, unknown>, target: UpstreamTarget, path = 'chat/completions') {
  return { url: azureUrl(target, path), headers: { 'content-type': 'application/json', 'api-key': target.apiKey }, body: JSON.stringify(body) };
}

/** The URL of `path` under the model's deployment (`audio/speech`…), with the channel's API version. */
export function azureUrl(target: UpstreamTarget, path: string): string {
  const version = typeof target.settings.api_version === 'string' && target.settings.api_version ? target.settings.api_version : DEFAULT_AZURE_API_VERSION;
  const base = target.baseUrl.replace(/\/+$/, '');
  // Deployment names cannot hold dots: gpt-4.1 is deployed as gpt-41 (model mapping can say otherwise).
  const deployment = encodeURIComponent(target.model.replace(/\./g, ''));
  return `${base}/openai/deployments/${deployment}/${path}?api-version=${encodeURIComponent(version)}`;
}
