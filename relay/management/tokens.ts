import { isIP } from 'node:net';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Request } from 'express';
import { sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { groupsUsableBy } from '../store/groups.js';
import { LogType } from '../store/logs/index.js';
import type { TokenRecord, UserRecord } from '../store/schema.js';
import { TokenStatus } from '../store/tokens.js';
import { Role } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { BudgetLeftSchema, CallerLimitsSchema, budgetsLeftNow, givenLimits } from './limits-fields.js';
import { Nothing, PageQuery, pageOf } from './schemas.js';

const TokenFields = {
  remain_quota: Type.Optional(Type.Integer({ description: 'Quota left on this key (ignored when unlimited_quota)' })),
  unlimited_quota: Type.Optional(Type.Boolean()),
  expired_time: Type.Optional(Type.Integer({ description: 'Unix seconds; -1 never' })),
  model_limits: Type.Optional(Type.Union([Type.String({ description: 'Comma-separated' }), Type.Array(Type.String())], { description: 'Allowed models; empty allows all' })),
  allow_ips: Type.Optional(Type.Union([Type.String({ description: 'One per line or comma-separated' }), Type.Array(Type.String())], { description: 'Allowed client IPs and CIDRs; empty allows all' })),
  group: Type.Optional(Type.String({ description: "Empty: the user's group" })),
  allow_balance: Type.Optional(Type.Boolean({ description: 'The key may read /v1/balance' })),
  log_bodies: Type.Optional(Type.Boolean({ description: "Keep this key's request and response bodies with its calls' log records (never the key itself)" })),
  limits: Type.Optional(CallerLimitsSchema),
};

const NewTokenBody = Type.Object({ name: Type.String(), ...TokenFields }, { additionalProperties: true });

const UpdateTokenBody = Type.Object(
  {
    id: Type.Integer(),
    name: Type.Optional(Type.String()),
    ...TokenFields,
    status: Type.Optional(
      Type.Union(
        [
          Type.Literal(TokenStatus.enabled),
          Type.Literal(TokenStatus.disabled),
          Type.Literal(TokenStatus.expired),
          Type.Literal(TokenStatus.exhausted),
          Type.Literal('enabled'),
          Type.Literal('disabled'),
        ],
        { description: '1 (or "enabled"), 2 (or "disabled"); 3 and 4, as lists show them, leave the status as it is' },
      ),
    ),
  },
  { additionalProperties: true },
);

/** A key as lists and gets show it: never the key itself, only its hint. */
export const TokenViewSchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  key_hint: Type.String({ description: 'The key masked: its prefix…its last 4 characters' }),
  status: Type.Integer({ description: '1 enabled, 2 disabled, 3 expired, 4 quota used up (3 and 4 follow from expired_time and remain_quota)' }),
  created_at: Type.Integer({ description: 'ms' }),
  accessed_at: Type.Integer({ description: 'ms of the last served call; 0 never' }),
  expired_time: Type.Integer({ description: 'Unix seconds; -1 never' }),
  remain_quota: Type.Number(),
  unlimited_quota: Type.Boolean(),
  used_quota: Type.Number(),
  request_count: Type.Integer(),
  model_limits: Type.Array(Type.String()),
  allow_ips: Type.Array(Type.String()),
  group: Type.String(),
  allow_balance: Type.Boolean(),
  log_bodies: Type.Boolean({ description: "The key's request and response bodies are kept with its calls" }),
  limits: CallerLimitsSchema,
  budgets_left: Type.Array(BudgetLeftSchema, { description: 'What is left of each period budget now' }),
});
type TokenView = Static<typeof TokenViewSchema>;

const NewKeySchema = Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String({ description: 'The full key: shown this once' }) });

const ListQuery = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(Type.String({ description: 'Part of the key name (case-insensitive)' })),
  user_id: Type.Optional(Type.Integer({ description: "Admins: only this user's keys" })),
});

const SearchQuery = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(Type.String({ description: 'Part of the key name (case-insensitive)' })),
  token: Type.Optional(Type.String({ description: 'A whole key, or part of its hint (prefix or last characters)' })),
  user_id: Type.Optional(Type.Integer({ description: "Admins: only this user's keys" })),
});

const MAX_BATCH = 1000;

