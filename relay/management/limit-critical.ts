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
    next(tooManyAttempts('Too many attempts', decision.retryAfterSeconds));
  };
}

/** A 429 saying `what` and when to try again (in minutes), with Retry-After. */
export function tooManyAttempts(what: string, retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, `${what}: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) });
}
