import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { RelayError } from '../ir/relay-error.js';
import { ApiError, sendEnvelopeError, sendRelayError } from './errors.js';
import { isAllowedHostHeader } from './network.js';
import { newRequestId } from './request-id.js';
import { addAnswerHeaders } from './relay-response.js';
import { applyResponsePolicy } from './response-policy.js';

/** Model calls: the protocols' `/v1…` and `/v1beta…`, and the console playground's `/pg/…`. */
export function isRelayPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?') || url.startsWith('/v1beta') || url.startsWith('/pg/');
}

/**
 * The server's one entry point: gives every request its id, refuses foreign host names on
 * a loopback-bound relay, and sends model calls (`/v1…`, `/pg/…`) to the lean relay router and everything else
 * (management API, console) to Express.
 */
export function createRequestHandler(options: {
  boundToLoopback: boolean;
  relay: (req: IncomingMessage, res: ServerResponse) => void;
  app: RequestListener;
  /** `GET /metrics` (relay/observability/metrics-route.ts): kept off Express, like the relay. */
  metrics?: (req: IncomingMessage, res: ServerResponse) => void;
  /** A path prefix to strip (the relay mounted behind a proxy under it); '' for none. */
  basePath: () => string;
}): RequestListener {
  const { boundToLoopback, relay, app, metrics, basePath } = options;
  return (req, res) => {
    req.requestId = newRequestId();
    const prefix = basePath();
    if (prefix && req.url?.startsWith(prefix) && (req.url.length === prefix.length || '/?'.includes(req.url[prefix.length]!))) {
      req.url = req.url.slice(prefix.length) || '/';
      if (req.url.startsWith('?')) req.url = `/${req.url}`;
    }
    const url = req.url ?? '/';
    const toRelay = isRelayPath(url);
    // Express gives its responses its own prototype: only the lean paths hold headers for the head.
    const toMetrics = metrics !== undefined && (url === '/metrics' || url.startsWith('/metrics?'));
    const held = toRelay || toMetrics;
    addAnswerHeaders(res, ['X-Request-Id', req.requestId], held);
    if (!isAllowedHostHeader(req.headers.host, boundToLoopback)) {
      const message = `Host "${req.headers.host ?? ''}" is not served: this relay answers only on this machine's loopback names.`;
      return toRelay
        ? sendRelayError(res, new RelayError(403, 'permission', message, 'host_not_allowed'))
        : sendEnvelopeError(res, new ApiError(403, message));
    }
    if (applyResponsePolicy(req, res, url, held)) return; // a CORS preflight, answered
    if (toRelay) relay(req, res);
    else if (toMetrics) metrics(req, res);
    else app(req, res);
  };
}
