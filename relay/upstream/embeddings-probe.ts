import { ChannelType } from '../providers/channel-facts.js';
import { geminiModelUrl } from '../providers/gemini/build-url.js';
import { openaiEmbeddingsAdapter } from '../providers/openai-chat/embeddings.js';
import { embeddingsAdapterFor } from '../providers/registry.js';
import type { UpstreamRequest } from '../providers/types.js';
import type { ChannelRecord } from '../store/schema.js';
import type { ChannelEndpoint } from './channel-endpoint.js';

/**
 * A minimal embeddings request (the input "hi") for testing a channel that serves embeddings
 * but not chat, built by the channel's embeddings adapter (`{base}/v1/embeddings`, an Azure
 * deployment's `/embeddings`); Gemini gets the single `models/{m}:embedContent`, its
 * smallest call. Headers before the channel's header override (the caller applies it).
 */
export function embeddingsProbeRequest(channel: Pick<ChannelRecord, 'type' | 'settings'>, endpoint: Pick<ChannelEndpoint, 'target'>, model: string): UpstreamRequest {
  const target = endpoint.target(model, channel.settings);
  if (channel.type === ChannelType.gemini) {
    return {
      url: geminiModelUrl(target.baseUrl, model, 'embedContent'),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify({ content: { parts: [{ text: 'hi' }] } }),
    };
  }
  const adapter = embeddingsAdapterFor(channel) ?? openaiEmbeddingsAdapter;
  return adapter.buildPassthroughRequest!({ model, input: 'hi' }, target);
}
