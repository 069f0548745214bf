import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import express from 'express';
import type { Request, RequestHandler, Response, Router } from 'express';
import { ApiError } from '../http/errors.js';
import type { UserRecord } from '../store/schema.js';
import { Role } from './contract.js';
import type { RoleValue } from './contract.js';
import type { ManagementContext } from './context.js';
import { limitCritical } from './limit-critical.js';
import { LogType } from '../store/logs/index.js';

/** The management API's tag groups, exactly as interface.md names them. */
export const TAGS = [
  'system',
  'user login and registration',
  'OAuth',
  'user management',
  'top-up',
  'two-step verification',
  'security verification',
  'channel management',
  'token management',
  'redemption codes',
  'logs',
  'data statistics',
  'groups',
  'tasks',
  'suppliers',
  'model management',
  'system settings',
] as const;
export type Tag = (typeof TAGS)[number];

export type Access = 'public' | 'user' | 'admin' | 'root';
export const ACCESS_ROLE: Record<Exclude<Access, 'public'>, RoleValue> = { user: Role.common, admin: Role.admin, root: Role.root };

export interface RouteInput<B extends TSchema, Q extends TSchema> {
  body: Static<B>;
  query: Static<Q>;
  params: Record<string, string>;
  /** The signed-in caller (undefined only on public routes). */
  user: UserRecord;
  req: Request;
  res: Response;
}

/**
 * One management route: its schemas validate the request and describe it in the OpenAPI
 * document (`GET /api/openapi.json`), so the two cannot drift. The handler answers the
 * envelope's `data` (and may set `message`); errors are thrown as ApiError.
 */
export interface RouteSpec<B extends TSchema = TSchema, Q extends TSchema = TSchema, R extends TSchema = TSchema> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path under /api, e.g. `/channel/:id`. */
  path: string;
  tag: Tag;
  access: Access;
  summary: string;
  body?: B;
  query?: Q;
  /** The schema of `data` in the envelope. */
  response: R;
  /** Credential checks: 20 per 20 minutes per IP. */
  critical?: boolean;
  /** Answer something other than the envelope (a CSV file, a document): the handler writes `res` itself. */
  raw?: boolean;
  /** The media type of a raw answer (default JSON). */
  produces?: string;
  /** Changing routes leave an audit record (log type manage) unless they write a better one themselves. */
  audit?: false;
  handler(input: RouteInput<B, Q>): Promise<Static<R> | Answer<Static<R>>> | Static<R> | Answer<Static<R>>;
}

/** A handler's answer with a message for the envelope. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

export function route<B extends TSchema = TSchema, Q extends TSchema = TSchema, R extends TSchema = TSchema>(spec: RouteSpec<B, Q, R>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** Mounts routes on a router with access checks, validation and the envelope. */
export function mountRoutes(router: Router, routes: readonly RouteSpec[], context: ManagementContext): void {
  for (const spec of routes) {
    const checkBody = spec.body ? TypeCompiler.Compile(spec.body) : undefined;
    const checkQuery = spec.query ? TypeCompiler.Compile(spec.query) : undefined;
    // Access first: a caller refused anyway neither spends nor needs the credential-check budget.
    const handlers: RequestHandler[] = [
      (req, _res, next) => {
        if (spec.access === 'public') return next();
        if (!req.user) return next(new ApiError(401, 'Not signed in: sign in, or send Authorization: Bearer <access token>.'));
        if (req.user.role < ACCESS_ROLE[spec.access]) return next(new ApiError(403, 'You do not have permission for this.'));
        next();
      },
    ];
    if (spec.critical) handlers.push(limitCritical(context));
    handlers.push(async (req, res) => {
      const body = checkBody ? validated(checkBody, req.body ?? {}, 'body') : req.body;
      const query = checkQuery ? validated(checkQuery, coerceQuery(req.query as Record<string, unknown>, spec.query!), 'query') : req.query;
      const answer = await spec.handler({ body, query, params: req.params as Record<string, string>, user: req.user!, req, res });
      if (spec.method !== 'get' && spec.access !== 'public' && spec.audit !== false) auditChange(context, spec, req);
      if (spec.raw) return;
      const [data, message] = answer instanceof Answer ? [answer.data, answer.message] : [answer, ''];
      res.json({ success: true, message, data: data ?? null });
    });
    router[spec.method](spec.path, ...handlers);
  }
}

/** Who changed what, in the request log (type manage): the route's summary and the path. */
function auditChange(context: ManagementContext, spec: RouteSpec, req: Request): void {
  const user = req.user!;
  context.store.logs.append({
    type: LogType.manage,
    user_id: user.id,
    username: user.username,
    ip: req.socket.remoteAddress ?? '',
    request_id: req.requestId,
    content: `${spec.summary} (${spec.method.toUpperCase()} /api${req.path.replace(/\/$/, '')})`,
  });
}

function validated<T>(check: TypeCheck<TSchema>, value: unknown, where: string): T {
  if (check.Check(value)) return value as T;
  const first = check.Errors(value).First();
  const field = first?.path ? first.path.slice(1).replaceAll('/', '.') : where;
  throw new ApiError(400, `Invalid ${field || where}: ${first?.message ?? 'not valid'}.`);
}

/** Query strings are text: numbers and booleans declared in the schema are converted first. */
function coerceQuery(query: Record<string, unknown>, schema: TSchema): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { type?: string; anyOf?: { type?: string }[] }> }).properties ?? {};
  const out: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(out)) {
    const declared = properties[key];
    const types = [declared?.type, ...(declared?.anyOf?.map((s) => s.type) ?? [])];
    if (typeof value !== 'string') continue;
    if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && Number.isFinite(Number(value))) out[key] = Number(value);
    else if (types.includes('boolean') && (value === 'true' || value === 'false')) out[key] = value === 'true';
  }
  return out;
}

export function newRouter(): Router {
  return express.Router();
}
