import type { IncomingMessage, ServerResponse } from 'node:http';
import { RelayError, invalidUrlMessage, sendRelayError } from './errors.js';

export type RelayRouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The relay path (`/v1…`, `/v1beta…`) skips Express: it sits on every model call, and
 * Express alone costs ~110 µs per request here. Routes are matched on the path without its
 * query string (`/v1/messages?beta=true`). Model routes arrive with the relay core.
 */
export function createRelayRouter(routes: Map<string, RelayRouteHandler> = new Map()) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = routes.get(`${req.method} ${path}`);
    if (!handler) return sendRelayError(res, new RelayError(404, 'invalid_request', invalidUrlMessage(req.method, req.url)));
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      const relayError =
        error instanceof RelayError
          ? error
          : new RelayError(500, 'internal', `Internal error (request id: ${req.requestId})`, 'internal_error');
      if (!res.headersSent) sendRelayError(res, relayError);
      else res.destroy();
    });
  };
}
