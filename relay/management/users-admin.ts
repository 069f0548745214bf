import { Type } from '@sinclair/typebox';
import { hashPassword } from '../auth/password.js';
import { ApiError } from '../http/errors.js';
import { DEFAULT_GROUP } from '../store/groups.js';
import type { UserRecord } from '../store/schema.js';
import { Role, UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { BudgetLeftSchema, CallerLimitsSchema, budgetsLeftNow, givenLimits } from './limits-fields.js';
import { clearTwoFactor } from './two-factor.js';
import { Answer, route } from './route.js';
import { Nothing, PageQuery, pageOf } from './schemas.js';
import { checkPowerOver, checkRoleGivable, endSessions, existingUser, grantQuota, logManage, roleName } from './user-powers.js';
import { AdminUserViewSchema, adminUserView } from './user-views.js';
import { checkedEmail, checkEmailFree } from './email-address.js';
import { newPassword, username } from './validate.js';
import { requireVerified, VERIFICATION_HEADER } from './verification.js';

const ListQuery = Type.Object({ ...PageQuery });
const SearchQuery = Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String({ description: 'Part of the username, display name or email (case-insensitive)' })) });

const EditableFields = {
  display_name: Type.Optional(Type.String({ maxLength: 64 })),
  email: Type.Optional(Type.String({ maxLength: 254, description: "Set by an admin: not verified by mail" })),
  group: Type.Optional(Type.String()),
  role: Type.Optional(Type.Integer({ description: '1 common user, 10 admin (only the root makes admins)' })),
  limits: Type.Optional(CallerLimitsSchema),
};

const NewUserBody = Type.Object({
  username: Type.String(),
  password: Type.String(),
  ...EditableFields,
  quota: Type.Optional(Type.Integer({ minimum: 0, description: 'Starting quota (recorded as a top-up)' })),
});

const EditUserBody = Type.Object({
  ...EditableFields,
  quota: Type.Optional(Type.Integer({ minimum: 0, description: 'The new quota; the difference is recorded as a top-up (or a deduction)' })),
});