/** API keys: users manage their own; admins any. The key is answered only at create and regenerate. */
export function tokenRoutes(context: ManagementContext) {
  const isAdmin = (user: UserRecord) => user.role >= Role.admin;

  /** The key with this id if the caller may touch it; 404 otherwise (others' keys do not exist for users). */
  const ownKey = async (user: UserRecord, id: unknown): Promise<TokenRecord> => {
    const token = /^\d+$/.test(String(id)) ? await context.store.tokens.get(Number(id)) : undefined;
    if (!token || (token.user_id !== user.id && !isAdmin(user))) throw new ApiError(404, `No API key ${String(id)}.`);
    return token;
  };

  /**
   * A key's group prices its calls: users may pick their own group or a selectable one;
   * admins any existing group. '' means the owner's group.
   */
  const givenGroup = async (actor: UserRecord, value: string): Promise<string> => {
    const name = value.trim();
    if (!name) return '';
    const allowed = isAdmin(actor) ? (await context.store.groups.get(name)) !== undefined : groupsUsableBy(await context.store.groups.list(), actor).some((g) => g.name === name);
    if (!allowed) throw new ApiError(400, isAdmin(actor) ? `There is no group "${name}".` : `The group "${name}" is not one you may use for keys.`);
    return name;
  };

  /** The usernames of these keys' owners, by user id. */
  const ownerNames = async (tokens: readonly TokenRecord[]): Promise<Map<number, string>> => {
    const names = new Map<number, string>();
    for (const id of new Set(tokens.map((t) => t.user_id))) names.set(id, (await context.store.users.get(id))?.username ?? '');
    return names;
  };

  const view = (token: TokenRecord, owners: Map<number, string>, now = Date.now()): TokenView => ({
    id: token.id,
    user_id: token.user_id,
    username: owners.get(token.user_id) ?? '',
    name: token.name,
    key_hint: token.key_hint,
    status: shownStatus(token, now),
    created_at: token.created_at,
    accessed_at: token.accessed_at,
    expired_time: token.expired_time,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    used_quota: token.used_quota,
    request_count: token.request_count,
    model_limits: [...token.model_limits],
    allow_ips: [...token.allow_ips],
    group: token.group,
    allow_balance: token.allow_balance,
    log_bodies: token.log_bodies === true,
    limits: { ...token.limits },
    budgets_left: [],
  });

  /** The views with what is left of their period budgets. */
  const withBudgets = async (views: TokenView[], tokens: readonly TokenRecord[]): Promise<TokenView[]> => {
    for (const [i, token] of tokens.entries()) views[i]!.budgets_left = await budgetsLeftNow(context, `k:${token.id}`, token.limits);
    return views;
  };

  /** One key as answered. */
  const viewOf = async (token: TokenRecord) => (await withBudgets([view(token, await ownerNames([token]))], [token]))[0]!;

  const audit = async (req: Request, user: UserRecord, token: Pick<TokenRecord, 'id' | 'name' | 'user_id'>, action: string) => {
    const owner = token.user_id === user.id ? '' : ` of user ${(await context.store.users.get(token.user_id))?.username ?? `#${token.user_id}`}`;
    context.store.logs.append({
      type: LogType.manage,
      user_id: user.id,
      username: user.username,
      token_id: token.id,
      token_name: token.name,
      ip: req.socket.remoteAddress ?? '',
      request_id: req.requestId,
      content: action.replace('%s', `${JSON.stringify(token.name)}${owner}`),
    });
  };

  const list = async (user: UserRecord, query: { p?: number | undefined; page_size?: number | undefined; keyword?: string | undefined; token?: string | undefined; user_id?: number | undefined }) => {
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const fragment = query.token?.trim() ?? '';
    const hash = fragment ? sha256Hex(fragment) : '';
    const onlyUser = isAdmin(user) ? query.user_id : user.id;
    const matches = (await context.store.tokens.list(onlyUser))
      .filter((t) => (!keyword || t.name.toLowerCase().includes(keyword)) && (!fragment || t.key_hash === hash || hintMatches(t.key_hint, fragment)))
      .sort((a, b) => b.id - a.id);
    const page = query.p ?? 1;
    const pageSize = query.page_size ?? 20;
    const now = Date.now();
    const shown = matches.slice((page - 1) * pageSize, page * pageSize);
    const owners = await ownerNames(shown);
    return { items: await withBudgets(shown.map((t) => view(t, owners, now)), shown), total: matches.length, page, page_size: pageSize };
  };

  return [
    route({
      method: 'get',
      path: '/token',
      tag: 'token management',
      access: 'user',
      summary: 'List API keys, newest first (your own; admins: everyone’s), masked',
      query: ListQuery,
      response: pageOf(TokenViewSchema),
      handler: ({ user, query }) => list(user, query),
    }),
    route({
      method: 'get',
      path: '/token/search',
      tag: 'token management',
      access: 'user',
      summary: 'Search API keys by name or key, newest first, masked',
      query: SearchQuery,
      response: pageOf(TokenViewSchema),
      handler: ({ user, query }) => list(user, query),
    }),
    route({
      method: 'get',
      path: '/token/:id',
      tag: 'token management',
      access: 'user',
      summary: 'One API key, masked',
      response: TokenViewSchema,
      handler: async ({ user, params }) => viewOf(await ownKey(user, params.id)),
    }),
    route({
      audit: false, // writes its own record, naming the key
      method: 'post',
      path: '/token',
      tag: 'token management',
      access: 'user',
      summary: 'Create an API key; the key (sk-…) is answered this once',
      body: NewTokenBody,
      response: NewKeySchema,
      handler: async ({ body, user, req, res }) => {
        const name = givenName(body.name);
        const { record, key } = await context.store.tokens.create({
          user_id: user.id,
          name,
          remain_quota: body.remain_quota === undefined ? 0 : givenRemainQuota(body.remain_quota),
          unlimited_quota: Boolean(body.unlimited_quota),
          expired_time: body.expired_time === undefined ? -1 : givenExpiry(body.expired_time),
          model_limits: splitList(body.model_limits, /,/),
          allow_ips: givenIps(body.allow_ips),
          group: typeof body.group === 'string' ? await givenGroup(user, body.group) : '',
          allow_balance: Boolean(body.allow_balance),
          log_bodies: Boolean(body.log_bodies),
          ...(body.limits && { limits: givenLimits(body.limits) }),
        });
        await audit(req, user, record, 'created key %s');
        res.setHeader('Cache-Control', 'no-store');
        return new Answer({ id: record.id, name: record.name, key }, 'Copy the key now: it will not be shown again.');
      },
    }),
    route({
      audit: false, // writes its own record, naming the key and the fields
      method: 'put',
      path: '/token',
      tag: 'token management',
      access: 'user',
      summary: 'Change an API key (only the fields given); answers it masked',
      body: UpdateTokenBody,
      response: TokenViewSchema,
      handler: async ({ body, user, req }) => {
        const token = await ownKey(user, body.id);
        // Validate everything before changing anything. Values equal to the current ones pass
        // as they are (a console sends the whole key back, including a past expiry).
        const change: Partial<TokenRecord> = {};
        if (body.name !== undefined) change.name = givenName(body.name);
        if (body.remain_quota !== undefined && body.remain_quota !== token.remain_quota) change.remain_quota = givenRemainQuota(body.remain_quota);
        if (body.unlimited_quota !== undefined) change.unlimited_quota = body.unlimited_quota;
        if (body.expired_time !== undefined && body.expired_time !== token.expired_time) change.expired_time = givenExpiry(body.expired_time);
        if (body.model_limits !== undefined) change.model_limits = splitList(body.model_limits, /,/);
        if (body.allow_ips !== undefined) change.allow_ips = givenIps(body.allow_ips);
        if (body.group !== undefined && body.group.trim() !== token.group) change.group = await givenGroup(user, body.group);
        if (body.allow_balance !== undefined) change.allow_balance = body.allow_balance;
        if (body.log_bodies !== undefined) change.log_bodies = body.log_bodies;
        if (body.limits !== undefined && !sameValue(givenLimits(body.limits), token.limits ?? {})) change.limits = givenLimits(body.limits);
        if (body.status === 'disabled' || body.status === TokenStatus.disabled) change.status = TokenStatus.disabled;
        else if (body.status === 'enabled' || body.status === TokenStatus.enabled) change.status = TokenStatus.enabled;
        const changed = (Object.keys(change) as (keyof TokenRecord)[]).filter((field) => !sameValue(token[field], change[field]));
        const before = { id: token.id, name: token.name, user_id: token.user_id };
        const { remain_quota: remain, unlimited_quota: unlimitedGiven, ...fields } = change;
        if (Object.keys(fields).length > 0) await context.store.tokens.update(token.id, fields);
        // The key's limit through the quota ledger, and only when it changes (a console sends the
        // limit back as it was shown: writing that would undo what calls spent meanwhile).
        const unlimited = unlimitedGiven ?? token.unlimited_quota;
        if (remain !== undefined) await context.store.quota.setKeyQuota(token.id, remain, unlimited);
        else if (unlimited !== token.unlimited_quota) await context.store.quota.setKeyQuota(token.id, unlimited ? null : token.remain_quota);
        if (changed.length > 0) await audit(req, user, before, `updated key %s (${changed.join(', ')})`);
        const updated = await context.store.tokens.get(token.id);
        if (!updated) throw new ApiError(404, `No API key ${token.id}.`); // deleted meanwhile
        return new Answer(await viewOf(updated), changed.length > 0 ? 'Saved.' : 'Nothing changed.');
      },
    }),
    route({
      audit: false, // writes its own record, naming the key
      method: 'delete',
      path: '/token/:id',
      tag: 'token management',
      access: 'user',
      summary: 'Delete an API key: it stops working at once',
      response: Nothing,
      handler: async ({ user, params, req }) => {
        const token = await ownKey(user, params.id);
        const removed = await context.store.tokens.remove([token.id]);
        for (const record of removed) await audit(req, user, record, 'deleted key %s');
        return new Answer(null, 'Deleted.');
      },
    }),
    route({
      audit: false, // writes its own record, naming the key
      method: 'post',
      path: '/token/batch',
      tag: 'token management',
      access: 'user',
      summary: 'Delete several API keys (ids that are not yours, or unknown, are skipped)',
      body: Type.Object({ ids: Type.Array(Type.Integer(), { minItems: 1, maxItems: MAX_BATCH }) }),
      response: Type.Object({ deleted: Type.Integer() }),
      handler: async ({ user, body, req }) => {
        const mine = new Set((await context.store.tokens.list(isAdmin(user) ? undefined : user.id)).map((t) => t.id));
        const ids = body.ids.filter((id) => mine.has(id));
        const removed = ids.length > 0 ? await context.store.tokens.remove(ids) : [];
        for (const record of removed) await audit(req, user, record, 'deleted key %s');
        return new Answer({ deleted: removed.length }, `Deleted ${removed.length} key${removed.length === 1 ? '' : 's'}.`);
      },
    }),
    route({
      audit: false, // writes its own record, naming the key
      method: 'post',
      path: '/token/:id/regenerate',
      tag: 'token management',
      access: 'user',
      summary: 'Replace an API key with a new one (answered this once); the old key stops working at once',
      response: NewKeySchema,
      handler: async ({ user, params, req, res }) => {
        const token = await ownKey(user, params.id);
        const regenerated = await context.store.tokens.regenerate(token.id);
        if (!regenerated) throw new ApiError(404, `No API key ${params.id}.`);
        await audit(req, user, regenerated.record, 'regenerated key %s');
        res.setHeader('Cache-Control', 'no-store');
        return new Answer({ id: regenerated.record.id, name: regenerated.record.name, key: regenerated.key }, 'Copy the new key now: it will not be shown again. The old key no longer works.');
      },
    }),
  ];
}

