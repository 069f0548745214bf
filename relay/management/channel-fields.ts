import { ApiError } from '../http/errors.js';
import { CALL_FAMILIES, isCallFamily } from '../ir/call-family.js';
import type { CallFamily } from '../ir/call-family.js';
import { isSupportedChannelType } from '../providers/registry.js';
import { ChannelStatus, freshKeyState } from '../store/channels.js';
import type { NewChannel } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';
import type { EndpointDeps } from '../upstream/channel-endpoint.js';
import type { ManagementContext } from './context.js';

// Reading a channel's fields from a create or update body, and the changes shared by routes.

/** `"a,b"` or `["a","b"]` → `["a","b"]` (the established relays send comma-separated strings). */
export function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(items.map((item) => String(item).trim()).filter(Boolean))];
}

/** Key lines → keys: trimmed, blank lines and repeats dropped. */
export function parseKeys(value: unknown): string[] {
  return typeof value === 'string' ? [...new Set(value.split('\n').map((k) => k.trim()).filter(Boolean))] : [];
}

/** A JSON object of strings, given as an object or as a JSON string ('' = none). */
export function stringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ApiError(400, `${field} must be a JSON object.`);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ApiError(400, `${field} must be a JSON object.`);
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
}

export function validProxy(value: unknown): string {
  const proxy = typeof value === 'string' ? value.trim() : '';
  if (proxy && !/^(https?|socks5h?):\/\/[^\s]+$/.test(proxy)) throw new ApiError(400, 'The proxy must be an http://, https:// or socks5:// URL.');
  return proxy;
}

/** The families a channel serves, as given (`[]` or '': its type's defaults); an unknown one is refused. */
export function familyList(value: unknown): CallFamily[] {
  const given = list(value);
  const unknown = given.find((family) => !isCallFamily(family));
  if (unknown !== undefined) throw new ApiError(400, `Unknown call family "${unknown}": families are ${CALL_FAMILIES.join(', ')}.`);
  return CALL_FAMILIES.filter((family) => given.includes(family));
}

/**
 * A create body (no `existing`) or an update body (over `existing`: only the fields given
 * change) → the channel's fields. Status, keys and the proxy's secret are the caller's.
 */
export function readChannelFields(body: Record<string, unknown>, existing?: ChannelRecord): NewChannel {
  const given = (field: string) => body[field] !== undefined && body[field] !== null;
  const type = given('type') ? Number(body.type) : existing?.type;
  if (type === undefined || !isSupportedChannelType(type)) throw new ApiError(400, `Unsupported channel type ${String(body.type)}.`);
  const models = given('models') ? list(body.models) : (existing?.models ?? []);
  if (models.length === 0) throw new ApiError(400, 'Give the channel at least one model.');
  const baseUrl = given('base_url') ? String(body.base_url).trim().replace(/\/+$/, '') : (existing?.base_url ?? '');
  if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new ApiError(400, 'The base URL must start with http:// or https://.');
  const groupField = given('group') ? body.group : body.groups;
  const groups = groupField !== undefined && groupField !== null ? list(groupField) : (existing?.groups ?? []);
  const settings: Record<string, string | number | boolean> = { ...existing?.settings };
  if (type === 3 && (!existing || given('api_version') || given('other'))) {
    settings.api_version = typeof body.api_version === 'string' ? body.api_version : typeof body.other === 'string' ? body.other : '';
  }
  if (body.upstream_protocol === 'responses') settings.upstream_protocol = 'responses';
  else if (body.upstream_protocol === 'chat') delete settings.upstream_protocol;
  // Completions through chat, for an upstream whose completions endpoint does not serve its models.
  if (body.completions_upstream === 'chat') settings.completions_upstream = 'chat';
  else if (body.completions_upstream === 'completions') delete settings.completions_upstream;
  const name = given('name') ? String(body.name).trim() : (existing?.name ?? '');
  const text = (field: 'test_model' | 'tag' | 'remark') => (given(field) ? String(body[field]) : (existing?.[field] ?? ''));
  const number = (field: 'priority' | 'weight') => (given(field) ? Number(body[field]) || 0 : (existing?.[field] ?? 0));
  return {
    type,
    name: name || `channel ${type}`,
    base_url: baseUrl,
    models,
    groups: groups.length > 0 ? groups : ['default'],
    families: given('families') ? familyList(body.families) : (existing?.families ?? []),
    model_mapping: given('model_mapping') ? stringMap(body.model_mapping, 'model_mapping') : (existing?.model_mapping ?? {}),
    priority: number('priority'),
    weight: number('weight'),
    status: existing?.status ?? (Number(body.status) === ChannelStatus.manuallyDisabled ? ChannelStatus.manuallyDisabled : ChannelStatus.enabled),
    auto_ban: given('auto_ban') ? Boolean(Number(body.auto_ban)) : (existing?.auto_ban ?? true),
    header_override: given('header_override') ? stringMap(body.header_override, 'header_override') : (existing?.header_override ?? {}),
    proxy: given('proxy') ? validProxy(body.proxy) : (existing?.proxy ?? ''),
    key_mode: body.key_mode === 'polling' || body.key_mode === 'random' ? body.key_mode : (existing?.key_mode ?? 'random'),
    settings,
    test_model: text('test_model'),
    tag: text('tag'),
    remark: text('remark'),
  };
}

/** A status an administrator may set: 1 enabled or 2 disabled (3 is the relay's to set). */
export function checkedStatus(value: unknown): 1 | 2 {
  const status = Number(value);
  if (status !== ChannelStatus.enabled && status !== ChannelStatus.manuallyDisabled) throw new ApiError(400, 'status must be 1 (enabled) or 2 (disabled).');
  return status;
}

/**
 * The fields that make a channel enabled or disabled by hand (none when it already is so).
 * Enabling a disabled channel also re-enables the keys the relay disabled (the administrator
 * asks for another try; keys disabled by hand stay so): otherwise a channel whose every key
 * is off would show enabled and never serve.
 */
export function channelStatusPatch(channel: Readonly<Pick<ChannelRecord, 'status' | 'key_states'>>, status: 1 | 2, now = Date.now()): Partial<Pick<ChannelRecord, 'key_states' | 'status' | 'status_reason' | 'status_changed_at'>> {
  if (channel.status === status) return {};
  return {
    ...(status === ChannelStatus.enabled ? { key_states: channel.key_states.map((k) => (k.status === ChannelStatus.autoDisabled ? freshKeyState() : k)) } : {}),
    status,
    status_reason: status === ChannelStatus.manuallyDisabled ? 'disabled by an administrator' : '',
    status_changed_at: now,
  };
}

export async function channelOr404(context: ManagementContext, id: unknown): Promise<ChannelRecord> {
  // Not a whole number (`constructor`, `1e309`): no such channel, without asking the store (PostgreSQL refuses NaN as an integer: a 500).
  const channel = Number.isSafeInteger(Number(id)) ? await context.store.channels.get(Number(id)) : undefined;
  if (!channel) throw new ApiError(404, `No channel ${String(id)}.`);
  return channel;
}

/** What reaches a saved channel's upstream: its proxy (through the channel port) and the relay's connection pools. */
export function endpointDeps(context: ManagementContext): EndpointDeps {
  return { channels: context.store.channels, dispatchers: context.dispatchers };
}

/** `sk-…wxyz` for keys long enough that this gives nothing away; '' for short ones. */
export function keyHint(key: string): string {
  return key.length >= 20 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '';
}
