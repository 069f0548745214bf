import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { DEFAULT_GROUP, groupsUsableBy } from '../store/groups.js';
import type { GroupUsage } from '../store/groups.js';
import type { GroupRecord } from '../store/schema.js';
import type { ManagementContext } from './context.js';
import { RateLimitsSchema, givenLimits } from './limits-fields.js';
import { Answer, route } from './route.js';
import { Nothing, PageQuery, pageOf } from './schemas.js';

const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MAX_RATIO = 1000;

const GroupViewSchema = Type.Object({
  name: Type.String(),
  ratio: Type.Number({ description: 'Multiplies every price for callers of this group' }),
  description: Type.String(),
  selectable: Type.Boolean({ description: 'Users may pick it for their keys' }),
  limits: Type.Optional(Type.Composite([RateLimitsSchema], { description: 'Requests and tokens per minute for each user calling in this group' })),
  channels: Type.Integer({ description: 'Channels serving this group' }),
  users: Type.Integer({ description: 'Users in this group' }),
  tokens: Type.Integer({ description: 'Keys calling with this group' }),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

const UsableGroupSchema = Type.Object({ name: Type.String(), ratio: Type.Number(), description: Type.String() });

const GroupFields = {
  ratio: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_RATIO })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  selectable: Type.Optional(Type.Boolean()),
  limits: Type.Optional(RateLimitsSchema),
};

function view(group: GroupRecord, usage: GroupUsage | undefined) {
  return { ...group, ...(usage ?? { channels: 0, users: 0, tokens: 0 }) };
}

function checkedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!GROUP_NAME.test(name)) throw new ApiError(400, 'A group name is 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit.');
  return name;
}

/** Groups (admin): ratios, descriptions, which users may pick; and the groups a user may use. */
export function groupRoutes(context: ManagementContext) {
  const usageOf = async (name: string) => (await context.store.groups.usageByGroup()).get(name);
  return [
    route({
      method: 'get',
      path: '/group',
      tag: 'groups',
      access: 'admin',
      summary: 'Groups with their ratios, descriptions and where they are used (paged)',
      query: Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String()) }),
      response: pageOf(GroupViewSchema),
      handler: async ({ query }) => {
        const page = query.p ?? 1;
        const pageSize = query.page_size ?? 20;
        const keyword = (query.keyword ?? '').trim().toLowerCase();
        const usage = await context.store.groups.usageByGroup();
        const matching = (await context.store.groups.list()).filter((g) => !keyword || g.name.toLowerCase().includes(keyword) || g.description.toLowerCase().includes(keyword));
        const items = matching.slice((page - 1) * pageSize, page * pageSize).map((g) => view(g, usage.get(g.name)));
        return { items, total: matching.length, page, page_size: pageSize };
      },
    }),
    route({
      method: 'get',
      path: '/group/:name',
      tag: 'groups',
      access: 'admin',
      summary: 'One group',
      response: GroupViewSchema,
      handler: async ({ params }) => {
        const group = await context.store.groups.get(String(params.name));
        if (!group) throw new ApiError(404, `No group ${params.name}.`);
        return view(group, await usageOf(group.name));
      },
    }),
    route({
      method: 'post',
      path: '/group',
      tag: 'groups',
      access: 'admin',
      summary: 'Create a group',
      body: Type.Object({ name: Type.String(), ...GroupFields }),
      response: GroupViewSchema,
      handler: async ({ body }) => {
        const name = checkedName(body.name);
        const created = await context.store.groups.create({
          name,
          ratio: body.ratio ?? 1,
          description: (body.description ?? '').trim(),
          selectable: body.selectable ?? false,
          ...(body.limits && { limits: givenLimits(body.limits) }),
        });
        if (!created) throw new ApiError(409, `A group named ${name} exists already.`);
        return new Answer(view(created, undefined), `Group ${name} created.`);
      },
    }),
    route({
      method: 'put',
      path: '/group',
      tag: 'groups',
      access: 'admin',
      summary: 'Change a group’s ratio, description or selectable flag (named by `name`; names do not change)',
      body: Type.Object({ name: Type.String(), ...GroupFields }),
      response: GroupViewSchema,
      handler: async ({ body }) => {
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        const updated = await context.store.groups.update(name, {
          ...(body.ratio !== undefined && { ratio: body.ratio }),
          ...(body.description !== undefined && { description: body.description.trim() }),
          ...(body.selectable !== undefined && { selectable: body.selectable }),
          ...(body.limits !== undefined && { limits: givenLimits(body.limits) }),
        });
        if (!updated) throw new ApiError(404, `No group ${name}.`);
        return view(updated, await usageOf(name));
      },
    }),
    route({
      method: 'delete',
      path: '/group/:name',
      tag: 'groups',
      access: 'admin',
      summary: 'Delete a group no channel, user or key uses (never `default`)',
      response: Nothing,
      handler: async ({ params }) => {
        const name = String(params.name);
        const result = await context.store.groups.delete(name);
        if (result.deleted) return new Answer(null, `Group ${name} deleted.`);
        if (result.reason === 'missing') throw new ApiError(404, `No group ${name}.`);
        if (result.reason === 'default') throw new ApiError(409, `The ${DEFAULT_GROUP} group cannot be deleted.`);
        const usage = result.usage!;
        const uses = [
          usage.channels ? `${usage.channels} channel${usage.channels === 1 ? '' : 's'}` : '',
          usage.users ? `${usage.users} user${usage.users === 1 ? '' : 's'}` : '',
          usage.tokens ? `${usage.tokens} key${usage.tokens === 1 ? '' : 's'}` : '',
        ].filter(Boolean);
        throw new ApiError(409, `The group ${name} is in use by ${uses.join(', ')}: move them to another group first.`);
      },
    }),
    route({
      method: 'get',
      path: '/user/self/groups',
      tag: 'user management',
      access: 'user',
      summary: 'The groups the signed-in user may use for keys (their own and every selectable one), with ratios',
      response: Type.Array(UsableGroupSchema),
      handler: async ({ user }) => groupsUsableBy(await context.store.groups.list(), user).map((g) => ({ name: g.name, ratio: g.ratio, description: g.description })),
    }),
  ];
}
