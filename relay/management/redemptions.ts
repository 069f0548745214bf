import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { RedemptionStatus, type RedemptionRecord } from '../store/account-records.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing, PageQuery, pageOf } from './schemas.js';

// Redemption codes (admin): made in batches and shown once, listed by name and hint, disabled,
// deleted. A code is redeemed by a user at POST /api/user/topup (top-up.ts).

const MAX_CODES_PER_BATCH = 100;
const MAX_QUOTA = 1e13;

const RedemptionViewSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  key_hint: Type.String({ description: 'The last four characters of the code (the code itself is shown only when made)' }),
  quota: Type.Integer(),
  status: Type.Integer({ description: '1 unused, 2 disabled, 3 used' }),
  expired: Type.Boolean({ description: 'Past its expiry time (and not used)' }),
  created_by: Type.Integer(),
  created_time: Type.Integer({ description: 'Unix seconds' }),
  expired_time: Type.Integer({ description: 'Unix seconds; 0 never expires' }),
  redeemed_by: Type.Integer({ description: 'The user who redeemed it; 0 nobody yet' }),
  redeemed_time: Type.Integer({ description: 'Unix seconds; 0 not redeemed' }),
});

const seconds = (ms: number) => Math.floor(ms / 1000);

function view(code: RedemptionRecord, now = Date.now()) {
  return {
    id: code.id,
    name: code.name,
    key_hint: code.code_hint,
    quota: code.quota,
    status: code.status,
    expired: code.status !== RedemptionStatus.used && code.expires_at !== 0 && code.expires_at <= now,
    created_by: code.created_by,
    created_time: seconds(code.created_at),
    expired_time: seconds(code.expires_at),
    redeemed_by: code.redeemed_by,
    redeemed_time: seconds(code.redeemed_at),
  };
}

const Fields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  quota: Type.Integer({ minimum: 1, maximum: MAX_QUOTA, description: 'Quota each code adds (500 000 = 1 USD)' }),
  expired_time: Type.Integer({ minimum: 0, description: 'Unix seconds after which the code no longer redeems; 0 never' }),
};

function expiresAt(expiredTime: number, now = Date.now()): number {
  if (expiredTime === 0) return 0;
  if (expiredTime * 1000 <= now) throw new ApiError(400, 'expired_time is in the past: give a later time, or 0 for a code that never expires.');
  return expiredTime * 1000;
}

export function redemptionRoutes(context: ManagementContext) {
  const found = async (id: number) => {
    const code = await context.store.redemptions.get(id);
    if (!code) throw new ApiError(404, `No redemption code ${id}.`);
    return code;
  };
  const list = async (page = 1, pageSize = 20, keyword?: string) => {
    const { items, total } = await context.store.redemptions.list({ page, pageSize, keyword });
    return { items: items.map((c) => view(c)), total, page, page_size: pageSize };
  };
  return [
    route({
      method: 'post',
      path: '/redemption',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Make redemption codes: answers the codes, shown this once',
      body: Type.Object({ ...Fields, count: Type.Integer({ minimum: 1, maximum: MAX_CODES_PER_BATCH }) }),
      response: Type.Array(Type.String()),
      handler: async ({ body, user, res }) => {
        const made = await context.store.redemptions.create({ name: body.name.trim(), quota: body.quota, expires_at: expiresAt(body.expired_time), created_by: user.id }, body.count);
        res.setHeader('Cache-Control', 'no-store');
        return new Answer(
          made.map((m) => m.code),
          `${made.length} code(s) made. Copy them now: they will not be shown again.`,
        );
      },
    }),
    route({
      method: 'get',
      path: '/redemption',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Redemption codes, newest first (paged)',
      query: Type.Object(PageQuery),
      response: pageOf(RedemptionViewSchema),
      handler: ({ query }) => list(query.p, query.page_size),
    }),
    route({
      method: 'get',
      path: '/redemption/search',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Redemption codes whose name matches the keyword (or whose id it is)',
      query: Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String({ maxLength: 64 })) }),
      response: pageOf(RedemptionViewSchema),
      handler: ({ query }) => list(query.p, query.page_size, query.keyword),
    }),
    route({
      method: 'get',
      path: '/redemption/:id',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'One redemption code',
      response: RedemptionViewSchema,
      handler: async ({ params }) => view(await found(Number(params.id))),
    }),
    route({
      method: 'put',
      path: '/redemption',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Change an unused redemption code: name, quota, expiry, or enabled (1) / disabled (2)',
      body: Type.Object({
        id: Type.Integer({ minimum: 1 }),
        name: Type.Optional(Fields.name),
        quota: Type.Optional(Fields.quota),
        expired_time: Type.Optional(Fields.expired_time),
        status: Type.Optional(Type.Union([Type.Literal(RedemptionStatus.enabled), Type.Literal(RedemptionStatus.disabled)])),
      }),
      response: RedemptionViewSchema,
      handler: async ({ body }) => {
        const code = await found(body.id);
        if (code.status === RedemptionStatus.used) throw new ApiError(409, 'This code was redeemed already: a used code does not change.');
        const changed = await context.store.redemptions.update(body.id, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.quota !== undefined ? { quota: body.quota } : {}),
          ...(body.expired_time !== undefined ? { expires_at: expiresAt(body.expired_time) } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        });
        if (!changed) throw new ApiError(409, 'This code was redeemed meanwhile: a used code does not change.');
        return view(changed);
      },
    }),
    route({
      method: 'delete',
      path: '/redemption/invalid',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Delete every used or expired redemption code',
      response: Type.Integer({ description: 'How many were deleted' }),
      handler: async () => {
        const removed = await context.store.redemptions.removeSpent();
        return new Answer(removed, `${removed} used or expired code(s) deleted.`);
      },
    }),
    route({
      method: 'delete',
      path: '/redemption/:id',
      tag: 'redemption codes',
      access: 'admin',
      summary: 'Delete a redemption code (its top-up records stay)',
      response: Nothing,
      handler: async ({ params }) => {
        const id = Number(params.id);
        if (!Number.isSafeInteger(id) || (await context.store.redemptions.remove([id])) === 0) throw new ApiError(404, `No redemption code ${params.id}.`);
        return new Answer(null, 'Code deleted.');
      },
    }),
  ];
}
