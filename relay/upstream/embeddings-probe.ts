import { ChannelType, DEFAULT_AZURE_API_VERSION } from '../providers/channel-facts.js';
import { joinV1 } from '../providers/openai-chat/adapter.js';
import type { UpstreamRequest } from '../providers/types.js';
import type { ChannelRecord } from '../store/schema.js';
import type { ChannelEndpoint } from './channel-endpoint.js';

/**
 * A minimal embeddings request (the input "hi") for testing a channel that serves embeddings
 * but not chat: `{base}/v1/embeddings` for OpenAI-kind upstreams, the deployment's
 * `/embeddings` on Azure, `models/{m}:embedContent` on Gemini. Headers before the channel's
 * header override (the caller applies it).
 */
export function embeddingsProbeRequest(channel: Pick<ChannelRecord, 'type' | 'settings'>, endpoint: Pick<ChannelEndpoint, 'target'>, model: string): UpstreamRequest {
  const { baseUrl, apiKey } = endpoint.target(model, channel.settings);
  const json = { 'content-type': 'application/json' };
  if (channel.type === ChannelType.gemini) {
    // A base URL that already names an API version keeps it (as for generateContent).
    const base = /\/v1(alpha|beta)?$/.test(baseUrl) ? baseUrl : `${baseUrl}/v1beta`;
    const name = model.replace(/^models\//, '');
    return {
      url: `${base}/models/${encodeURIComponent(name)}:embedContent`,
      headers: { ...json, 'x-goog-api-key': apiKey },
      body: JSON.stringify({ content: { parts: [{ text: 'hi' }] } }),
    };
  }
  if (channel.type === ChannelType.azure) {
    const version = typeof channel.settings.api_version === 'string' && channel.settings.api_version ? channel.settings.api_version : DEFAULT_AZURE_API_VERSION;
    const deployment = encodeURIComponent(model.replace(/\./g, ''));
    return {
      url: `${baseUrl}/openai/deployments/${deployment}/embeddings?api-version=${encodeURIComponent(version)}`,
      headers: { ...json, 'api-key': apiKey },
      body: JSON.stringify({ input: 'hi' }),
    };
  }
  return {
    url: joinV1(baseUrl, 'embeddings'),
    headers: apiKey ? { ...json, authorization: `Bearer ${apiKey}` } : json,
    body: JSON.stringify({ model, input: 'hi' }),
  };
}
