import type { IncomingMessage, ServerResponse } from 'node:http';
import { RelayError } from '../ir/relay-error.js';
import { invalidUrlMessage, sendRelayError } from './errors.js';

/** `params` holds the named groups of a pattern route (e.g. the model of a generate-content path). */
export type RelayRouteHandler = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => void | Promise<void>;

export interface RelayRoutes {
  /** `METHOD /exact/path` → handler: one map lookup per call. */
  exact: Map<string, RelayRouteHandler>;
  /** Tried in order when no exact route matches; method `*` matches any. */
  patterns: { method: string; pattern: RegExp; handler: RelayRouteHandler }[];
}

/**
 * The relay path (`/v1…`, `/v1beta…`) skips Express: it sits on every model call, and
 * Express alone costs ~110 µs per request here. Routes are matched on the path without its
 * query string (`/v1/messages?beta=true`).
 */
export function createRelayRouter(routes: RelayRoutes = { exact: new Map(), patterns: [] }) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    let handler = routes.exact.get(`${req.method} ${path}`);
    let params: Record<string, string> = {};
    if (!handler) {
      for (const route of routes.patterns) {
        const match = route.method === req.method || route.method === '*' ? route.pattern.exec(path) : null;
        if (match) {
          handler = route.handler;
          params = { ...match.groups };
          break;
        }
      }
    }
    if (!handler) return sendRelayError(res, new RelayError(404, 'invalid_request', invalidUrlMessage(req.method, req.url)));
    const failed = (error: unknown) => {
      const relayError =
        error instanceof RelayError
          ? error
          : new RelayError(500, 'internal', `Internal error (request id: ${req.requestId})`, 'internal_error');
      if (!res.headersSent) sendRelayError(res, relayError);
      else res.destroy();
    };
    try {
      handler(req, res, params)?.catch(failed);
    } catch (error) {
      failed(error); // a handler that throws at once is answered like one that rejects
    }
  };
}
