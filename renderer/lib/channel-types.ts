// The channel types the console offers: one place for their names, default addresses, key
// hints, which form fields apply, whether a balance can be read, and the table's badge. The
// facts the relay also needs (default base URLs, balance sources, Azure's api-version, the
// call families served) come from the relay's own module, so the two never disagree.
import { CALL_FAMILIES } from '../../relay/ir/call-family.js';
import type { CallFamily } from '../../relay/ir/call-family.js';
import { i18n } from '../i18n/index.js';
import { BALANCE_SOURCES, COMPLETIONS_ENDPOINTS, ChannelType, DEFAULT_AZURE_API_VERSION, DEFAULT_BASE_URLS, servedFamilies } from '../../relay/providers/channel-facts.js';

export { CALL_FAMILIES, ChannelType, DEFAULT_AZURE_API_VERSION };
export type { CallFamily };

/** Form fields only some types have. */
export type TypeField = 'api_version' | 'upstream_protocol';

export interface ChannelTypeInfo {
  type: number;
  label: string;
  /** The relay's default address; '' when the type has none (the form then asks for one). */
  baseUrl: string;
  /** What an address looks like, for types without a default. */
  baseUrlExample?: string;
  keyHint: string;
  /** What the models are called upstream, when it is not obvious. */
  modelsHint?: string;
  fields: readonly TypeField[];
  /** The upstream answers a balance query (Refresh balance). */
  balance: boolean;
  /** One or two letters (or a sign) for the table's type badge. */
  badge: string;
  /** The badge's hue (0–360): neutral tints, told apart by letters first. */
  hue: number;
}

type Own = Omit<ChannelTypeInfo, 'baseUrl' | 'balance' | 'fields'> & { fields?: readonly TypeField[] };

// upstream_protocol: the types the relay calls with its OpenAI adapters (chat or Responses).
const OWN: Own[] = [
  { type: ChannelType.openai, label: 'OpenAI', keyHint: 'sk-…', fields: ['upstream_protocol'], badge: 'OA', hue: 160 },
  { type: ChannelType.anthropic, label: 'Anthropic', keyHint: 'sk-ant-…', badge: 'An', hue: 25 },
  { type: ChannelType.gemini, label: 'Gemini', keyHint: 'AIza…', badge: 'G', hue: 220 },
  { type: ChannelType.deepseek, label: 'DeepSeek', keyHint: 'sk-…', badge: 'DS', hue: 235 },
  { type: ChannelType.openrouter, label: 'OpenRouter', keyHint: 'sk-or-…', fields: ['upstream_protocol'], badge: 'OR', hue: 270 },
  { type: ChannelType.ollama, label: 'Ollama', keyHint: 'types.hint.none', badge: 'Ol', hue: 0 },
  { type: ChannelType.cohere, label: 'Cohere', keyHint: 'types.hint.apiKey', modelsHint: 'types.models.cohere', badge: 'Co', hue: 330 },
  { type: ChannelType.jina, label: 'Jina', keyHint: 'jina_…', modelsHint: 'types.models.jina', badge: 'Ji', hue: 90 },
  {
    type: ChannelType.azure,
    label: 'Azure OpenAI',
    baseUrlExample: 'https://<resource>.openai.azure.com',
    keyHint: 'types.hint.resourceKey',
    modelsHint: 'types.models.azure',
    fields: ['api_version'],
    badge: 'Az',
    hue: 200,
  },
  { type: ChannelType.custom, label: 'types.custom', baseUrlExample: 'https://llm.example.com', keyHint: 'types.hint.upstreamKey', fields: ['upstream_protocol'], badge: 'C', hue: 300 },
  { type: ChannelType.advancedCustom, label: 'types.advancedCustom', baseUrlExample: 'https://llm.example.com', keyHint: 'types.hint.upstreamKey', badge: '⚙', hue: 45 },
];

/** A name shown as it is ("OpenAI"), or a key of the channels catalogue ("types.custom") read in the console's language. */
function shown(text: string): string {
  return text.startsWith('types.') ? i18n.t(`channels:${text}`) : text;
}

export const CHANNEL_TYPES: ChannelTypeInfo[] = OWN.map((own) => ({
  ...own,
  get label() {
    return shown(own.label);
  },
  get keyHint() {
    return shown(own.keyHint);
  },
  get modelsHint() {
    return own.modelsHint === undefined ? undefined : shown(own.modelsHint);
  },
  baseUrl: DEFAULT_BASE_URLS[own.type] ?? '',
  balance: BALANCE_SOURCES[own.type] !== undefined,
  fields: own.fields ?? [],
}));

export function channelType(type: number): ChannelTypeInfo | undefined {
  return CHANNEL_TYPES.find((t) => t.type === type);
}

export function typeLabel(type: number): string {
  return channelType(type)?.label ?? i18n.t('channels:types.other', { type });
}

export function hasField(type: number, field: TypeField): boolean {
  return channelType(type)?.fields.includes(field) ?? false;
}

/** Whether this type's upstream has a legacy completions endpoint (the others answer completions through chat). */
export function hasCompletionsEndpoint(type: number): boolean {
  return COMPLETIONS_ENDPOINTS[type] !== undefined;
}

/** Whether the relay can read this type's account balance. */
export function hasBalance(type: number): boolean {
  return channelType(type)?.balance ?? false;
}

/** The address must be typed: the type has no default (an advanced custom route may carry its own). */
export function needsBaseUrl(type: number): boolean {
  return channelType(type)?.baseUrl === '' && type !== ChannelType.advancedCustom;
}

/** A call family by its label in the console's language ("Embeddings"). */
export function familyLabel(family: CallFamily): string {
  return i18n.t(`common:families.${family}`);
}

/** A logged family by its label ("Embeddings"); "–" for none (a record that is not a call). */
export function familyName(family: string): string {
  return family === '' ? '–' : (CALL_FAMILIES as readonly string[]).includes(family) ? familyLabel(family as CallFamily) : family;
}

/** The call families a type serves unless its channel says otherwise. */
export function typeFamilies(type: number): readonly CallFamily[] {
  return servedFamilies({ type, families: [] });
}

/** Same families, whatever the order. */
export function sameFamilies(a: readonly CallFamily[], b: readonly CallFamily[]): boolean {
  return a.length === b.length && a.every((family) => b.includes(family));
}

/** A channel's own families when they differ from its type's defaults, else null. */
export function ownFamilies(channel: { type: number; families: readonly CallFamily[] }): readonly CallFamily[] | null {
  return channel.families.length === 0 || sameFamilies(channel.families, typeFamilies(channel.type)) ? null : channel.families;
}
