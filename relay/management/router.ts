import express from 'express';
import type { ErrorRequestHandler, Router } from 'express';
import { ApiError, invalidUrlMessage, sendEnvelopeError } from '../http/errors.js';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../http/json-depth.js';
import { RelayError } from '../ir/relay-error.js';
import { identify, sameOriginForCookieCalls } from './authenticate.js';
import type { ManagementContext } from './context.js';
import { ignoreSessionOnOAuthCallback } from './oauth.js';
import { mountRoutes } from './route.js';
import { managementRoutes } from './routes.js';

/** `/api/*`: the management API. Every answer is the `{success, message, data}` envelope. */
export function managementRouter(context: ManagementContext): Router {
  const router = express.Router();
  router.use((req, _res, next) => {
    Promise.resolve(context.limits.api.hit(req.socket.remoteAddress ?? '')).then((decision) => {
      if (decision.allowed) return next();
      next(new ApiError(429, 'Too many requests: slow down.', { 'Retry-After': String(decision.retryAfterSeconds) }));
    }, next);
  });
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(
    express.json({
      limit: '1mb',
      verify: (req, _res, bytes) => {
        if (nestsDeeperThan(bytes)) throw new ApiError(400, TOO_DEEP_MESSAGE);
        // The bytes as sent: a payment provider's webhook signature covers them, not the parsed JSON.
        (req as { rawBody?: Buffer }).rawBody = bytes;
      },
    }),
  );
  router.use(identify(context));
  router.use(ignoreSessionOnOAuthCallback);
  router.use(sameOriginForCookieCalls);
  mountRoutes(router, managementRoutes(context), context);
  router.use((req, _res, next) => next(new ApiError(404, invalidUrlMessage(req.method, req.originalUrl))));
  router.use(managementErrorHandler(context));
  return router;
}

function managementErrorHandler(context: ManagementContext): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error instanceof ApiError) return sendEnvelopeError(res, error);
    // PostgreSQL or Redis unreachable (the store's 503, naming host and port): said as it is, not as an internal error.
    if (error instanceof RelayError && error.status === 503) return sendEnvelopeError(res, new ApiError(503, error.message));
    // body-parser's errors carry a status and a type.
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (error?.type === 'entity.parse.failed') return sendEnvelopeError(res, new ApiError(400, 'The request body is not valid JSON.'));
    if (error?.type === 'entity.too.large') return sendEnvelopeError(res, new ApiError(413, 'The request body is too large.'));
    if (status < 500) return sendEnvelopeError(res, new ApiError(status, String(error?.message ?? 'Bad request.')));
    context.log.error(`management ${req.method} ${req.path} failed (request id ${req.requestId}): ${error?.stack ?? error}`);
    sendEnvelopeError(res, new ApiError(500, `Internal error (request id ${req.requestId}).`));
  };
}
