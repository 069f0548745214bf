import type { RequestHandler } from 'express';
import { ApiError } from '../http/errors.js';
import type { ManagementContext } from './context.js';

/** Credential checks (login, setup, later reveals and payments): 20 per 20 minutes per IP. */
export function limitCritical(context: ManagementContext): RequestHandler {
  return async (req, _res, next) => {
    let decision;
    try {
      decision = await context.limits.critical.hit(req.socket.remoteAddress ?? '');
    } catch (error) {
      return next(error); // the counters' store is unreachable: its 503
    }
    if (decision.allowed) return next();
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    next(
      new ApiError(429, `Too many attempts: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'Retry-After': String(decision.retryAfterSeconds),
      }),
    );
  };
}
