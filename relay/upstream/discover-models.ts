// Asks an upstream which models it serves, in each channel type's own way. Used by the
// console's "fetch models" (POST /api/channel/fetch_models); never by the relay path.
import { request as undiciRequest } from 'undici';
import { placeKey } from '../providers/advanced-custom/adapter.js';
import { AdvancedCustomError, MODELS_PATH, modelsRoute, routeUrl } from '../providers/advanced-custom/config.js';
import type { AdvancedCustomConfig } from '../providers/advanced-custom/config.js';
import { ANTHROPIC_VERSION } from '../providers/anthropic/build-request.js';
import { DEFAULT_AZURE_API_VERSION, joinV1 } from '../providers/openai-chat/adapter.js';
import { ChannelType } from '../providers/registry.js';
import type { ChannelEndpoint } from './channel-endpoint.js';

export interface DiscoveryTarget {
  type: number;
  /** Base URL (may be '' for type 58 with absolute routes), header overrides (applied last), proxy. */
  endpoint: ChannelEndpoint;
  /** '' when the channel has none (Ollama). */
  apiKey: string;
  /** Azure's `api_version`. */
  apiVersion?: string;
  /** Type 58: the validated configuration. */
  advancedCustom?: AdvancedCustomConfig;
  timeoutMs?: number;
}

/**
 * Why discovery failed. `configuration`: the request cannot be made as configured (400);
 * otherwise the upstream failed or answered something else (502). `upstreamStatus` is the
 * upstream's HTTP status when it answered. Messages never hold the key.
 */
export class DiscoveryError extends Error {
  constructor(
    message: string,
    readonly configuration: boolean,
    readonly upstreamStatus = 0,
  ) {
    super(message);
  }
}

/** Pages followed at most (Anthropic `has_more`, Gemini `nextPageToken`, Cohere `next_page_token`). */
const MAX_PAGES = 50;

/** The upstream's model ids, sorted and unique. */
export async function discoverModels(target: DiscoveryTarget): Promise<string[]> {
  try {
    const ids = await discover(target);
    return [...new Set(ids.filter((id) => id !== ''))].sort();
  } catch (error) {
    const known = error instanceof DiscoveryError ? error : error instanceof AdvancedCustomError ? new DiscoveryError(error.message, true) : undefined;
    if (known) throw new DiscoveryError(target.endpoint.redact(known.message), known.configuration, known.upstreamStatus);
    throw error;
  }
}

async function discover(target: DiscoveryTarget): Promise<string[]> {
  const base = target.endpoint.baseUrl;
  if (target.type === ChannelType.advancedCustom) return discoverAdvancedCustom(target, base);
  if (!/^https?:\/\/[^/\s]+/i.test(base)) {
    throw new DiscoveryError('Give the channel a base URL (a full http:// or https:// address): this type has no default one.', true);
  }
  switch (target.type) {
    case ChannelType.anthropic:
      return discoverAnthropic(target, base);
    case ChannelType.gemini:
      return discoverGemini(target, base);
    case ChannelType.cohere:
      return discoverCohere(target, base);
    case ChannelType.ollama: {
      const body = await getJson(target, `${base.replace(/\/v1$/, '')}/api/tags`, {});
      return listOf(body, 'models', 'name', 'models[].name');
    }
    case ChannelType.azure: {
      const version = target.apiVersion || DEFAULT_AZURE_API_VERSION;
      const body = await getJson(target, `${base}/openai/models?api-version=${encodeURIComponent(version)}`, target.apiKey ? { 'api-key': target.apiKey } : {});
      return listOf(body, 'data', 'id', 'data[].id');
    }
    default: {
      const body = await getJson(target, joinV1(base, 'models'), target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {});
      return listOf(body, 'data', 'id', 'data[].id');
    }
  }
}

/** Anthropic: `x-api-key` and `anthropic-version`; pages follow `has_more` / `last_id`. */
async function discoverAnthropic(target: DiscoveryTarget, base: string): Promise<string[]> {
  const root = /\/v1$/.test(base) ? base : `${base}/v1`;
  const headers = { 'x-api-key': target.apiKey, 'anthropic-version': ANTHROPIC_VERSION };
  const ids: string[] = [];
  let after = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await getJson(target, `${root}/models?limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`, headers);
    ids.push(...listOf(body, 'data', 'id', 'data[].id'));
    const record = body as { has_more?: unknown; last_id?: unknown };
    if (record.has_more !== true || typeof record.last_id !== 'string' || record.last_id === '' || record.last_id === after) break;
    after = record.last_id;
  }
  return ids;
}

