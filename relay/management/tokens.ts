import { isIP } from 'node:net';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';

const NewTokenBody = Type.Object(
  {
    name: Type.String(),
    remain_quota: Type.Optional(Type.Integer()),
    unlimited_quota: Type.Optional(Type.Boolean()),
    expired_time: Type.Optional(Type.Integer({ description: 'Unix seconds; -1 never' })),
    model_limits: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    allow_ips: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    group: Type.Optional(Type.String()),
    allow_balance: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

/** API keys of the signed-in user. This issue: create (the key is shown this once). */
export function tokenRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/token',
      tag: 'token management',
      access: 'user',
      summary: 'Create an API key; the key (sk-…) is answered this once',
      body: NewTokenBody,
      response: Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String() }),
      handler: async ({ body, user, res }) => {
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 64) : '';
    if (!name) throw new ApiError(400, 'Give the key a name.');
    const expired = body.expired_time === undefined ? -1 : Number(body.expired_time);
    if (!Number.isInteger(expired) || (expired !== -1 && expired * 1000 <= Date.now())) {
      throw new ApiError(400, 'expired_time must be -1 (never) or a future Unix time in seconds.');
    }
    const remain = body.remain_quota === undefined ? 0 : Number(body.remain_quota);
    if (!Number.isInteger(remain) || remain < 0) throw new ApiError(400, 'remain_quota must be a whole number ≥ 0.');
    const allowIps = splitList(body.allow_ips, /[\n,]/);
    for (const entry of allowIps) {
      const [address, prefix] = entry.split('/');
      if (!isIP(address ?? '') || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
        throw new ApiError(400, `"${entry}" is not an IP address or CIDR range.`);
      }
    }
    const { record, key } = await context.tokens.create({
      user_id: user.id,
      name,
      remain_quota: remain,
      unlimited_quota: Boolean(body.unlimited_quota),
      expired_time: expired,
      model_limits: splitList(body.model_limits, /,/),
      allow_ips: allowIps,
      group: typeof body.group === 'string' ? body.group.trim() : '',
      allow_balance: Boolean(body.allow_balance),
    });
    res.setHeader('Cache-Control', 'no-store');
    return new Answer({ id: record.id, name: record.name, key }, 'Copy the key now: it will not be shown again.');
      },
    }),
  ];
}

function splitList(value: unknown, separator: RegExp): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(separator) : [];
  return items.map((item) => item.trim()).filter(Boolean);
}
