// The configuration of an advanced custom channel (type 58): a list of routes, each saying
// where calls of one client path go upstream, for which models, with the key where, and in
// which wire protocol. Stored with the channel as a JSON string in `settings.advanced_custom`.
//
// {
//   "routes": [
//     {
//       "path": "/v1/chat/completions",            // incoming path (see INCOMING_PATHS)
//       "upstream_path": "/openai/{model}/chat",   // absolute http(s) URL, or relative to the base URL; {model} = the upstream model
//       "models": ["gpt-4o", "/^gpt-4\\./i"],       // exact names or /regex/flags; omitted or [] = every model
//       "auth": "bearer",                          // "bearer" | "none" | {"header": "X-Key"} | {"query": "key"} (also {"type": …, "name": …})
//       "converter": "none"                        // "none" = the upstream speaks the path's protocol, else the upstream's protocol
//     },
//     { "path": "/v1/models", "upstream_path": "/openai/models" }   // model discovery: must answer {"data":[{"id":…}]}
//   ]
// }
import type { WireProtocol } from '../../ir/wire-protocol.js';

export const CONVERTERS = ['none', 'openai-chat', 'anthropic-messages', 'openai-responses', 'gemini-generate-content'] as const;
export type Converter = (typeof CONVERTERS)[number];

export type KeyPlacement = { type: 'bearer' } | { type: 'none' } | { type: 'header'; name: string } | { type: 'query'; name: string };

export interface AdvancedCustomRoute {
  /** The incoming path, normalised (`/v1/chat/completions`, `/v1/messages`, `/v1/responses`, `/v1beta/models/{model}:generateContent`, `/v1/models`). */
  path: string;
  /** Absolute http(s) URL or a path starting with `/`; `{model}` becomes the upstream model. */
  upstream_path: string;
  /** Exact model names or `/regex/flags`; empty = every model. */
  models: string[];
  auth: KeyPlacement;
  converter: Converter;
}

export interface AdvancedCustomConfig {
  routes: AdvancedCustomRoute[];
}

/** The discovery route's incoming path. */
export const MODELS_PATH = '/v1/models';
const GEMINI_PATH = '/v1beta/models/{model}:generateContent';

/** Incoming paths of model calls → the client protocol they carry. */
const CALL_PATHS: Record<string, WireProtocol> = {
  '/v1/chat/completions': 'openai-chat',
  '/v1/messages': 'anthropic-messages',
  '/v1/responses': 'openai-responses',
  [GEMINI_PATH]: 'gemini-generate-content',
};

const ROUTE_FIELDS = ['path', 'upstream_path', 'models', 'auth', 'converter'];
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const REGEX_MODEL = /^\/(.+)\/([dgimsuyv]*)$/;

/** A configuration problem, with a message meant for the administrator. */
export class AdvancedCustomError extends Error {}

/**
 * Checks an advanced custom configuration (a JSON string, or the parsed object) and answers
 * it normalised. Throws AdvancedCustomError with a message naming the field at fault (the
 * management layer answers it as a 400).
 */
export function parseAdvancedCustom(json: unknown): AdvancedCustomConfig {
  let value = json;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw new AdvancedCustomError('advanced_custom is required for an advanced custom channel (type 58): a JSON object with a "routes" list.');
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new AdvancedCustomError(`advanced_custom is not valid JSON: ${(error as Error).message}.`);
    }
  }
  if (!isRecord(value)) throw new AdvancedCustomError('advanced_custom must be a JSON object with a "routes" list.');
  const unknown = Object.keys(value).filter((k) => k !== 'routes');
  if (unknown.length > 0) throw new AdvancedCustomError(`advanced_custom: unknown field "${unknown[0]}" (the object holds only "routes").`);
  if (!Array.isArray(value.routes) || value.routes.length === 0) {
    throw new AdvancedCustomError('advanced_custom.routes must be a non-empty list of routes.');
  }
  const routes = value.routes.map((route, index) => parseRoute(route, `advanced_custom.routes[${index}]`));
  if (!routes.some((route) => route.path !== MODELS_PATH)) {
    throw new AdvancedCustomError(`advanced_custom.routes needs at least one model-call route (path one of ${Object.keys(CALL_PATHS).join(', ')}).`);
  }
  return { routes };
}

