import type { ChatRequest } from '../../ir/chat-request.js';
import { RelayError } from '../../ir/relay-error.js';
import type { WireProtocol } from '../../ir/wire-protocol.js';
import { anthropicAdapter } from '../anthropic/adapter.js';
import { geminiAdapter } from '../gemini/adapter.js';
import { openaiChatAdapter } from '../openai-chat/adapter.js';
import { openaiResponsesAdapter } from '../openai-responses/adapter.js';
import type { ProviderAdapter, UpstreamRequest, UpstreamTarget } from '../types.js';
import { AdvancedCustomError, MODELS_PATH, cachedAdvancedCustom, chooseRoute, routeUrl, upstreamProtocolOf } from './config.js';
import type { AdvancedCustomConfig, AdvancedCustomRoute, KeyPlacement } from './config.js';

/** The existing adapter of each upstream protocol: a route borrows its body, answer and error handling. */
const PROTOCOL_ADAPTERS: Record<WireProtocol, ProviderAdapter> = {
  'openai-chat': openaiChatAdapter,
  'anthropic-messages': anthropicAdapter,
  'openai-responses': openaiResponsesAdapter,
  'gemini-generate-content': geminiAdapter,
};

/** Headers the protocol adapters carry the key in: a route puts the key where it says instead. */
const KEY_HEADERS = ['authorization', 'x-api-key', 'api-key', 'x-goog-api-key'];

/**
 * What the pipeline may know of the call when it asks for the adapter. With the models
 * known, the route is chosen at once: `protocol` is then the route's upstream protocol and a
 * route whose upstream speaks the client's protocol can pass the client's body through.
 * Without them the route is chosen when the request is built (always through the IR).
 */
export interface AdvancedCustomCall {
  /** The client's protocol (the incoming path). */
  protocol?: WireProtocol;
  /** The model names to match the routes' `models` against (asked and mapped). */
  models?: readonly string[];
}

/** The adapter of an advanced custom channel (type 58) for one call; `settings.advanced_custom` holds its routes. */
export function advancedCustomAdapter(settings: Record<string, unknown>, call: AdvancedCustomCall = {}): ProviderAdapter {
  let config: AdvancedCustomConfig | undefined;
  let configError: string | undefined;
  try {
    config = cachedAdvancedCustom(typeof settings.advanced_custom === 'string' ? settings.advanced_custom : '');
  } catch (error) {
    configError = (error as Error).message;
  }

  const select = (models: readonly string[]): AdvancedCustomRoute => {
    if (!config) {
      throw new RelayError(500, 'internal', `The advanced custom channel's configuration is not valid: ${configError}`, 'advanced_custom_invalid');
    }
    const route = chooseRoute(config, call.protocol, models);
    if (!route) {
      throw new RelayError(
        503,
        'not_found',
        `The advanced custom channel has no route for the model ${models.filter(Boolean).join(' / ')}: add it to a route's models (or leave a route's models empty).`,
        'advanced_custom_no_route',
      );
    }
    return route;
  };

  const early = call.models && config ? chooseRoute(config, call.protocol, call.models) : undefined;
  let chosen = early;
  const routeFor = (request: ChatRequest, target?: UpstreamTarget) => (chosen ??= select(target ? [target.model, request.model] : [request.model]));
  const delegateFor = (request: ChatRequest) => PROTOCOL_ADAPTERS[upstreamProtocolOf(routeFor(request))];
  // Before a route is chosen only the error parser may be asked for: the first route's protocol is the best guess.
  const fallbackDelegate = () => PROTOCOL_ADAPTERS[chosen ? upstreamProtocolOf(chosen) : firstCallRouteProtocol(config)];

  const adapter: ProviderAdapter = {
    protocol: early ? upstreamProtocolOf(early) : firstCallRouteProtocol(config),
    buildChatRequest(request, target) {
      const route = routeFor(request, target);
      const built = PROTOCOL_ADAPTERS[upstreamProtocolOf(route)].buildChatRequest(request, target);
      return { request: applyRoute(built.request, route, target, request.stream), warnings: built.warnings };
    },
    parseChatResponse: (body, request) => delegateFor(request).parseChatResponse(body, request),
    createStreamDecoder: (request) => delegateFor(request).createStreamDecoder(request),
    parseError: (status, body) => fallbackDelegate().parseError(status, body),
  };
  const passthrough = early ? PROTOCOL_ADAPTERS[upstreamProtocolOf(early)].buildPassthroughRequest : undefined;
  if (early && passthrough) {
    adapter.buildPassthroughRequest = (body, target, stream) => applyRoute(passthrough(body, target, stream), early, target, stream);
  }
  return adapter;
}

function firstCallRouteProtocol(config: AdvancedCustomConfig | undefined): WireProtocol {
  const route = config?.routes.find((r) => r.path !== MODELS_PATH);
  return route ? upstreamProtocolOf(route) : 'openai-chat';
}

/**
 * The protocol adapter's request, sent where the route says: the route's URL (`{model}`
 * filled in), the key in the route's place instead of the protocol's usual one.
 */
export function applyRoute(request: UpstreamRequest, route: AdvancedCustomRoute, target: UpstreamTarget, stream: boolean): UpstreamRequest {
  let url: string;
  try {
    url = routeUrl(route, target.baseUrl, target.model);
  } catch (error) {
    if (error instanceof AdvancedCustomError) throw new RelayError(500, 'internal', error.message, 'advanced_custom_invalid');
    throw error;
  }
  if (upstreamProtocolOf(route) === 'gemini-generate-content') url = geminiMethod(url, stream);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !KEY_HEADERS.includes(name.toLowerCase())));
  return { ...request, ...placeKey(url, headers, route.auth, target.apiKey) };
}

/** Puts the key where the route says. */
export function placeKey(url: string, headers: Record<string, string>, auth: KeyPlacement, key: string): { url: string; headers: Record<string, string> } {
  if (!key || auth.type === 'none') return { url, headers };
  if (auth.type === 'bearer') return { url, headers: { ...headers, authorization: `Bearer ${key}` } };
  if (auth.type === 'header') return { url, headers: { ...headers, [auth.name.toLowerCase()]: key } };
  const parsed = new URL(url);
  parsed.searchParams.set(auth.name, key);
  return { url: parsed.toString(), headers };
}

/** A generate-content upstream path names its method: streaming calls go to `:streamGenerateContent?alt=sse`. */
function geminiMethod(url: string, stream: boolean): string {
  const parsed = new URL(url);
  if (!/:(stream)?generateContent$/i.test(parsed.pathname)) return url;
  parsed.pathname = parsed.pathname.replace(/:(stream)?generateContent$/i, stream ? ':streamGenerateContent' : ':generateContent');
  if (stream) parsed.searchParams.set('alt', 'sse');
  else if (parsed.searchParams.get('alt') === 'sse') parsed.searchParams.delete('alt');
  return parsed.toString();
}
