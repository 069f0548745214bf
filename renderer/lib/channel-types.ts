// The channel types the console offers: one place for their names, default addresses, key hints
// and the small badge the Channels table shows (the form and the table both read this list).

export interface ChannelTypeInfo {
  type: number;
  label: string;
  baseUrl: string;
  keyHint: string;
  /** One or two letters (or a sign) for the table's type badge. */
  badge: string;
  /** The badge's hue (0–360): neutral tints, told apart by letters first. */
  hue: number;
}

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  { type: 1, label: 'OpenAI', baseUrl: 'https://api.openai.com', keyHint: 'sk-…', badge: 'OA', hue: 160 },
  { type: 14, label: 'Anthropic', baseUrl: 'https://api.anthropic.com', keyHint: 'sk-ant-…', badge: 'An', hue: 25 },
  { type: 24, label: 'Gemini', baseUrl: 'https://generativelanguage.googleapis.com', keyHint: 'AIza…', badge: 'G', hue: 220 },
  { type: 43, label: 'DeepSeek', baseUrl: 'https://api.deepseek.com', keyHint: 'sk-…', badge: 'DS', hue: 235 },
  { type: 20, label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', keyHint: 'sk-or-…', badge: 'OR', hue: 270 },
  { type: 4, label: 'Ollama', baseUrl: 'http://127.0.0.1:11434', keyHint: 'Usually none', badge: 'Ol', hue: 0 },
  { type: 3, label: 'Azure OpenAI', baseUrl: '', keyHint: 'The resource key', badge: 'Az', hue: 200 },
  { type: 8, label: 'Custom (OpenAI-compatible)', baseUrl: '', keyHint: 'The upstream key', badge: 'C', hue: 300 },
  { type: 58, label: 'Advanced custom', baseUrl: '', keyHint: 'The upstream key', badge: '⚙', hue: 45 },
];

export function channelType(type: number): ChannelTypeInfo | undefined {
  return CHANNEL_TYPES.find((t) => t.type === type);
}

export function typeLabel(type: number): string {
  return channelType(type)?.label ?? `Type ${type}`;
}
