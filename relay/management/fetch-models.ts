import { type Static, Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { parseAdvancedCustom } from '../providers/advanced-custom/config.js';
import type { AdvancedCustomConfig } from '../providers/advanced-custom/config.js';
import { ChannelType, isSupportedChannelType } from '../providers/registry.js';
import { ChannelStatus } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';
import { endpointOf } from '../upstream/channel-endpoint.js';
import { DiscoveryError, discoverModels } from '../upstream/discover-models.js';
import type { DiscoveryTarget } from '../upstream/discover-models.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';
import { validateAdvancedCustom } from './validate.js';

const JsonObjectOrText = Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]);

/**
 * interface.md, "Channel model-discovery request". For base_url, header_override and proxy
 * an explicit empty string clears the saved value for this preview and an omitted field
 * keeps it, so the fields are optional strings and the handler asks `'field' in body`.
 */
export const FetchModelsBody = Type.Object(
  {
    type: Type.Optional(Type.Integer({ description: 'Channel type; 58 is the advanced custom channel. Defaults to the saved channel’s type.' })),
    base_url: Type.Optional(Type.String({ description: "Upstream base address. '' clears the saved value for this preview (the type's default applies); omitted keeps it." })),
    key: Type.Optional(Type.String({ description: 'API key for a new-channel preview (first line of several); ignored when channel_id is given.' })),
    channel_id: Type.Optional(Type.Integer({ description: 'Saved channel: its keys are used (the first enabled one) and never returned.' })),
    advanced_custom: Type.Optional(JsonObjectOrText),
    header_override: Type.Optional(JsonObjectOrText),
    proxy: Type.Optional(Type.String({ description: "Network proxy. '' clears the saved value for this preview; omitted keeps it." })),
  },
  { additionalProperties: true },
);

const PROXY = /^(https?|socks5h?|socks):\/\/[^\s]+$/i;

export function fetchModelsRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/channel/fetch_models',
      tag: 'channel management',
      access: 'admin',
      summary: "List the models a channel's upstream serves (preview of a new or edited channel; the key never comes back)",
      body: FetchModelsBody,
      response: Type.Array(Type.String(), { description: 'Model ids, sorted, unique' }),
      handler: async ({ body }) => {
        const target = await discoveryTarget(context, body);
        try {
          return await discoverModels(target.at(target.baseUrl));
        } catch (error) {
          if (error instanceof DiscoveryError) throw new ApiError(error.configuration ? 400 : 502, error.message);
          throw error;
        }
      },
    }),
  ];
}

/** A discovery request of a new or saved channel (the FetchModelsBody), ready to be sent to any base URL. */
export interface ResolvedDiscovery {
  /** The base URL the body names, or the saved channel's ('' for the type's default). */
  baseUrl: string;
  saved: ChannelRecord | undefined;
  at(baseUrl: string): DiscoveryTarget;
}

