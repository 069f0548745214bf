import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { isSupportedChannelType } from '../providers/registry.js';
import { ChannelStatus } from '../store/channels.js';
import type { ManagementContext } from './context.js';
import { route } from './route.js';

const ListOrString = Type.Union([Type.String(), Type.Array(Type.String())]);
const MapOrJson = Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]);

export const NewChannelBody = Type.Object(
  {
    type: Type.Integer(),
    name: Type.Optional(Type.String()),
    key: Type.Optional(Type.String({ description: 'One key per line for several' })),
    base_url: Type.Optional(Type.String()),
    models: ListOrString,
    group: Type.Optional(ListOrString),
    groups: Type.Optional(ListOrString),
    priority: Type.Optional(Type.Number()),
    weight: Type.Optional(Type.Number()),
    model_mapping: Type.Optional(MapOrJson),
    header_override: Type.Optional(MapOrJson),
    proxy: Type.Optional(Type.String()),
    status: Type.Optional(Type.Integer()),
    auto_ban: Type.Optional(Type.Union([Type.Integer(), Type.Boolean()])),
    key_mode: Type.Optional(Type.Union([Type.Literal('random'), Type.Literal('polling')])),
    api_version: Type.Optional(Type.String()),
    other: Type.Optional(Type.String()),
    upstream_protocol: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('responses')])),
    test_model: Type.Optional(Type.String()),
    tag: Type.Optional(Type.String()),
    remark: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** The channel as the console sees it: everything but its keys. */
export const ChannelViewSchema = Type.Object({}, { additionalProperties: true });

/** Channel management (admin). This issue: create; the operations issue completes the rest. */
export function channelRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/channel',
      tag: 'channel management',
      access: 'admin',
      summary: 'Create a channel (its keys go to the secret store)',
      body: NewChannelBody,
      response: Type.Object({ id: Type.Integer(), key_count: Type.Integer() }),
      handler: async ({ body }) => {
    const type = Number(body.type);
    if (!isSupportedChannelType(type)) throw new ApiError(400, `Unsupported channel type ${String(body.type)}.`);
    const keys = typeof body.key === 'string' ? body.key.split('\n').map((k) => k.trim()).filter(Boolean) : [];
    if (keys.length === 0 && type !== 4) throw new ApiError(400, 'Give the channel an API key (one per line for several).');
    const models = list(body.models);
    if (models.length === 0) throw new ApiError(400, 'Give the channel at least one model.');
    const proxy = typeof body.proxy === 'string' ? body.proxy.trim() : '';
    if (proxy && !/^(https?|socks5h?):\/\/[^\s]+$/.test(proxy)) throw new ApiError(400, 'The proxy must be an http://, https:// or socks5:// URL.');
    const baseUrl = typeof body.base_url === 'string' ? body.base_url.trim().replace(/\/+$/, '') : '';
    if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new ApiError(400, 'The base URL must start with http:// or https://.');
    const settings: Record<string, string | number | boolean> = {};
    const other = typeof body.other === 'string' ? body.other : '';
    if (type === 3) settings.api_version = typeof body.api_version === 'string' ? body.api_version : other;
    if (body.upstream_protocol === 'responses') settings.upstream_protocol = 'responses';
    const channel = await context.channels.create(
      {
        type,
        name: typeof body.name === 'string' && body.name ? body.name : `channel ${type}`,
        base_url: baseUrl,
        models,
        groups: list(body.group ?? body.groups).length > 0 ? list(body.group ?? body.groups) : ['default'],
        model_mapping: stringMap(body.model_mapping, 'model_mapping'),
        priority: Number(body.priority ?? 0) || 0,
        weight: Number(body.weight ?? 0) || 0,
        status: Number(body.status) === ChannelStatus.manuallyDisabled ? ChannelStatus.manuallyDisabled : ChannelStatus.enabled,
        auto_ban: body.auto_ban === undefined ? true : Boolean(Number(body.auto_ban)),
        header_override: stringMap(body.header_override, 'header_override'),
        proxy,
        key_mode: body.key_mode === 'polling' ? 'polling' : 'random',
        settings,
        test_model: typeof body.test_model === 'string' ? body.test_model : '',
        tag: typeof body.tag === 'string' ? body.tag : '',
        remark: typeof body.remark === 'string' ? body.remark : '',
      },
      keys,
    );
    return { id: channel.id, key_count: channel.key_count };
      },
    }),
    route({
      method: 'get',
      path: '/channel/:id',
      tag: 'channel management',
      access: 'admin',
      summary: 'One channel, without its keys',
      response: ChannelViewSchema,
      handler: ({ params }) => {
        const channel = context.channels.byId(Number(params.id));
        if (!channel) throw new ApiError(404, `No channel ${params.id}.`);
        return channel;
      },
    }),
  ];
}

/** `"a,b"` or `["a","b"]` → `["a","b"]` (the established relays send comma-separated strings). */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(items.map((item) => String(item).trim()).filter(Boolean))];
}

/** A JSON object of strings, given as an object or as a JSON string ('' = none). */
function stringMap(value: unknown, field: string): Record<string, string> {
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
