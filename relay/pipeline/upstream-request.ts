import type { IncomingMessage } from 'node:http';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ClientCodec, RouteFacts } from '../protocols/types.js';
import { adapterFor } from '../providers/registry.js';
import type { ProviderAdapter, UpstreamRequest } from '../providers/types.js';
import { mapModel } from '../routing/select-channel.js';
import type { ChannelRecord } from '../store/schema.js';
import type { ChannelEndpoint } from '../upstream/channel-endpoint.js';

/**
 * The upstream request of one attempt: the client's own body when both sides speak the same
 * protocol (only the model, stream usage and client headers the upstream needs change),
 * otherwise the adapter's encoding of the IR. Header overrides apply either way.
 */
export function buildUpstreamRequest(options: {
  codec: ClientCodec;
  channel: ChannelRecord;
  /** The channel reached with this attempt's key. */
  endpoint: ChannelEndpoint;
  request: ChatRequest;
  /** The client's body as it came. */
  raw: unknown;
  route: RouteFacts;
  req: IncomingMessage;
  /** Collects what the adapter could not carry. */
  warnings: string[];
  /** Always through the IR: the call came on another wire, read as chat (legacy completions). */
  translate?: boolean;
}): { adapter: ProviderAdapter; upstream: UpstreamRequest; passthrough: boolean; upstreamModel: string } {
  const { codec, channel, endpoint, request, route, req } = options;
  const upstreamModel = mapModel(channel, request.model);
  // An advanced custom channel (type 58) picks its route by the client's protocol and the model.
  const adapter = adapterFor(channel, { protocol: codec.protocol, models: [upstreamModel, request.model] });
  const target = endpoint.target(upstreamModel, channel.settings);
  const passthrough =
    !options.translate &&
    adapter.protocol === codec.protocol && adapter.buildPassthroughRequest !== undefined && (codec.passthrough?.accepts?.(route) ?? codec.passthrough !== undefined);
  let upstream: UpstreamRequest;
  if (passthrough) {
    upstream = adapter.buildPassthroughRequest!(options.raw as Record<string, unknown>, target, request.stream);
    forwardClientHeaders(upstream, req, codec.passthrough?.forwardHeaders ?? []);
  } else {
    const built = adapter.buildChatRequest(request, target);
    upstream = built.request;
    options.warnings.push(...built.warnings);
  }
  upstream.headers = endpoint.headers(upstream.headers);
  return { adapter, upstream, passthrough, upstreamModel };
}

/** Adds the client's values of `names` to the upstream request, merging comma lists without duplicates. */
function forwardClientHeaders(upstream: UpstreamRequest, req: IncomingMessage, names: readonly string[]): void {
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value !== 'string' || value === '') continue;
    const merged = new Set([...(upstream.headers[name] ?? '').split(','), ...value.split(',')].map((v) => v.trim()).filter(Boolean));
    upstream.headers[name] = [...merged].join(',');
  }
}
