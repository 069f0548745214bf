// The channel form's values: from a saved channel, checked, and turned into the API's body.
import type { ChannelView, NewChannel } from '../api/channels.js';
import { jsonObjectError } from './FormFields.js';
import { i18n } from '../i18n/index.js';
import { ChannelType, channelType, DEFAULT_AZURE_API_VERSION, hasCompletionsEndpoint, hasField, needsBaseUrl, ownFamilies, type CallFamily } from '../lib/channel-types.js';

export interface ChannelValues {
  type: string;
  name: string;
  baseUrl: string;
  keys: string;
  models: string;
  group: string;
  priority: string;
  weight: string;
  mapping: string;
  headers: string;
  proxy: string;
  apiVersion: string;
  protocol: 'chat' | 'responses';
  /** Completions sent as chat calls, not to the upstream's completions endpoint. */
  completionsViaChat: boolean;
  keyMode: 'random' | 'polling';
  testModel: string;
  autoBan: boolean;
  tag: string;
  remark: string;
  /** The families the channel serves; null: its type's defaults (and it follows a change of type). */
  families: CallFamily[] | null;
}

export type ChannelErrors = Partial<Record<keyof ChannelValues, string>>;

/** Azure's api-version: a date, with an optional suffix ("2025-04-01-preview"). */
const API_VERSION = /^\d{4}-\d{2}-\d{2}(-[a-z]+)?$/;

export function toModels(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((m) => m.trim()).filter(Boolean))];
}

function keyLines(text: string): number {
  return new Set(text.split('\n').map((k) => k.trim()).filter(Boolean)).size;
}

/** Several keys: typed now, or kept from before (an empty key field keeps them). */
export function isMultiKey(values: ChannelValues, channel: ChannelView | null): boolean {
  const typed = keyLines(values.keys);
  return typed > 1 || (typed === 0 && (channel?.key_count ?? 0) > 1);
}

function jsonText(map: Record<string, string>): string {
  return Object.keys(map).length === 0 ? '' : JSON.stringify(map, null, 2);
}

function setting(channel: ChannelView, name: string): string {
  const value = channel.settings?.[name];
  return typeof value === 'string' ? value : '';
}

export function initialValues(channel: ChannelView | null): ChannelValues {
  if (channel === null) {
    return {
      type: '1',
      name: '',
      baseUrl: channelType(1)?.baseUrl ?? '',
      keys: '',
      models: '',
      group: 'default',
      priority: '0',
      weight: '0',
      mapping: '',
      headers: '',
      proxy: '',
      apiVersion: '',
      protocol: 'chat',
      completionsViaChat: false,
      keyMode: 'random',
      testModel: '',
      autoBan: true,
      tag: '',
      remark: '',
      families: null,
    };
  }
  return {
    type: String(channel.type),
    name: channel.name,
    baseUrl: channel.base_url,
    keys: '',
    models: channel.models.join(', '),
    group: channel.groups.join(', '),
    priority: String(channel.priority),
    weight: String(channel.weight),
    mapping: jsonText(channel.model_mapping),
    headers: jsonText(channel.header_override),
    proxy: channel.proxy,
    // Empty when saved without one: the relay then uses its default (the field's placeholder),
    // and keeps following it when that default changes.
    apiVersion: setting(channel, 'api_version'),
    protocol: setting(channel, 'upstream_protocol') === 'responses' ? 'responses' : 'chat',
    completionsViaChat: setting(channel, 'completions_upstream') === 'chat',
    keyMode: channel.key_mode === 'polling' ? 'polling' : 'random',
    testModel: channel.test_model ?? '',
    autoBan: channel.auto_ban ?? true,
    tag: channel.tag ?? '',
    remark: channel.remark ?? '',
    families: ownFamilies({ type: channel.type, families: channel.families ?? [] }) === null ? null : [...channel.families],
  };
}

export function validate(values: ChannelValues, isNew: boolean): ChannelErrors {
  const errors: ChannelErrors = {};
  const type = Number(values.type);
  const info = channelType(type);
  if (values.name.trim() === '') errors.name = i18n.t('channels:check.name');
  const baseUrl = values.baseUrl.trim();
  if (baseUrl !== '' && !/^https?:\/\/\S+$/.test(baseUrl)) errors.baseUrl = i18n.t('channels:check.baseUrl');
  else if (baseUrl === '' && info !== undefined && needsBaseUrl(type)) errors.baseUrl = info.baseUrlExample ? i18n.t('channels:check.noDefaultEg', { type: info.label, example: info.baseUrlExample }) : i18n.t('channels:check.noDefault', { type: info.label });
  if (isNew && type !== ChannelType.ollama && values.keys.trim() === '') errors.keys = i18n.t('channels:check.keys');
  if (toModels(values.models).length === 0) errors.models = i18n.t('channels:check.models');
  if (!/^-?\d+$/.test(values.priority.trim())) errors.priority = i18n.t('channels:check.priority');
  if (!/^\d+$/.test(values.weight.trim())) errors.weight = i18n.t('channels:check.weight');
  const mapping = jsonObjectError(values.mapping);
  if (mapping !== null) errors.mapping = mapping;
  const headers = jsonObjectError(values.headers);
  if (headers !== null) errors.headers = headers;
  if (values.proxy.trim() !== '' && !/^(https?|socks5h?):\/\/\S+$/.test(values.proxy.trim())) errors.proxy = i18n.t('channels:check.proxy');
  if (values.families !== null && values.families.length === 0) errors.families = i18n.t('channels:check.families');
  if (hasField(type, 'api_version') && values.apiVersion.trim() !== '' && !API_VERSION.test(values.apiVersion.trim())) errors.apiVersion = i18n.t('channels:check.apiVersion', { version: DEFAULT_AZURE_API_VERSION });
  return errors;
}

/** Azure's api-version is sent when typed, or emptied (back to the relay's default) after one was saved. */
function sendsApiVersion(values: ChannelValues, channel: ChannelView | null): boolean {
  if (!hasField(Number(values.type), 'api_version')) return false;
  return values.apiVersion.trim() !== '' || (channel !== null && setting(channel, 'api_version') !== '');
}

/** The create/update body (without `id`, keys only when typed, type-only fields only for their types). */
export function toBody(values: ChannelValues, channel: ChannelView | null): NewChannel {
  const type = Number(values.type);
  return {
    type,
    name: values.name.trim(),
    base_url: values.baseUrl.trim(),
    models: toModels(values.models).join(','),
    group: values.group.trim() || 'default',
    priority: Number(values.priority),
    weight: Number(values.weight),
    model_mapping: values.mapping.trim(),
    header_override: values.headers.trim(),
    proxy: values.proxy.trim(),
    test_model: values.testModel.trim(),
    auto_ban: values.autoBan,
    tag: values.tag.trim(),
    remark: values.remark.trim(),
    families: values.families ?? [],
    ...(values.keys.trim() !== '' ? { key: values.keys } : {}),
    ...(isMultiKey(values, channel) ? { key_mode: values.keyMode } : {}),
    ...(sendsApiVersion(values, channel) ? { api_version: values.apiVersion.trim() } : {}),
    ...(hasField(type, 'upstream_protocol') ? { upstream_protocol: values.protocol } : {}),
    ...(hasCompletionsEndpoint(type) ? { completions_upstream: values.completionsViaChat ? 'chat' : 'completions' } : {}),
  };
}