/** Administrators' user management: list, search, create, edit, soft delete, reset a password or sign-in factors. */
export function adminUserRoutes(context: ManagementContext) {
  const list = async (query: { p?: number | undefined; page_size?: number | undefined; keyword?: string | undefined }) => {
    const page = query.p ?? 1;
    const pageSize = query.page_size ?? 20;
    const found = await context.store.users.list({ page, pageSize, keyword: query.keyword?.trim() || undefined });
    return { items: found.items.map(adminUserView), total: found.total, page, page_size: pageSize };
  };

  const checkedGroup = async (group: string): Promise<string> => {
    // The default group always exists (the PostgreSQL store keeps no record of it until edited).
    if (group !== DEFAULT_GROUP && !(await context.store.groups.get(group))) throw new ApiError(400, `There is no group "${group}".`);
    return group;
  };

  const checkedDisplayName = (value: string, fallback: string) => value.trim().slice(0, 64) || fallback;


  return [
    route({ method: 'get', path: '/user/', tag: 'user management', access: 'admin', summary: 'List users, newest first (deleted users left out)', query: ListQuery, response: pageOf(AdminUserViewSchema), handler: ({ query }) => list(query) }),
    route({ method: 'get', path: '/user/search', tag: 'user management', access: 'admin', summary: 'Search users by username, display name or email', query: SearchQuery, response: pageOf(AdminUserViewSchema), handler: ({ query }) => list(query) }),
    route({
      method: 'post',
      path: '/user/',
      tag: 'user management',
      access: 'admin',
      audit: false,
      summary: 'Create a user (a role below yours; quota recorded as a top-up)',
      body: NewUserBody,
      response: AdminUserViewSchema,
      handler: async ({ body, user: actor, req }) => {
        const role = checkRoleGivable(actor, body.role ?? Role.common);
        const group = await checkedGroup(body.group?.trim() || DEFAULT_GROUP);
        const email = checkedEmail(body.email ?? '', true);
        await checkEmailFree(context.store.users, email);
        const name = username(body.username);
        const created = await context.store.users.create({ username: name, password_hash: await hashPassword(newPassword(body.password)), role, group, email, display_name: checkedDisplayName(body.display_name ?? '', name) });
        if (!created) throw new ApiError(409, `The username ${name} is taken.`);
        if (body.quota) await grantQuota(context, req, actor, created, body.quota, 'starting quota');
        if (body.limits) await context.store.users.update(created.id, { limits: givenLimits(body.limits) });
        logManage(context, req, actor, `created user ${created.username} (${roleName(role)})`);
        return new Answer(adminUserView((await context.store.users.get(created.id)) ?? created), `Created ${created.username}.`);
      },
    }),
    route({ method: 'get', path: '/user/:id', tag: 'user management', access: 'admin', summary: 'One user', response: AdminUserViewSchema, handler: async ({ params }) => adminUserView(await existingUser(context, params.id)) }),
    route({
      method: 'get',
      path: '/user/:id/budgets',
      tag: 'user management',
      access: 'admin',
      summary: "What is left of a user's period budgets (day, week, month) now",
      response: Type.Array(BudgetLeftSchema),
      handler: async ({ params }) => {
        const user = await existingUser(context, params.id);
        return budgetsLeftNow(context, `u:${user.id}`, user.limits);
      },
    }),
    route({
      method: 'put',
      path: '/user/:id',
      tag: 'user management',
      access: 'admin',
      audit: false,
      summary: 'Edit a user of a lower role: display name, email, group, quota, role',
      body: EditUserBody,
      response: AdminUserViewSchema,
      handler: async ({ body, params, user: actor, req }) => {
        const target = await existingUser(context, params.id);
        checkPowerOver(actor, target);
        const patch: Partial<UserRecord> = {};
        if (body.role !== undefined && body.role !== target.role) patch.role = checkRoleGivable(actor, body.role);
        if (body.group !== undefined && body.group.trim() !== target.group) patch.group = await checkedGroup(body.group.trim());
        if (body.display_name !== undefined) patch.display_name = checkedDisplayName(body.display_name, target.username);
        if (body.limits !== undefined && JSON.stringify(givenLimits(body.limits)) !== JSON.stringify(target.limits ?? {})) patch.limits = givenLimits(body.limits);
        if (body.email !== undefined) {
          patch.email = checkedEmail(body.email, true);
          await checkEmailFree(context.store.users, patch.email, target.id);
        }
        const changed = Object.keys(patch).filter((key) => patch[key as keyof UserRecord] !== target[key as keyof UserRecord]);
        if (changed.length > 0) await context.store.users.update(target.id, patch);
        if (body.quota !== undefined && body.quota !== target.quota) {
          await grantQuota(context, req, actor, target, body.quota - target.quota, `quota set to ${body.quota}`);
          changed.push('quota');
        }
        if (changed.length > 0) logManage(context, req, actor, `edited user ${target.username}: ${changed.join(', ')}`);
        return new Answer(adminUserView((await context.store.users.get(target.id))!), changed.length > 0 ? `Saved ${target.username}.` : 'Nothing changed.');
      },
    }),
    route({
      method: 'delete',
      path: '/user/:id',
      tag: 'user management',
      access: 'admin',
      audit: false,
      summary: 'Delete a user of a lower role (soft: records and logs keep their owner; sessions, keys and access token stop working at once)',
      response: Nothing,
      handler: async ({ params, user: actor, req }) => {
        await deleteUser(context, req, actor, await existingUser(context, params.id));
        return new Answer(null, 'Deleted.');
      },
    }),
    route({
      method: 'post',
      path: '/user/:id/reset_password',
      tag: 'user management',
      access: 'admin',
      audit: false,
      critical: true,
      summary: `Set a lower-role user's password (after a security verification: its proof in ${VERIFICATION_HEADER}); their sessions end`,
      body: Type.Object({ password: Type.String() }),
      response: Nothing,
      handler: async ({ body, params, user: actor, req }) => {
        const target = await existingUser(context, params.id);
        checkPowerOver(actor, target);
        await requireVerified(context, req);
        await context.store.users.update(target.id, { password_hash: await hashPassword(newPassword(body.password)) });
        await endSessions(context, target);
        logManage(context, req, actor, `reset the password of user ${target.username}`);
        return new Answer(null, `Password of ${target.username} changed; their sessions were signed out.`);
      },
    }),
    route({
      method: 'post',
      path: '/user/:id/reset_2fa',
      tag: 'user management',
      access: 'admin',
      audit: false,
      summary: "Turn off a lower-role user's two-step verification and remove their passkeys (they sign in with the password)",
      response: Nothing,
      handler: async ({ params, user: actor, req }) => {
        const target = await existingUser(context, params.id);
        checkPowerOver(actor, target);
        await clearTwoFactor(context, target.id);
        await context.store.users.update(target.id, { passkeys: [] });
        logManage(context, req, actor, `reset two-step verification and passkeys of user ${target.username}`);
        return new Answer(null, `Two-step verification and passkeys of ${target.username} removed.`);
      },
    }),
  ];
}

/** Soft delete: the record stays (logs, top-ups and keys keep their owner), disabled and hidden; sessions end, sign-in factors are removed. */
export async function deleteUser(context: ManagementContext, req: import('express').Request, actor: UserRecord, target: UserRecord): Promise<void> {
  checkPowerOver(actor, target);
  // Its sign-in factors go with it: an OAuth account or passkey may then belong to a new account.
  await context.store.users.update(target.id, { deleted_at: Date.now(), status: UserStatus.disabled, oauth: [], passkeys: [] });
  await clearTwoFactor(context, target.id);
  await endSessions(context, target);
  logManage(context, req, actor, `deleted user ${target.username}`);
}
