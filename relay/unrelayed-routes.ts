import type { IncomingMessage } from 'node:http';
import type { RelayRouteHandler } from './http/relay-router.js';
import { RelayError } from './ir/relay-error.js';
import { byApiKeyWithoutQuota } from './pipeline/account-queries.js';
import { authorizeBeforeBody } from './pipeline/read-body.js';
import type { RelayDeps } from './pipeline/relay-deps.js';

/** Files and fine-tuning, which interface.md marks unimplemented: every method and sub-path. */
export const UNRELAYED_PATHS = /^\/v1\/(?<api>files|fine-tunes|fine_tuning)(?:\/.*)?$/;

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** 501 `api_not_implemented`, once the key is known to be good (401 or 403 first otherwise). */
export function unrelayedRoute(deps: Pick<RelayDeps, 'store'>): RelayRouteHandler {
  return async (req, res, params) => {
    authorizeBeforeBody(res, () => byApiKeyWithoutQuota(req, deps));
    // An upload is never read: the connection closes after the answer.
    if (hasBody(req)) res.setHeader('connection', 'close');
    // The OpenAI SDKs retry a 5xx twice unless told it is final.
    res.setHeader('x-should-retry', 'false');
    const api = params.api === 'files' ? 'files' : 'fine-tuning';
    const path = (req.url ?? '').split('?')[0];
    throw new RelayError(
      501,
      'not_implemented',
      `Relaydesk does not relay the ${api} API (${req.method} ${path}): use the provider's own endpoint for it.`,
      'api_not_implemented',
    );
  };
}
