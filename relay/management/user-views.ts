import { Type, type Static } from '@sinclair/typebox';
import type { UserRecord } from '../store/schema.js';
import { CallerLimitsSchema } from './limits-fields.js';
import { UserViewSchema } from './schemas.js';
import { toUserView } from './user.js';

/** A user as administrators see it: the user's own view plus invitations and sign-in factors (never a secret or a hash). */
export const AdminUserViewSchema = Type.Composite([
  UserViewSchema,
  Type.Object({
    aff_code: Type.String({ description: 'Their invitation code' }),
    aff_count: Type.Integer({ description: 'Users registered with their code' }),
    aff_quota: Type.Integer({ description: 'Invitation rewards not yet moved into quota' }),
    aff_history_quota: Type.Integer({ description: 'Every invitation reward earned' }),
    inviter_id: Type.Integer({ description: 'Who invited them; 0 nobody' }),
    two_factor: Type.Boolean({ description: 'Two-step verification is on' }),
    passkeys: Type.Integer({ description: 'How many passkeys they registered' }),
    limits: CallerLimitsSchema,
  }),
]);
export type AdminUserView = Static<typeof AdminUserViewSchema>;

export function adminUserView(user: UserRecord): AdminUserView {
  return {
    ...toUserView(user),
    aff_code: user.aff_code,
    aff_count: user.aff_count,
    aff_quota: user.aff_quota,
    aff_history_quota: user.aff_history_quota,
    inviter_id: user.inviter_id,
    two_factor: user.totp?.enabled === true,
    passkeys: user.passkeys.length,
    limits: { ...user.limits },
  };
}
