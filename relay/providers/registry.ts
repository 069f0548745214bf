import { COMPLETIONS_ENDPOINTS, ChannelType } from './channel-facts.js';
import { advancedCustomAdapter } from './advanced-custom/adapter.js';
import type { AdvancedCustomCall } from './advanced-custom/adapter.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { geminiAdapter } from './gemini/adapter.js';
import { azureOpenAIAdapter, openaiChatAdapter } from './openai-chat/adapter.js';
import { openaiResponsesAdapter } from './openai-responses/adapter.js';
import { geminiEmbeddingsAdapter } from './gemini/embeddings.js';
import { geminiImagesAdapter } from './gemini/images.js';
import { azureImagesAdapter, compatibleImagesAdapter, openaiImagesAdapter } from './openai-chat/images.js';
import { azureCompletionsAdapter, deepseekCompletionsAdapter, openaiCompletionsAdapter } from './openai-chat/completions.js';
import { azureEmbeddingsAdapter, openaiEmbeddingsAdapter } from './openai-chat/embeddings.js';
import { openaiModerationAdapter } from './openai-chat/moderation.js';
import { openaiVideoAdapter } from './openai-chat/video.js';
import { azureAudioAdapter, openaiAudioAdapter } from './openai-chat/audio.js';
import { cohereRerankAdapter, jinaRerankAdapter } from './rerank.js';
import type { AudioAdapter, CompletionsAdapter, EmbeddingsAdapter, ImagesAdapter, ModerationAdapter, ProviderAdapter, RerankAdapter, VideoAdapter } from './types.js';

export { ChannelType, DEFAULT_BASE_URLS } from './channel-facts.js';

export function isSupportedChannelType(type: number): boolean {
  return (Object.values(ChannelType) as number[]).includes(type);
}

/** What the registry reads of a channel: its type and per-type settings (`upstream_protocol`, `advanced_custom`). */
export interface AdapterChannel {
  type: number;
  settings: Readonly<Record<string, unknown>>;
}

/**
 * The adapter that speaks to a channel's upstream. `call` (the client protocol, the model
 * names) lets an advanced custom channel pick its route up front; other types ignore it.
 */
export function adapterFor(channel: AdapterChannel, call?: AdvancedCustomCall): ProviderAdapter {
  switch (channel.type) {
    case ChannelType.advancedCustom:
      return advancedCustomAdapter(channel.settings, call);
    case ChannelType.anthropic:
      return anthropicAdapter;
    case ChannelType.gemini:
      return geminiAdapter;
    case ChannelType.azure:
      return azureOpenAIAdapter;
    default:
      return channel.settings.upstream_protocol === 'responses' ? openaiResponsesAdapter : openaiChatAdapter;
  }
}

/** The embeddings endpoint of a channel's upstream; none for kinds without one (Anthropic, advanced custom). */
export function embeddingsAdapterFor(channel: AdapterChannel): EmbeddingsAdapter | undefined {
  switch (channel.type) {
    case ChannelType.advancedCustom:
    case ChannelType.anthropic:
    case ChannelType.cohere:
      return undefined;
    case ChannelType.gemini:
      return geminiEmbeddingsAdapter;
    case ChannelType.azure:
      return azureEmbeddingsAdapter;
    default:
      return openaiEmbeddingsAdapter;
  }
}

/** The moderation endpoint of a channel's upstream: OpenAI-kind only (Azure, Anthropic, Gemini, Cohere, Jina and advanced custom have none). */
export function moderationAdapterFor(channel: AdapterChannel): ModerationAdapter | undefined {
  switch (channel.type) {
    case ChannelType.advancedCustom:
    case ChannelType.anthropic:
    case ChannelType.gemini:
    case ChannelType.azure:
    case ChannelType.cohere:
    case ChannelType.jina:
      return undefined;
    default:
      return openaiModerationAdapter;
  }
}

/**
 * The rerank endpoint of a channel's upstream: Cohere's v2, else the Jina-shaped `/v1/rerank`
 * that Jina and OpenAI-compatible servers (vLLM…) answer; none for kinds without one.
 */
export function rerankAdapterFor(channel: AdapterChannel): RerankAdapter | undefined {
  switch (channel.type) {
    case ChannelType.advancedCustom:
    case ChannelType.anthropic:
    case ChannelType.gemini:
    case ChannelType.azure:
      return undefined;
    case ChannelType.cohere:
      return cohereRerankAdapter;
    default:
      return jinaRerankAdapter;
  }
}

/**
 * The audio endpoints (speech, transcription, translation) of a channel's upstream: OpenAI's,
 * spoken by OpenAI, OpenAI-compatible servers and Azure deployments; none for the others
 * (Gemini transcribes through generate-content, which the relay serves as chat).
 */
export function audioAdapterFor(channel: AdapterChannel): AudioAdapter | undefined {
  switch (channel.type) {
    case ChannelType.openai:
    case ChannelType.custom:
      return openaiAudioAdapter;
    case ChannelType.azure:
      return azureAudioAdapter;
    default:
      return undefined;
  }
}

const COMPLETIONS_ADAPTERS = { openai: openaiCompletionsAdapter, azure: azureCompletionsAdapter, deepseek: deepseekCompletionsAdapter };

/**
 * The completions endpoint of a channel's upstream; none (the call then goes as chat) for
 * types without one, a channel calling the Responses API, and one set to `completions_upstream: 'chat'`.
 */
export function completionsAdapterFor(channel: AdapterChannel): CompletionsAdapter | undefined {
  const endpoint = COMPLETIONS_ENDPOINTS[channel.type];
  if (!endpoint || channel.settings.upstream_protocol === 'responses' || channel.settings.completions_upstream === 'chat') return undefined;
  return COMPLETIONS_ADAPTERS[endpoint];
}

/** The video API of a channel's upstream: OpenAI's (Sora), on OpenAI and OpenAI-compatible custom channels; none elsewhere. */
export function videoAdapterFor(channel: AdapterChannel): VideoAdapter | undefined {
  return channel.type === ChannelType.openai || channel.type === ChannelType.custom ? openaiVideoAdapter : undefined;
}

/**
 * The image endpoints of a channel's upstream: OpenAI's (a custom channel's OpenAI-compatible
 * server also takes the image-model form), an Azure deployment's, Gemini's image models through
 * generate-content; none for the others.
 */
export function imagesAdapterFor(channel: AdapterChannel): ImagesAdapter | undefined {
  switch (channel.type) {
    case ChannelType.openai:
      return openaiImagesAdapter;
    case ChannelType.custom:
      return compatibleImagesAdapter;
    case ChannelType.azure:
      return azureImagesAdapter;
    case ChannelType.gemini:
      return geminiImagesAdapter;
    default:
      return undefined;
  }
}