function parseRoute(value: unknown, where: string): AdvancedCustomRoute {
  if (!isRecord(value)) throw new AdvancedCustomError(`${where} must be an object with path, upstream_path, models, auth and converter.`);
  const extra = Object.keys(value).find((k) => !ROUTE_FIELDS.includes(k));
  if (extra !== undefined) throw new AdvancedCustomError(`${where}: unknown field "${extra}" (known: ${ROUTE_FIELDS.join(', ')}).`);

  const path = incomingPath(value.path, where);
  const upstream = upstreamPath(value.upstream_path, where);
  const models = modelPatterns(value.models, where);
  const auth = keyPlacement(value.auth, where);
  const converter = value.converter ?? 'none';
  if (typeof converter !== 'string' || !(CONVERTERS as readonly string[]).includes(converter)) {
    throw new AdvancedCustomError(`${where}.converter must be one of ${CONVERTERS.join(', ')}.`);
  }
  if (path === MODELS_PATH) {
    if (converter !== 'none') throw new AdvancedCustomError(`${where}: the ${MODELS_PATH} route lists models; its converter must be "none".`);
    if (upstream.includes('{model}')) throw new AdvancedCustomError(`${where}: the ${MODELS_PATH} route's upstream_path cannot use {model}.`);
  }
  return { path, upstream_path: upstream, models, auth, converter: converter as Converter };
}

function incomingPath(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AdvancedCustomError(`${where}.path is required: the incoming path, e.g. /v1/chat/completions.`);
  const path = value.trim().replace(/\/+$/, '');
  if (path === MODELS_PATH || CALL_PATHS[path]) return path;
  // Any spelling of the generate-content path: /v1beta/models/{model}:generateContent, …/*:streamGenerateContent, …
  if (/^\/v1beta\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(path)) return GEMINI_PATH;
  throw new AdvancedCustomError(`${where}.path "${value}" is not a path the relay serves: use one of ${[...Object.keys(CALL_PATHS), MODELS_PATH].join(', ')}.`);
}

function upstreamPath(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AdvancedCustomError(`${where}.upstream_path is required: an absolute http(s) URL, or a path starting with / (relative to the base URL).`);
  }
  const upstream = value.trim();
  if (upstream.startsWith('/')) return upstream;
  if (/^https?:\/\//i.test(upstream)) {
    try {
      new URL(upstream.replaceAll('{model}', 'model'));
      return upstream;
    } catch {
      // answered below
    }
  }
  throw new AdvancedCustomError(`${where}.upstream_path "${upstream}" must be an absolute http(s) URL or a path starting with /.`);
}

function modelPatterns(value: unknown, where: string): string[] {
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) {
    throw new AdvancedCustomError(`${where}.models must be a list of model names or /regex/ patterns.`);
  }
  const models = (items as string[]).map((m) => m.trim()).filter(Boolean);
  for (const model of models) {
    const regex = REGEX_MODEL.exec(model);
    if (!regex) continue;
    try {
      new RegExp(regex[1]!, regex[2]);
    } catch (error) {
      throw new AdvancedCustomError(`${where}.models: ${model} is not a valid regular expression (${(error as Error).message}).`);
    }
  }
  return models;
}

function keyPlacement(value: unknown, where: string): KeyPlacement {
  const bad = () =>
    new AdvancedCustomError(`${where}.auth must be "bearer", "none", {"header": "<name>"} or {"query": "<name>"} (or {"type": "bearer|none|header|query", "name": "<name>"}).`);
  if (value === undefined || value === null || value === 'bearer') return { type: 'bearer' };
  if (value === 'none') return { type: 'none' };
  if (!isRecord(value)) throw bad();
  let type: unknown = value.type;
  let name: unknown = value.name;
  if (type === undefined) {
    const keys = Object.keys(value);
    if (keys.length !== 1 || (keys[0] !== 'header' && keys[0] !== 'query')) throw bad();
    type = keys[0];
    name = value[keys[0]!];
  } else if (Object.keys(value).some((k) => k !== 'type' && k !== 'name')) {
    throw bad();
  }
  if (type === 'bearer' || type === 'none') return { type };
  if (type !== 'header' && type !== 'query') throw bad();
  if (typeof name !== 'string' || name.trim() === '') throw new AdvancedCustomError(`${where}.auth: give the ${type} name for the key.`);
  if (type === 'header' && !HEADER_NAME.test(name.trim())) throw new AdvancedCustomError(`${where}.auth: "${name}" is not a valid header name.`);
  return { type, name: name.trim() };
}

