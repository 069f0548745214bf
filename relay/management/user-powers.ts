// Who may do what to whom among users, and the effects every path that changes a user shares
// (the admin form, the manage actions): one place for each rule.
import type { Request } from 'express';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import { Role, type RoleValue } from './contract.js';
import type { ManagementContext } from './context.js';

const ROLE_NAMES: Record<number, string> = { [Role.common]: 'common user', [Role.admin]: 'admin', [Role.root]: 'root' };

export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? `role ${role}`;
}

/** The user with this id, not deleted; 404 otherwise. */
export async function existingUser(context: ManagementContext, id: unknown): Promise<UserRecord> {
  const user = /^\d+$/.test(String(id)) ? await context.store.users.get(Number(id)) : undefined;
  if (!user || user.deleted_at !== 0) throw new ApiError(404, `No user ${String(id)}.`);
  return user;
}

/** An admin acts only on users of a lower role (so never on themselves, and nobody on the root). */
export function checkPowerOver(actor: UserRecord, target: UserRecord): void {
  if (target.role === Role.root) throw new ApiError(403, 'Nobody may change, disable, demote or delete the root user.');
  if (actor.role <= target.role) throw new ApiError(403, `You may act only on users of a lower role than yours (${roleName(actor.role)}); ${target.username} is ${roleName(target.role)}.`);
}

/** Roles an actor may give: only the root makes admins; nobody makes another root. */
export function checkRoleGivable(actor: UserRecord, role: number): RoleValue {
  if (role === Role.root) throw new ApiError(403, 'There is one root user: nobody may be made root.');
  if (role !== Role.common && role !== Role.admin) throw new ApiError(400, 'The role is 1 (common user) or 10 (admin).');
  if (role === Role.admin && actor.role !== Role.root) throw new ApiError(403, 'Only the root user may make admins.');
  return role;
}

/** A disabled or deleted user's sessions end now; its keys and access token are refused from the next request (the call catalog and the session check read the status). */
export async function endSessions(context: ManagementContext, user: UserRecord): Promise<void> {
  await context.store.sessions.deleteForUser(user.id);
}

/** Adds (or, negative, takes) quota as a recorded top-up, with a log record of who did it. */
export async function grantQuota(context: ManagementContext, req: Request, actor: UserRecord, target: UserRecord, quota: number, note: string): Promise<number> {
  const { quota: after } = await context.store.accounts.grant(target.id, quota, note);
  context.store.logs.append({ type: LogType.topUp, user_id: target.id, username: target.username, quota, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content: `${note} (by ${actor.username})` });
  return after;
}

/** The manage log record of an action on a user. */
export function logManage(context: ManagementContext, req: Request, actor: UserRecord, content: string): void {
  context.store.logs.append({ type: LogType.manage, user_id: actor.id, username: actor.username, ip: req.socket.remoteAddress ?? '', request_id: req.requestId, content });
}
