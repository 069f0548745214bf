import { Type } from '@sinclair/typebox';
import { QUOTA_PER_USD, usdText } from '../billing/pricing.js';
import { ApiError } from '../http/errors.js';
import { storedSettings } from '../settings.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { logTopUp } from './top-up.js';

// Invitations: each user's code (registration with it rewards the inviter: registration.ts)
// and moving the rewards (aff_quota) into usable quota.

/** The least one transfer moves: 1 USD of quota, as the established relays require. */
export const MIN_INVITATION_TRANSFER = QUOTA_PER_USD;

const InvitationSchema = Type.Object({
  aff_code: Type.String({ description: 'Your invitation code: register?aff=<code>' }),
  aff_count: Type.Integer({ description: 'Users registered with it' }),
  aff_quota: Type.Integer({ description: 'Invitation rewards not yet moved into your quota' }),
  aff_history_quota: Type.Integer({ description: 'Every invitation reward earned' }),
  reward_quota: Type.Integer({ description: 'What each registration with your code earns now' }),
  min_transfer: Type.Integer({ description: 'The least quota one transfer moves' }),
});

export function invitationRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/user/aff',
      tag: 'user management',
      access: 'user',
      summary: 'Your invitation code and rewards',
      response: InvitationSchema,
      handler: async ({ user }) => {
        const current = (await context.store.users.get(user.id)) ?? user;
        const { invitation_reward_quota: reward } = await storedSettings(context.store);
        return {
          aff_code: current.aff_code,
          aff_count: current.aff_count,
          aff_quota: current.aff_quota,
          aff_history_quota: current.aff_history_quota,
          reward_quota: reward,
          min_transfer: MIN_INVITATION_TRANSFER,
        };
      },
    }),
    route({
      method: 'post',
      path: '/user/aff_transfer',
      tag: 'user management',
      access: 'user',
      summary: 'Move invitation rewards into your quota (at least 1 USD of quota, at most what you have)',
      body: Type.Object({ quota: Type.Integer({ description: 'Quota to move (500 000 = 1 USD)' }) }),
      response: Type.Object({ quota: Type.Integer({ description: 'Your quota after it' }), aff_quota: Type.Integer({ description: 'Invitation rewards left' }) }),
      audit: false,
      handler: async ({ body, user, req }) => {
        if (body.quota < MIN_INVITATION_TRANSFER) throw new ApiError(400, `The least you can move is ${usdText(MIN_INVITATION_TRANSFER)} (quota ${MIN_INVITATION_TRANSFER}).`);
        const moved = await context.store.accounts.transferInvitation(user.id, body.quota);
        if ('refused' in moved) {
          const have = (await context.store.users.get(user.id))?.aff_quota ?? 0;
          throw new ApiError(400, `You have ${usdText(have)} of invitation rewards (quota ${have}): move at most that.`);
        }
        logTopUp(context, req, user, moved.topUp, `Moved ${usdText(body.quota)} of invitation rewards into quota`);
        const after = await context.store.users.get(user.id);
        return new Answer({ quota: moved.quota, aff_quota: after?.aff_quota ?? 0 }, `Moved ${usdText(body.quota)} into your quota.`);
      },
    }),
  ];
}