/** Gemini: the key in `x-goog-api-key` (kept out of URLs); names `models/x` → `x`; pages follow `nextPageToken`. */
async function discoverGemini(target: DiscoveryTarget, base: string): Promise<string[]> {
  const root = /\/v1(alpha|beta)?$/.test(base) ? base : `${base}/v1beta`;
  const headers: Record<string, string> = target.apiKey ? { 'x-goog-api-key': target.apiKey } : {};
  const names = await followPageTokens('nextPageToken', (token) => getJson(target, `${root}/models?pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`, headers));
  return names.map((name) => name.replace(/^models\//, ''));
}

/** Cohere: its rerank models (`endpoint=rerank`, what its channels serve) at `{base}/v1/models`; pages follow `next_page_token`. */
async function discoverCohere(target: DiscoveryTarget, base: string): Promise<string[]> {
  const root = base.replace(/\/v[12]$/, '');
  const headers: Record<string, string> = target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {};
  return followPageTokens('next_page_token', (token) => getJson(target, `${root}/v1/models?endpoint=rerank&page_size=1000${token ? `&page_token=${encodeURIComponent(token)}` : ''}`, headers));
}

/** `models[].name` of every page, each page asked with the token the last one gave in `tokenField` ('' first). */
async function followPageTokens(tokenField: string, page: (token: string) => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  let token = '';
  for (let count = 0; count < MAX_PAGES; count++) {
    const body = await page(token);
    names.push(...listOf(body, 'models', 'name', 'models[].name'));
    const next = (body as Record<string, unknown>)[tokenField];
    if (typeof next !== 'string' || next === '' || next === token) break;
    token = next;
  }
  return names;
}

/** Type 58: only through an explicit `/v1/models` route, whose upstream answers `data[].id`. */
async function discoverAdvancedCustom(target: DiscoveryTarget, base: string): Promise<string[]> {
  const config = target.advancedCustom;
  if (!config) throw new DiscoveryError('advanced_custom is required for an advanced custom channel (type 58).', true);
  const route = modelsRoute(config);
  if (!route) {
    throw new DiscoveryError(
      `The advanced custom configuration has no ${MODELS_PATH} route: model discovery needs one, e.g. {"path": "${MODELS_PATH}", "upstream_path": "/v1/models"}, whose upstream answers {"data": [{"id": …}]}.`,
      true,
    );
  }
  const { url, headers } = placeKey(routeUrl(route, base), {}, route.auth, target.apiKey);
  const body = await getJson(target, url, headers);
  return listOf(body, 'data', 'id', 'data[].id');
}

async function getJson(target: DiscoveryTarget, url: string, headers: Record<string, string>): Promise<unknown> {
  const sent = target.endpoint.headers({ accept: 'application/json', ...headers });
  const shown = withoutQuery(url);
  let status: number;
  let text: string;
  try {
    const response = await undiciRequest(url, {
      method: 'GET',
      headers: sent,
      dispatcher: target.endpoint.dispatcher,
      signal: AbortSignal.timeout(target.timeoutMs ?? 30_000),
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw new DiscoveryError(`Could not reach the upstream (GET ${shown}): ${connectionProblem(error)}.`, false);
  }
  if (status < 200 || status >= 300) {
    throw new DiscoveryError(`The upstream answered HTTP ${status} to GET ${shown}: ${upstreamMessage(text) || '(no message)'}`, false, status);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new DiscoveryError(`The upstream answered GET ${shown} with something that is not JSON: ${snippet(text)}`, false, status);
  }
}

/** `body[field][].key` as strings; a clear error when the answer is not that list. */
function listOf(body: unknown, field: string, key: string, shape: string): string[] {
  const items = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (!Array.isArray(items)) throw new DiscoveryError(`The upstream's answer is not a model list (expected ${shape}): ${snippet(JSON.stringify(body))}`, false);
  return items.flatMap((item) => {
    const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? [value.trim()] : [];
  });
}

/** The message of an OpenAI, Anthropic or Google error body, else the start of the text. */
function upstreamMessage(text: string): string {
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const error = json.error;
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return snippet((error as { message: string }).message);
    if (typeof error === 'string') return snippet(error);
    for (const field of ['message', 'detail', 'msg']) if (typeof json[field] === 'string') return snippet(json[field] as string);
  } catch {
    // not JSON: the text itself
  }
  return snippet(text);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

/** A URL as shown in messages: without its query (a key may sit there) or credentials. */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0]!;
  }
}

function connectionProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError') return 'no answer in time';
  return cause?.code ?? (error as { code?: string })?.code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error';
}
