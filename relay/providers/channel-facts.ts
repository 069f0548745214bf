// Per-type facts the relay and the console share: plain data importing only the
// call-family type, so the console (renderer/lib/channel-types.ts) bundles this file rather
// than copying the facts.
import type { CallFamily } from '../ir/call-family.js';

export const ChannelType = {
  openai: 1,
  azure: 3,
  ollama: 4,
  custom: 8,
  anthropic: 14,
  openrouter: 20,
  gemini: 24,
  /** Rerank (`/v2/rerank`). */
  cohere: 34,
  /** Rerank and embeddings (`/v1/rerank`, `/v1/embeddings`). */
  jina: 38,
  deepseek: 43,
  /** Routes with their own upstream path, key placement and converter (`settings.advanced_custom`). */
  advancedCustom: 58,
} as const;

/** Sensible base URLs per type, for channels created without one. */
export const DEFAULT_BASE_URLS: Record<number, string> = {
  [ChannelType.openai]: 'https://api.openai.com',
  [ChannelType.ollama]: 'http://127.0.0.1:11434',
  [ChannelType.anthropic]: 'https://api.anthropic.com',
  [ChannelType.openrouter]: 'https://openrouter.ai/api',
  [ChannelType.gemini]: 'https://generativelanguage.googleapis.com',
  [ChannelType.cohere]: 'https://api.cohere.com',
  [ChannelType.jina]: 'https://api.jina.ai',
  [ChannelType.deepseek]: 'https://api.deepseek.com',
};

/** The Azure OpenAI `api-version` used when a channel names none. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

export type BalanceSource = 'openai' | 'openrouter' | 'deepseek';

/** The types whose upstream answers a balance query, and which query (the others have none). */
export const BALANCE_SOURCES: Partial<Record<number, BalanceSource>> = {
  [ChannelType.openai]: 'openai',
  [ChannelType.custom]: 'openai',
  [ChannelType.openrouter]: 'openrouter',
  [ChannelType.deepseek]: 'deepseek',
};

export type CompletionsEndpoint = 'openai' | 'azure' | 'deepseek';

/**
 * The types whose upstream has a legacy completions endpoint, and which (OpenAI's
 * `/v1/completions`, an Azure deployment's, DeepSeek's beta fill-in-the-middle). A channel
 * of these types can still be set to answer completions through chat
 * (`completions_upstream: 'chat'`): modern OpenAI chat models are not served there.
 */
export const COMPLETIONS_ENDPOINTS: Partial<Record<number, CompletionsEndpoint>> = {
  [ChannelType.openai]: 'openai',
  [ChannelType.azure]: 'azure',
  [ChannelType.ollama]: 'openai',
  [ChannelType.custom]: 'openai',
  [ChannelType.openrouter]: 'openai',
  [ChannelType.deepseek]: 'deepseek',
};

/**
 * The call families each type serves unless a channel says otherwise: what the upstream
 * really offers. Custom (OpenAI-compatible) servers vary, so it gets the whole OpenAI-shaped
 * surface plus rerank (vLLM, TEI…). An advanced custom channel serves what its routes can
 * carry: every route's path is a chat protocol's (advanced-custom/config.ts), so chat (and
 * completions through it); its own families list is the way to declare more. Legacy
 * completions are served by every type that serves chat: by the upstream's own completions
 * endpoint where it has one (COMPLETIONS_ENDPOINTS), else translated to a chat call, which
 * answers a plain prompt as well and refuses clearly what chat cannot do (suffix, logprobs,
 * several prompts or choices).
 */
export const DEFAULT_FAMILIES: Record<number, readonly CallFamily[]> = {
  [ChannelType.openai]: ['chat', 'embeddings', 'completions', 'moderation', 'images', 'audio', 'video'],
  [ChannelType.azure]: ['chat', 'embeddings', 'completions', 'images', 'audio'],
  [ChannelType.ollama]: ['chat', 'embeddings', 'completions'],
  [ChannelType.custom]: ['chat', 'embeddings', 'completions', 'rerank', 'moderation', 'images', 'audio'],
  [ChannelType.anthropic]: ['chat', 'completions'],
  [ChannelType.openrouter]: ['chat', 'embeddings', 'completions'],
  [ChannelType.gemini]: ['chat', 'embeddings', 'completions', 'images'],
  [ChannelType.cohere]: ['rerank'],
  // Jina's /v1/embeddings is OpenAI-shaped.
  [ChannelType.jina]: ['rerank', 'embeddings'],
  // Completions: DeepSeek's fill-in-the-middle (beta).
  [ChannelType.deepseek]: ['chat', 'completions'],
  [ChannelType.advancedCustom]: ['chat', 'completions'],
};

/** The families a channel serves: its own list, or (empty) its type's defaults. */
export function servedFamilies(channel: { type: number; families: readonly CallFamily[] }): readonly CallFamily[] {
  return channel.families.length > 0 ? channel.families : (DEFAULT_FAMILIES[channel.type] ?? ['chat']);
}
