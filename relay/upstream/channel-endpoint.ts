import type { Dispatcher } from 'undici';
import { DEFAULT_BASE_URLS } from '../providers/channel-facts.js';
import type { UpstreamTarget } from '../providers/types.js';
import type { ChannelRecord } from '../store/schema.js';
import type { Dispatchers } from './dispatchers.js';

/** What of a channel decides where and how it is reached (a saved channel, or a preview's draft). */
export type EndpointChannel = Pick<ChannelRecord, 'type' | 'base_url' | 'header_override'>;

/**
 * One channel reached with one key: every request to an upstream (model calls, channel
 * tests, model discovery, balance queries) gets its address, headers and connection here.
 * The key lives in closures only, so logging or serialising an endpoint shows no secret.
 */
export interface ChannelEndpoint {
  /** The channel's base URL, else its type's default ('' when it has neither); never ends in '/'. */
  readonly baseUrl: string;
  /** The channel's proxy, or the direct connection pool. */
  readonly dispatcher: Dispatcher;
  /** `extra` (the request's own headers) with the channel's header overrides applied last. */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** Where an adapter sends one attempt for `model` (the upstream's model name). */
  target(model: string, settings: Record<string, unknown>): UpstreamTarget;
  /** `text` with the key and every header override value (they may hold other secrets) replaced by `***`. */
  redact(text: string): string;
}

/** A base URL as requests use it: the channel's own, else its type's default, without trailing slashes. */
export function effectiveBaseUrl(type: number, baseUrl: string): string {
  return (baseUrl.trim() || DEFAULT_BASE_URLS[type] || '').replace(/\/+$/, '');
}

/**
 * Header overrides replace or add headers (names lower-cased, so `Authorization` replaces
 * the adapter's `authorization`); `{api_key}` in a value becomes the key.
 */
export function withHeaderOverride(headers: Record<string, string>, override: Record<string, string>, key: string): Record<string, string> {
  const out = { ...headers };
  for (const [name, value] of Object.entries(override)) out[name.toLowerCase()] = String(value).replaceAll('{api_key}', key);
  return out;
}

/** Secrets shorter than this are not redacted: replacing 'a' everywhere would garble messages, and hides nothing. */
const MIN_SECRET_LENGTH = 8;

/** The endpoint of `channel` with `key` over an already chosen `dispatcher` (a preview's proxy, say). */
export function endpointOf(channel: EndpointChannel, key: string, dispatcher: Dispatcher): ChannelEndpoint {
  const baseUrl = effectiveBaseUrl(channel.type, channel.base_url);
  const override = channel.header_override;
  return {
    baseUrl,
    dispatcher,
    headers: (extra = {}) => withHeaderOverride(extra, override, key),
    target: (model, settings) => ({ baseUrl, apiKey: key, model, settings }),
    redact: (text) => {
      const secrets = [key, encodeURIComponent(key), ...Object.values(override).map((value) => String(value).replaceAll('{api_key}', key))]
        .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
        .sort((a, b) => b.length - a.length);
      let out = text;
      for (const secret of secrets) out = out.replaceAll(secret, '***');
      // A short key is still never shown.
      return key ? out.replaceAll(key, '***') : out;
    },
  };
}

export interface EndpointDeps {
  /** The channel ports, or the call catalog: where a proxy's URL (password included) is read. */
  channels: { proxyUrl(channel: ChannelRecord): Promise<string> };
  dispatchers: Dispatchers;
}

/**
 * The endpoint of a saved channel with one of its keys, through the channel's proxy. Without a
 * proxy it answers at once, not a promise: every call asks (an `await` of it still works).
 */
export function channelEndpoint(channel: ChannelRecord, key: string, deps: EndpointDeps): ChannelEndpoint | Promise<ChannelEndpoint> {
  if (!channel.proxy) return endpointOf(channel, key, deps.dispatchers.for(''));
  return deps.channels.proxyUrl(channel).then((proxy) => endpointOf(channel, key, deps.dispatchers.for(proxy)));
}
