import { ApiError } from '../http/errors.js';
import { ChannelStatus, freshKeyState } from '../store/channels.js';
import type { ChannelKeyState, ChannelRecord } from '../store/schema.js';
import { channelBalanceRoutes } from './channel-balance.js';
import { channelCooldownFields, channelView } from './channel-cooldowns.js';
import { channelBulkRoutes } from './channel-bulk.js';
import { channelOr404, channelStatusPatch, checkedStatus, parseKeys, readChannelFields } from './channel-fields.js';
import { channelKeyRoutes } from './channel-keys.js';
import { ChannelListItemSchema, ChannelListQuery, ChannelViewSchema, CreatedChannelSchema, NewChannelBody, UpdateChannelBody } from './channel-schemas.js';
import { channelTestRoutes } from './channel-test.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing, pageOf } from './schemas.js';
import { validateAdvancedCustom } from './validate.js';

export { ChannelViewSchema, NewChannelBody } from './channel-schemas.js';

/**
 * Channel management (admin). Keys go to the secret store and no answer carries them, but
 * the password-checked reveal (`POST /api/channel/{id}/key`).
 */
export function channelRoutes(context: ManagementContext) {
  return [
    ...channelCrudRoutes(context),
    // Fixed paths (`/channel/batch`, `/channel/disabled`, `/channel/test/…`) before `/channel/:id`.
    ...channelBulkRoutes(context),
    ...channelTestRoutes(context),
    ...channelBalanceRoutes(context),
    ...channelKeyRoutes(context),
    ...channelByIdRoutes(context),
  ];
}

function channelCrudRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/channel',
      tag: 'channel management',
      access: 'admin',
      summary: 'List channels (paged; filter by status, type, group, model, tag, keyword; sort by id, priority, response time…), without keys',
      query: ChannelListQuery,
      response: pageOf(ChannelListItemSchema),
      handler: async ({ query }) => {
        const keyword = query.keyword?.trim().toLowerCase() ?? '';
        const matches = (await context.store.channels.list()).filter(
          (c) =>
            (query.status === undefined || c.status === query.status) &&
            (query.type === undefined || c.type === query.type) &&
            (!query.group || c.groups.includes(query.group)) &&
            (!query.model || c.models.includes(query.model)) &&
            (query.tag === undefined || c.tag === query.tag) &&
            (!keyword || [c.name, c.base_url, c.remark].some((text) => text.toLowerCase().includes(keyword))),
        );
        const field = query.sort ?? 'priority';
        const direction = query.order === 'asc' ? 1 : -1;
        matches.sort((a, b) => {
          const order = field === 'name' ? a.name.localeCompare(b.name) : a[field] - b[field];
          return order !== 0 ? order * direction : a.id - b.id;
        });
        const pageSize = query.page_size ?? 20;
        const page = query.p ?? 1;
        const now = Date.now();
        const items = matches.slice((page - 1) * pageSize, page * pageSize).map((c) => listItem(context, c, now));
        return { items, total: matches.length, page, page_size: pageSize };
      },
    }),
    route({
      method: 'post',
      path: '/channel',
      tag: 'channel management',
      access: 'admin',
      summary: 'Create a channel (its keys go to the secret store); mode "batch" creates one channel per key line',
      body: NewChannelBody,
      response: CreatedChannelSchema,
      handler: async ({ body }) => {
        const fields = readChannelFields(body);
        if (fields.type === 58) fields.settings.advanced_custom = JSON.stringify(validateAdvancedCustom((body as Record<string, unknown>).advanced_custom));
        const keys = parseKeys(body.key);
        if (keys.length === 0 && fields.type !== 4) throw new ApiError(400, 'Give the channel an API key (one per line for several).');
        if (body.mode !== 'batch' || keys.length <= 1) {
          const channel = await context.store.channels.create(fields, keys);
          return { id: channel.id, key_count: channel.key_count, ids: [channel.id] };
        }
        const ids: number[] = [];
        for (const [index, key] of keys.entries()) {
          ids.push((await context.store.channels.create({ ...fields, name: `${fields.name} #${index + 1}` }, [key])).id);
        }
        return new Answer({ id: ids[0]!, key_count: 1, ids }, `Created ${ids.length} channels, one per key.`);
      },
    }),
    route({
      method: 'put',
      path: '/channel',
      tag: 'channel management',
      access: 'admin',
      summary: 'Update a channel: the fields given change; `key` replaces (or, with key_mode_update "append", adds to) its keys',
      body: UpdateChannelBody,
      response: ChannelViewSchema,
      handler: async ({ body }) => {
        const existing = await channelOr404(context, body.id);
        const fields = readChannelFields(body, existing);
        const advancedCustom = (body as Record<string, unknown>).advanced_custom;
        if (fields.type === 58 && (advancedCustom !== undefined || existing.type !== 58)) fields.settings.advanced_custom = JSON.stringify(validateAdvancedCustom(advancedCustom));
        const keys = parseKeys(body.key);
        // A form sends the status back as it was (3 included): only a change is checked and applied.
        const status = body.status === undefined || body.status === null || Number(body.status) === existing.status ? undefined : checkedStatus(body.status);
        const { proxy, status: _status, ...rest } = fields;
        const now = Date.now();
        await context.store.channels.update(existing.id, (c) => ({ ...rest, ...(status === undefined ? {} : channelStatusPatch(c, status, now)) }));
        // A proxy sent back as shown (password masked) is unchanged.
        if (body.proxy !== undefined && proxy !== existing.proxy) await context.store.channels.setProxy(existing.id, proxy);
        if (keys.length > 0) {
          await context.store.channels.editKeys(existing.id, (current, states) => {
            if (body.key_mode_update === 'append') {
              for (const key of keys) {
                if (current.includes(key)) continue;
                current.push(key);
                states.push(freshKeyState());
              }
            } else {
              // Keys kept from before keep their state (a revoked key stays disabled).
              const previous = new Map<string, ChannelKeyState>(current.map((key, i) => [key, states[i]!]));
              current.splice(0, current.length, ...keys);
              states.splice(0, states.length, ...keys.map((key) => previous.get(key) ?? freshKeyState()));
            }
          });
        }
        return new Answer(channelView(context.cooldowns, await channelOr404(context, existing.id)), 'Saved.');
      },
    }),
  ];
}

function channelByIdRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/channel/:id',
      tag: 'channel management',
      access: 'admin',
      summary: 'One channel, with per-key states, without its keys',
      response: ChannelViewSchema,
      handler: async ({ params }) => channelView(context.cooldowns, await channelOr404(context, params.id)),
    }),
    route({
      method: 'delete',
      path: '/channel/:id',
      tag: 'channel management',
      access: 'admin',
      summary: 'Delete a channel and its keys',
      response: Nothing,
      handler: async ({ params }) => {
        const channel = await channelOr404(context, params.id);
        await context.store.channels.remove(channel.id);
        return new Answer(null, `Deleted channel ${channel.id} (${channel.name}).`);
      },
    }),
  ];
}

function listItem(context: ManagementContext, channel: ChannelRecord, now: number) {
  const { key_states: states, ...rest } = channel;
  const enabled = channel.key_count === 0 ? 0 : Array.from({ length: channel.key_count }, (_, i) => states[i]).filter((s) => !s || s.status === ChannelStatus.enabled).length;
  return { ...rest, enabled_key_count: enabled, ...channelCooldownFields(context.cooldowns, channel, now) };
}