/** The status a list shows: disabled as set; otherwise expired or used up when that is why calls are refused. */
function shownStatus(token: TokenRecord, now: number): number {
  if (token.status !== TokenStatus.enabled) return token.status;
  if (token.expired_time !== -1 && token.expired_time * 1000 <= now) return TokenStatus.expired;
  if (!token.unlimited_quota && token.remain_quota <= 0) return TokenStatus.exhausted;
  return TokenStatus.enabled;
}

/** Only the hint is known of a stored key: `sk-abcd…wxyz` matches `sk-ab`, `wxyz`, `d…w`. */
function hintMatches(hint: string, fragment: string): boolean {
  return hint.includes(fragment);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function givenName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim().slice(0, 64) : '';
  if (!name) throw new ApiError(400, 'Give the key a name.');
  return name;
}

function givenExpiry(value: unknown): number {
  const expired = Number(value);
  if (!Number.isInteger(expired) || (expired !== -1 && expired * 1000 <= Date.now())) {
    throw new ApiError(400, 'expired_time must be -1 (never) or a future Unix time in seconds.');
  }
  return expired;
}

function givenRemainQuota(value: unknown): number {
  const remain = Number(value);
  if (!Number.isInteger(remain) || remain < 0) throw new ApiError(400, 'remain_quota must be a whole number ≥ 0.');
  return remain;
}

function givenIps(value: unknown): string[] {
  const allowIps = splitList(value, /[\n,]/);
  for (const entry of allowIps) {
    const [address, prefix] = entry.split('/');
    if (!isIP(address ?? '') || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new ApiError(400, `"${entry}" is not an IP address or CIDR range.`);
    }
  }
  return allowIps;
}

function splitList(value: unknown, separator: RegExp): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(separator) : [];
  return items.map((item) => item.trim()).filter(Boolean);
}
