// GET /api/log/:id/bodies: a call's request and response bodies, when they were kept (its key
// or the relay opted in, and they are within log_bodies_retention_days). Users read their own
// calls' bodies only; administrators everyone's.
import { Type } from '@sinclair/typebox';
import { ApiError } from '../http/errors.js';
import { Role } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';

export const CallBodiesSchema = Type.Object({
  request_id: Type.String(),
  created_at: Type.Integer({ description: 'ms, when the answer ended' }),
  method: Type.String(),
  path: Type.String({ description: 'As called, without key-like query parameters' }),
  headers: Type.Record(Type.String(), Type.String(), { description: 'Only the headers a replay needs (content type, API versions); never a key' }),
  request: Type.String({ description: "The request body as text, the caller's key redacted, cut at log_bodies_max_kib with a marker" }),
  request_bytes: Type.Integer({ description: "The request body's full size" }),
  status: Type.Integer(),
  response_type: Type.String({ description: 'The answer\'s content type; text/event-stream: `response` is the stream\'s events' }),
  response: Type.String({ description: 'The answer as the client received it, cut at log_bodies_max_kib with a marker' }),
  response_bytes: Type.Integer({ description: "The answer's full size" }),
});

export function callBodyRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/log/:id/bodies',
      tag: 'logs',
      access: 'user',
      summary: "A call's request and response bodies, if they were kept (your own calls; administrators: everyone's); null when not kept",
      response: Type.Union([CallBodiesSchema, Type.Null()]),
      handler: async ({ user, params }) => {
        const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : NaN;
        const record = Number.isSafeInteger(id) ? await context.store.logs.get(id) : undefined;
        if (!record || (record.user_id !== user.id && user.role < Role.admin)) throw new ApiError(404, `No record ${String(params.id)}.`);
        const kept = record.request_id ? await context.store.bodies.get(record.request_id, record.created_at) : undefined;
        if (!kept || kept.user_id !== record.user_id) {
          return new Answer(null, "No bodies were kept for this call: its key did not opt in (and log_bodies_all was off), or they are past log_bodies_retention_days.");
        }
        const { user_id: _user, token_id: _token, ...shown } = kept;
        return shown;
      },
    }),
  ];
}
