import { checkModelAllowed, checkUserQuotaLeft } from '../auth/api-key.js';
import { countTokens, promptText } from '../billing/estimate-tokens.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { RelayError } from '../ir/relay-error.js';
import type { ClientCodec } from '../protocols/types.js';
import { byApiKey } from './relay-deps.js';
import type { RelayDeps } from './relay-deps.js';
import { authorizeBeforeBody, parseJsonBody, readBody } from './read-body.js';

/** A count's work grows with its text, so its body is kept far below a model call's 128 MB. */
export const COUNT_TOKENS_MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Counts a request's input tokens locally with a real tokenizer (o200k): the same answer
 * whatever channel would serve the model, and no upstream call or quota spent, though the
 * key and its user must have quota left.
 */
export function countTokensRoute(codec: ClientCodec, deps: Pick<RelayDeps, 'store'>): RelayRouteHandler {
  return async (req, res, params) => {
    try {
      const caller = authorizeBeforeBody(res, () => {
        const caller = byApiKey(req, deps);
        checkUserQuotaLeft(caller);
        return caller;
      });
      const bytes = await readBody(req, res, COUNT_TOKENS_MAX_BODY_BYTES);
      const route = { ...codec.routeFacts?.(req.url ?? '', params), countTokens: true };
      const { request } = codec.decodeRequest(parseJsonBody(bytes), route, []);
      checkModelAllowed(caller, request.model);
      const body = JSON.stringify(codec.encodeTokenCount!(await countTokens(promptText(request))));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (error) {
      const relayError = error instanceof RelayError ? error : new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
      const body = JSON.stringify(codec.encodeError(relayError));
      res.writeHead(relayError.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }
  };
}