/** The client protocol of a model-call route's incoming path. */
export function incomingProtocolOf(route: AdvancedCustomRoute): WireProtocol | undefined {
  return CALL_PATHS[route.path];
}

/** The protocol the upstream of a model-call route speaks. */
export function upstreamProtocolOf(route: AdvancedCustomRoute): WireProtocol {
  return route.converter === 'none' ? (CALL_PATHS[route.path] ?? 'openai-chat') : route.converter;
}

const regexCache = new Map<string, RegExp | null>();

/** Whether a route serves any of the given model names (exact or `/regex/`; no list = every model). */
export function routeServes(route: AdvancedCustomRoute, models: readonly string[]): boolean {
  if (route.models.length === 0) return true;
  return route.models.some((pattern) => {
    let regex = regexCache.get(pattern);
    if (regex === undefined) {
      const parts = REGEX_MODEL.exec(pattern);
      regex = parts ? new RegExp(parts[1]!, parts[2]!.replace(/[gy]/g, '')) : null;
      if (regexCache.size > 1000) regexCache.clear();
      regexCache.set(pattern, regex);
    }
    return models.some((model) => (regex ? regex.test(model) : pattern === model));
  });
}

/**
 * The route for a model call: among the model-call routes serving the model, the one whose
 * incoming path is the client's protocol, else the first in the list (the relay translates
 * between protocols through its IR, so any route can serve any client).
 */
export function chooseRoute(config: AdvancedCustomConfig, clientProtocol: WireProtocol | undefined, models: readonly string[]): AdvancedCustomRoute | undefined {
  const serving = config.routes.filter((route) => route.path !== MODELS_PATH && routeServes(route, models.filter(Boolean)));
  return serving.find((route) => incomingProtocolOf(route) === clientProtocol) ?? serving[0];
}

/** The discovery route (`/v1/models`), if the configuration has one. */
export function modelsRoute(config: AdvancedCustomConfig): AdvancedCustomRoute | undefined {
  return config.routes.find((route) => route.path === MODELS_PATH);
}

/**
 * The upstream URL of a route: `{model}` filled in; a relative path joined to the base URL,
 * which must then be a full http(s) address.
 */
export function routeUrl(route: AdvancedCustomRoute, baseUrl: string, model?: string): string {
  const path = model === undefined ? route.upstream_path : route.upstream_path.replaceAll('{model}', encodeURIComponent(model));
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseUrl.trim().replace(/\/+$/, '');
  if (!base) {
    throw new AdvancedCustomError(
      `The ${route.path} route's upstream path ${route.upstream_path} is relative: it needs the channel's base URL (a full http:// or https:// address), which is empty. Set the base URL or make the upstream path an absolute URL.`,
    );
  }
  if (!/^https?:\/\/[^/\s]+/i.test(base)) {
    throw new AdvancedCustomError(`The ${route.path} route's upstream path ${route.upstream_path} is relative: the base URL "${base}" must be a full http:// or https:// address.`);
  }
  return base + path;
}

/** Parsed configurations by their JSON text: an adapter is built per attempt, parsing once is enough. */
const parsedCache = new Map<string, AdvancedCustomConfig>();

export function cachedAdvancedCustom(json: string): AdvancedCustomConfig {
  let config = parsedCache.get(json);
  if (!config) {
    config = parseAdvancedCustom(json);
    if (parsedCache.size > 256) parsedCache.clear();
    parsedCache.set(json, config);
  }
  return config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
