import type { Request } from 'express';
import { ApiError } from '../http/errors.js';
import type { Settings } from '../settings.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import { UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';

// What every way of registering shares (a form, an OAuth sign-in): the registration policy's
// invitation rule, and the welcome (starting quota, the inviter's reward, the log records).

/** The inviter named by an invitation code; refuses when the policy needs one and none is given (`needed` says how to get one), or the code is not a live user's. */
export async function inviterFor(context: ManagementContext, settings: Readonly<Settings>, affCode: string, needed: string): Promise<UserRecord | undefined> {
  if (!affCode && settings.registration_policy === 'invite') throw new ApiError(403, `Registration is by invitation: ${needed}`);
  if (!affCode) return undefined;
  const inviter = await context.store.users.byAffCode(affCode);
  if (!inviter || inviter.deleted_at !== 0 || inviter.status !== UserStatus.enabled) throw new ApiError(400, 'That invitation code is not valid.');
  return inviter;
}

/** The new user's starting quota (a recorded top-up and its log record), the inviter's reward, and the registration's log record saying `how`. */
export async function welcomeNewUser(context: ManagementContext, settings: Readonly<Settings>, user: UserRecord, inviter: UserRecord | undefined, req: Request, how: string): Promise<void> {
  const ip = req.socket.remoteAddress ?? '';
  // A recorded top-up: the ledger credits each grant exactly once, and the wallet history shows where it came from.
  if (settings.new_user_quota > 0) {
    await context.store.accounts.grant(user.id, settings.new_user_quota, 'starting quota');
    context.store.logs.append({ type: LogType.topUp, user_id: user.id, username: user.username, quota: settings.new_user_quota, ip, request_id: req.requestId, content: 'starting quota' });
  }
  if (inviter) await context.store.accounts.rewardInviter(inviter.id, settings.invitation_reward_quota);
  context.store.logs.append({ type: LogType.system, user_id: user.id, username: user.username, ip, request_id: req.requestId, content: inviter ? `${how}, invited by ${inviter.username}` : how });
}
