import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { ChannelStatus, freshKeyState } from '../store/channels.js';
import { LogType } from '../store/logs/index.js';
import type { ChannelKeyState, ChannelRecord } from '../store/schema.js';
import { keyCooldownFields } from './channel-cooldowns.js';
import { channelOr404, keyHint } from './channel-fields.js';
import { KeyActionBody, KeysViewSchema } from './channel-schemas.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { requireVerified, VERIFICATION_HEADER, verifyIdentity } from './verification.js';

/** A multi-key channel's keys: their states, enabling, disabling and deleting one, and the checked reveal. */
export function channelKeyRoutes(context: ManagementContext) {
  const keysView = async (channel: ChannelRecord) => {
    const keys = await context.store.channels.keys(channel.id);
    const now = Date.now();
    const items = Array.from({ length: channel.key_count }, (_, index) => ({
      index,
      hint: keyHint(keys[index] ?? ''),
      ...(channel.key_states[index] ?? freshKeyState()),
      ...keyCooldownFields(context.cooldowns, channel.id, index, now),
    }));
    return { key_count: channel.key_count, enabled: items.filter((k) => k.status === ChannelStatus.enabled).length, items };
  };
  return [
    route({
      method: 'get',
      path: '/channel/:id/keys',
      tag: 'channel management',
      access: 'admin',
      summary: "A channel's keys: per-key status, reason (the last error) and a hint, never the keys",
      response: KeysViewSchema,
      handler: async ({ params }) => keysView(await channelOr404(context, params.id)),
    }),
    route({
      method: 'post',
      path: '/channel/:id/keys',
      tag: 'channel management',
      access: 'admin',
      summary: 'Enable, disable or delete one key of a channel (by index; deleting shifts the later ones), or enable them all',
      body: KeyActionBody,
      response: KeysViewSchema,
      handler: async ({ params, body }) => {
        const channel = await channelOr404(context, params.id);
        const index = body.index ?? -1;
        if (body.action !== 'enable_all' && !(index >= 0 && index < channel.key_count)) {
          throw new ApiError(400, `Give the index of a key: 0 to ${channel.key_count - 1}.`);
        }
        const now = Date.now();
        if (body.action === 'delete') {
          if (channel.key_count <= 1) throw new ApiError(400, 'This is the only key of the channel: replace it, or delete the channel.');
          await context.store.channels.editKeys(channel.id, (keys, states) => {
            keys.splice(index, 1);
            states.splice(index, 1);
          });
        }
        await context.store.channels.update(channel.id, (c) => {
          const states = body.action === 'enable_all' ? c.key_states.map(freshKeyState) : [...c.key_states];
          if (body.action === 'enable') states[index] = freshKeyState();
          else if (body.action === 'disable') {
            const state = states[index] ?? freshKeyState();
            states[index] = { ...state, status: ChannelStatus.manuallyDisabled, reason: 'disabled by an administrator', disabled_at: now, retry_at: 0 };
          }
          return { key_states: states, ...followKeys(c, states, now) };
        });
        const done = { enable: `Enabled key ${index}`, disable: `Disabled key ${index}`, delete: `Deleted key ${index}`, enable_all: 'Enabled every key' }[body.action];
        return new Answer(await keysView(await channelOr404(context, channel.id)), `${done}.`);
      },
    }),
    route({
      method: 'post',
      path: '/channel/:id/key',
      audit: false, // writes its own record
      tag: 'channel management',
      access: 'admin',
      critical: true,
      summary: `Reveal a channel's keys: needs a security verification (its proof in ${VERIFICATION_HEADER}), or the password in the body when you have no two-step verification or passkey (20 tries per 20 minutes per IP); each reveal is logged`,
      body: Type.Object({ password: Type.Optional(Type.String({ description: 'Instead of a proof, only without two-step verification or a passkey' })) }),
      response: Type.Object({ key: Type.String({ description: 'One key per line' }), keys: Type.Array(Type.String()) }),
      handler: async ({ params, body, user, req, res }) => {
        if (body.password !== undefined) await verifyIdentity(context, user, { method: 'password', password: body.password });
        else await requireVerified(context, req);
        const channel = await channelOr404(context, params.id);
        const keys = await context.store.channels.keys(channel.id);
        context.store.logs.append({
          type: LogType.manage,
          user_id: user.id,
          username: user.username,
          channel_id: channel.id,
          channel_name: channel.name,
          ip: req.socket.remoteAddress ?? '',
          request_id: req.requestId,
          content: `revealed the keys of channel ${channel.id} (${channel.name})`,
        });
        res.setHeader('Cache-Control', 'no-store');
        return { key: keys.join('\n'), keys };
      },
    }),
  ];
}

/**
 * The channel follows its keys (`states`, as they will be): with none usable it is disabled
 * (automatically when the relay disabled one of them, so recovery can bring it back); an
 * automatically disabled channel with a usable key again is enabled. Answers the fields that change.
 */
function followKeys(channel: Pick<ChannelRecord, 'key_count' | 'status'>, states: readonly ChannelKeyState[], now: number): Partial<Pick<ChannelRecord, 'status' | 'status_reason' | 'status_changed_at'>> {
  if (channel.key_count === 0) return {};
  const usable = states.some((k) => k.status === ChannelStatus.enabled);
  if (channel.status === ChannelStatus.enabled && !usable) {
    const status = states.some((k) => k.status === ChannelStatus.autoDisabled) ? ChannelStatus.autoDisabled : ChannelStatus.manuallyDisabled;
    return { status, status_reason: 'every key is disabled', status_changed_at: now };
  }
  if (channel.status === ChannelStatus.autoDisabled && usable) return { status: ChannelStatus.enabled, status_reason: '', status_changed_at: now };
  return {};
}
