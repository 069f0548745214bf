import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { Role, UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { checkPowerOver, endSessions, existingUser, grantQuota, logManage, roleName } from './user-powers.js';
import { AdminUserViewSchema, adminUserView } from './user-views.js';
import { deleteUser } from './users-admin.js';

const ACTIONS = ['disable', 'enable', 'delete', 'promote', 'demote', 'add_quota'] as const;

const ManageBody = Type.Object({
  id: Type.Integer(),
  action: Type.Union(ACTIONS.map((a) => Type.Literal(a)), { description: 'disable | enable | delete | promote | demote | add_quota' }),
  quota: Type.Optional(Type.Integer({ description: 'add_quota: the amount (negative takes quota away)' })),
});

/** `POST /api/user/manage {id, action, quota?}`: the established relays' one-call user actions. */
export function userManageRoutes(context: ManagementContext) {
  return [
    route({
      method: 'post',
      path: '/user/manage',
      tag: 'user management',
      access: 'admin',
      audit: false,
      summary: 'Act on a user of a lower role: disable, enable, delete, promote (root only), demote, add_quota',
      body: ManageBody,
      response: Type.Union([AdminUserViewSchema, Type.Null()], { description: 'The user after the action; null after delete' }),
      handler: async ({ body, user: actor, req }) => {
        const target = await existingUser(context, body.id);
        checkPowerOver(actor, target);
        const done = (message: string, log: string) => {
          logManage(context, req, actor, log);
          return context.store.users.get(target.id).then((after) => new Answer(after ? adminUserView(after) : null, message));
        };
        switch (body.action) {
          case 'disable':
            if (target.status === UserStatus.disabled) throw new ApiError(409, `${target.username} is disabled already.`);
            await context.store.users.update(target.id, { status: UserStatus.disabled });
            await endSessions(context, target);
            return done(`Disabled ${target.username}: their sessions, API keys and access token stop working now.`, `disabled user ${target.username}`);
          case 'enable':
            if (target.status === UserStatus.enabled) throw new ApiError(409, `${target.username} is enabled already.`);
            await context.store.users.update(target.id, { status: UserStatus.enabled });
            return done(`Enabled ${target.username}.`, `enabled user ${target.username}`);
          case 'delete':
            await deleteUser(context, req, actor, target);
            return new Answer(null, `Deleted ${target.username}.`);
          case 'promote':
            if (actor.role !== Role.root) throw new ApiError(403, 'Only the root user may make admins.');
            if (target.role !== Role.common) throw new ApiError(409, `${target.username} is ${roleName(target.role)} already.`);
            await context.store.users.update(target.id, { role: Role.admin });
            return done(`${target.username} is an admin now.`, `promoted user ${target.username} to admin`);
          case 'demote':
            if (target.role === Role.common) throw new ApiError(409, `${target.username} is a common user already.`);
            await context.store.users.update(target.id, { role: Role.common });
            return done(`${target.username} is a common user now.`, `demoted user ${target.username} to common user`);
          case 'add_quota': {
            if (!body.quota) throw new ApiError(400, 'add_quota needs a quota: a non-zero whole number.');
            const after = await grantQuota(context, req, actor, target, body.quota, `quota ${body.quota > 0 ? 'added' : 'taken'}: ${body.quota}`);
            return done(`${target.username} now has ${after} quota.`, `${body.quota > 0 ? 'added' : 'took'} ${Math.abs(body.quota)} quota ${body.quota > 0 ? 'to' : 'from'} user ${target.username}`);
          }
        }
      },
    }),
  ];
}
