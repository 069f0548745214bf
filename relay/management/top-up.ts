import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import { sha256Hex } from '../auth/secret-token.js';
import { usdText } from '../billing/pricing.js';
import { ApiError } from '../http/errors.js';
import type { RedeemRefusal, TopUpRecord } from '../store/account-records.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { PageQuery, pageOf } from './schemas.js';

// Top-ups: a user redeems a code; everyone sees their own top-up history; an administrator
// sees every top-up and completes a payment by hand. Each credit goes through the account
// ledger (exactly once) and leaves a top-up log record.

/** Redemption attempts per user per window, besides the per-IP credential limit: guessing codes is slow. */
const REDEEM_ATTEMPTS = 10;
const REDEEM_WINDOW_MS = 10 * 60_000;

const REFUSALS: Record<RedeemRefusal, [number, string]> = {
  unknown: [404, 'No such redemption code: check that it was copied whole.'],
  used: [409, 'This redemption code was redeemed already.'],
  disabled: [409, 'This redemption code was disabled by an administrator.'],
  expired: [410, 'This redemption code has expired.'],
};

export const TopUpViewSchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  quota: Type.Integer(),
  source: Type.String({ description: 'redemption, payment, invitation (invitation quota moved in) or admin' }),
  provider: Type.String({ description: 'The payment provider (stripe); empty otherwise' }),
  reference: Type.String({ description: "The payment's id at its provider; empty otherwise" }),
  money: Type.Number({ description: 'What was paid, in currency' }),
  currency: Type.String(),
  status: Type.String({ description: 'pending, crediting, done, failed or expired' }),
  note: Type.String(),
  created_at: Type.Integer({ description: 'ms' }),
  completed_at: Type.Integer({ description: 'ms; 0 not completed' }),
});

function view(topUp: TopUpRecord) {
  const { redemption_id: _, ...shown } = topUp;
  return shown;
}

/** The top-up log record of a credit: what the user sees in their log. */
export function logTopUp(context: ManagementContext, req: Request, user: Pick<UserRecord, 'id' | 'username'>, topUp: TopUpRecord, content: string): void {
  context.store.logs.append({ type: LogType.topUp, user_id: user.id, username: user.username, quota: topUp.quota, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content, other: { top_up_id: topUp.id, source: topUp.source } });
}

export function topUpRoutes(context: ManagementContext) {
  const history = async (page = 1, pageSize = 20, filter: { userId?: number; status?: TopUpRecord['status']; source?: TopUpRecord['source'] } = {}) => {
    const { items, total } = await context.store.topUps.list({ page, pageSize, ...filter });
    return { items: items.map(view), total, page, page_size: pageSize };
  };
  return [
    route({
      method: 'post',
      path: '/user/topup',
      tag: 'top-up',
      access: 'user',
      critical: true,
      summary: 'Redeem a redemption code: its quota is added to yours (each code once)',
      body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: Type.Integer({ description: 'The quota added' }),
      audit: false,
      handler: async ({ body, user, req }) => {
        const attempt = await context.store.counters.hit(`redeem:${user.id}`, REDEEM_ATTEMPTS, REDEEM_WINDOW_MS);
        if (!attempt.allowed) {
          const minutes = Math.ceil(attempt.retryAfterMs / 60_000);
          throw new ApiError(429, `Too many redemption attempts: try again in ${minutes} minute(s).`, { 'Retry-After': String(Math.ceil(attempt.retryAfterMs / 1000)) });
        }
        const redeemed = await context.store.accounts.redeem(sha256Hex(body.key.trim()), user.id);
        if ('refused' in redeemed) {
          const [status, message] = REFUSALS[redeemed.refused];
          throw new ApiError(status, message);
        }
        const { topUp } = redeemed;
        logTopUp(context, req, user, topUp, `Redeemed code "${topUp.note}" for ${usdText(topUp.quota)}`);
        return new Answer(topUp.quota, `Added ${usdText(topUp.quota)} to your balance.`);
      },
    }),
    route({
      method: 'get',
      path: '/user/topup/self',
      tag: 'top-up',
      access: 'user',
      summary: 'Your top-ups, newest first (paged)',
      query: Type.Object(PageQuery),
      response: pageOf(TopUpViewSchema),
      handler: ({ query, user }) => history(query.p, query.page_size, { userId: user.id }),
    }),
    route({
      method: 'get',
      path: '/user/topup',
      tag: 'top-up',
      access: 'admin',
      summary: "Everyone's top-ups, newest first (paged; by user, status or source)",
      query: Type.Object({
        ...PageQuery,
        user_id: Type.Optional(Type.Integer({ minimum: 1 })),
        status: Type.Optional(Type.Union(['pending', 'crediting', 'done', 'failed', 'expired'].map((s) => Type.Literal(s)))),
        source: Type.Optional(Type.Union(['redemption', 'payment', 'invitation', 'admin'].map((s) => Type.Literal(s)))),
      }),
      response: pageOf(TopUpViewSchema),
      handler: ({ query }) =>
        history(query.p, query.page_size, { userId: query.user_id, status: query.status as TopUpRecord['status'] | undefined, source: query.source as TopUpRecord['source'] | undefined }),
    }),
    route({
      method: 'post',
      path: '/user/topup/complete',
      tag: 'top-up',
      access: 'admin',
      summary: 'Complete a payment top-up by hand (its quota credited once), with a reason',
      body: Type.Object({ id: Type.Integer({ minimum: 1 }), note: Type.String({ minLength: 1, maxLength: 500 }) }),
      response: TopUpViewSchema,
      audit: false,
      handler: async ({ body, user, req }) => {
        const completed = await context.store.accounts.completeTopUp(body.id, `completed by ${user.username}: ${body.note}`);
        if (!completed) throw new ApiError(404, `No top-up ${body.id}.`);
        if (!completed.credited) throw new ApiError(409, `Top-up ${body.id} was credited already: nothing added.`);
        const owner = await context.store.users.get(completed.topUp.user_id);
        logTopUp(context, req, owner ?? { id: completed.topUp.user_id, username: '' }, completed.topUp, `Top-up ${body.id} completed by ${user.username}: ${body.note}`);
        context.store.logs.append({ type: LogType.manage, user_id: user.id, username: user.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `Completed top-up ${body.id} of user ${completed.topUp.user_id} by hand (${usdText(completed.topUp.quota)}): ${body.note}` });
        return view(completed.topUp);
      },
    }),
  ];
}
