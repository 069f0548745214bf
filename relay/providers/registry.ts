import type { ChannelRecord } from '../store/schema.js';
import { advancedCustomAdapter } from './advanced-custom/adapter.js';
import type { AdvancedCustomCall } from './advanced-custom/adapter.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { geminiAdapter } from './gemini/adapter.js';
import { azureOpenAIAdapter, openaiChatAdapter } from './openai-chat/adapter.js';
import { openaiResponsesAdapter } from './openai-responses/adapter.js';
import type { ProviderAdapter } from './types.js';

export const ChannelType = {
  openai: 1,
  azure: 3,
  ollama: 4,
  custom: 8,
  anthropic: 14,
  openrouter: 20,
  gemini: 24,
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
  [ChannelType.deepseek]: 'https://api.deepseek.com',
};

export function isSupportedChannelType(type: number): boolean {
  return (Object.values(ChannelType) as number[]).includes(type);
}

/**
 * The adapter that speaks to a channel's upstream. `call` (the client protocol, the model
 * names) lets an advanced custom channel pick its route up front; other types ignore it.
 */
export function adapterFor(channel: Pick<ChannelRecord, 'type' | 'settings'>, call?: AdvancedCustomCall): ProviderAdapter {
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