/** Resolves a FetchModelsBody: the channel's type, key (a saved channel's first enabled one), headers, proxy and configuration. */
export async function discoveryTarget(context: ManagementContext, body: Static<typeof FetchModelsBody>): Promise<ResolvedDiscovery> {
  const given = body as Record<string, unknown>;
  const has = (field: string) => Object.hasOwn(given, field) && given[field] !== undefined && given[field] !== null;

  let saved: ChannelRecord | undefined;
  if (has('channel_id') && body.channel_id !== 0) {
    saved = await context.store.channels.get(Number(body.channel_id));
    if (!saved) throw new ApiError(404, `No channel ${body.channel_id}.`);
  }

  const type = body.type ?? saved?.type;
  if (type === undefined) throw new ApiError(400, 'Give the channel type (type), or the channel_id of a saved channel.');
  if (!isSupportedChannelType(type)) throw new ApiError(400, `Unsupported channel type ${type}.`);

  // base_url: '' clears the saved value (the type's default applies), omitted keeps it.
  const baseUrl = (has('base_url') ? String(body.base_url) : (saved?.base_url ?? '')).trim().replace(/\/+$/, '');
  if (baseUrl && !/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new ApiError(400, 'The base URL must start with http:// or https://.');

  const headerOverride = has('header_override') ? headerMap(body.header_override) : (saved?.header_override ?? {});

  let proxy = '';
  if (has('proxy')) proxy = String(body.proxy).trim();
  else if (saved) proxy = await context.store.channels.proxyUrl(saved);
  if (proxy && !PROXY.test(proxy)) throw new ApiError(400, 'The proxy must be an http://, https:// or socks5:// URL.');

  let advancedCustom: AdvancedCustomConfig | undefined;
  if (type === ChannelType.advancedCustom) advancedCustom = advancedCustomOf(body.advanced_custom, has('advanced_custom'), saved);

  // With a saved channel its own keys are used (the key field is ignored); else the given key's first line.
  let key: string;
  if (saved) {
    const keys = await context.store.channels.keys(saved.id);
    const enabled = keys.findIndex((k, i) => k.trim() !== '' && (saved.key_states[i]?.status ?? ChannelStatus.enabled) === ChannelStatus.enabled);
    key = (keys[enabled] ?? keys.find((k) => k.trim() !== '') ?? '').trim();
  } else {
    key = (typeof body.key === 'string' ? body.key : '').split('\n').map((line) => line.trim()).find(Boolean) ?? '';
  }
  if (!key && needsKey(type, advancedCustom)) {
    throw new ApiError(400, saved ? `Channel ${saved.id} has no API key saved.` : 'Give the API key (key) to list the models of a new channel.');
  }

  let dispatcher;
  try {
    dispatcher = context.dispatchers.for(proxy);
  } catch (error) {
    throw new ApiError(400, `The proxy cannot be used: ${(error as Error).message}.`);
  }
  return {
    baseUrl,
    saved,
    at: (base) => ({
      type,
      endpoint: endpointOf({ type, base_url: base, header_override: headerOverride }, key, dispatcher),
      apiKey: key,
      apiVersion: apiVersionOf(given, saved),
      ...(advancedCustom ? { advancedCustom } : {}),
    }),
  };
}

/** Given: it overrides (and must be valid). Omitted: the saved configuration, required when there is none. */
function advancedCustomOf(value: unknown, given: boolean, saved: ChannelRecord | undefined): AdvancedCustomConfig {
  if (given) return validateAdvancedCustom(value);
  const stored = saved?.type === ChannelType.advancedCustom ? saved.settings.advanced_custom : undefined;
  if (typeof stored !== 'string' || stored === '') {
    throw new ApiError(
      400,
      saved
        ? `advanced_custom is required: channel ${saved.id} has no saved advanced custom configuration.`
        : 'advanced_custom is required to list the models of a new advanced custom channel (type 58).',
    );
  }
  try {
    return parseAdvancedCustom(stored);
  } catch (error) {
    throw new ApiError(400, `The saved advanced custom configuration of channel ${saved!.id} is not valid: ${(error as Error).message}`);
  }
}

function needsKey(type: number, config: AdvancedCustomConfig | undefined): boolean {
  if (type === ChannelType.ollama) return false;
  if (type === ChannelType.advancedCustom) return config?.routes.find((r) => r.path === '/v1/models')?.auth.type !== 'none';
  return true;
}

function apiVersionOf(body: Record<string, unknown>, saved: ChannelRecord | undefined): string {
  if (typeof body.api_version === 'string' && body.api_version.trim()) return body.api_version.trim();
  const stored = saved?.settings.api_version;
  return typeof stored === 'string' ? stored : '';
}

/** A JSON object of header values, as an object or a JSON string ('' = none). */
function headerMap(value: unknown): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ApiError(400, 'header_override must be a JSON object of header names and values.');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ApiError(400, 'header_override must be a JSON object of header names and values.');
  return Object.fromEntries(Object.entries(parsed).map(([name, v]) => [name, String(v)]));
}
