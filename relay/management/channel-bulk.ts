import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { ChannelStatus, freshKeyState } from '../store/channels.js';
import { channelOr404, channelStatusPatch } from './channel-fields.js';
import { BulkBody, CopyBody } from './channel-schemas.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';

/** Several channels at once: bulk actions, deleting the disabled ones, copying one. */
export function channelBulkRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/channel/batch',
      tag: 'channel management',
      access: 'admin',
      summary: 'Enable, disable, delete or tag several channels (unknown ids are skipped)',
      body: BulkBody,
      response: Type.Object({ affected: Type.Integer({ description: 'Channels changed' }) }),
      handler: async ({ body }) => {
        if (body.action === 'tag' && typeof body.tag !== 'string') throw new ApiError(400, "Give the tag to set ('' removes it).");
        const known = new Set((await context.store.channels.list()).map((c) => c.id));
        const ids = [...new Set(body.ids)].filter((id) => known.has(id));
        if (body.action === 'delete') {
          for (const id of ids) await context.store.channels.remove(id);
        } else {
          const now = Date.now();
          for (const id of ids) {
            await context.store.channels.update(id, (c) =>
              body.action === 'tag' ? { tag: (body.tag ?? '').trim() } : channelStatusPatch(c, body.action === 'enable' ? ChannelStatus.enabled : ChannelStatus.manuallyDisabled, now),
            );
          }
        }
        const done = { enable: 'Enabled', disable: 'Disabled', delete: 'Deleted', tag: 'Tagged' }[body.action];
        return new Answer({ affected: ids.length }, `${done} ${ids.length} channel${ids.length === 1 ? '' : 's'}.`);
      },
    }),
    route({
      method: 'delete',
      path: '/channel/disabled',
      tag: 'channel management',
      access: 'admin',
      summary: 'Delete every disabled channel (by hand or automatically), with its keys',
      response: Type.Object({ deleted: Type.Integer() }),
      handler: async () => {
        const disabled = (await context.store.channels.list()).filter((c) => c.status !== ChannelStatus.enabled).map((c) => c.id);
        for (const id of disabled) await context.store.channels.remove(id);
        return new Answer({ deleted: disabled.length }, `Deleted ${disabled.length} disabled channel${disabled.length === 1 ? '' : 's'}.`);
      },
    }),
    route({
      method: 'post',
      path: '/channel/copy/:id',
      tag: 'channel management',
      access: 'admin',
      summary: 'Copy a channel: same configuration and keys, name suffixed; enabled unless `disabled`',
      body: CopyBody,
      response: Type.Object({ id: Type.Integer({ description: 'The copy' }) }),
      handler: async ({ params, body }) => {
        const source = await channelOr404(context, params.id);
        const keys = await context.store.channels.keys(source.id);
        const {
          id: _id,
          key_count: _keyCount,
          key_states: keyStates,
          created_at: _createdAt,
          status_changed_at: _changedAt,
          status_reason: _reason,
          response_time: _responseTime,
          balance: _balance,
          used_quota: _usedQuota,
          ...config
        } = source;
        const copy = await context.store.channels.create(
          {
            ...config,
            name: `${source.name}${body.suffix ?? ' (copy)'}`,
            // The proxy with its password, if it has one (the record keeps it masked).
            proxy: await context.store.channels.proxyUrl(source),
            status: body.disabled ? ChannelStatus.manuallyDisabled : ChannelStatus.enabled,
          },
          keys,
          // Keys disabled by hand stay so; the copy gives the others a fresh start.
          keyStates.map((state) => (state.status === ChannelStatus.manuallyDisabled ? state : freshKeyState())),
        );
        return new Answer({ id: copy.id }, `Copied channel ${source.id} to ${copy.id}.`);
      },
    }),
  ];
}
