import type { IncomingMessage, ServerResponse } from 'node:http';
import { addAnswerHeaders } from './relay-response.js';

/** The protocols' model routes that programs in a browser may call from their own pages, with an API key. */
function isClientRoute(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?') || url.startsWith('/v1beta');
}

const EVERY_ANSWER = ['X-Content-Type-Options', 'nosniff', 'Referrer-Policy', 'no-referrer', 'X-Frame-Options', 'DENY'];
const API_HEADERS = [...EVERY_ANSWER, 'Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"];
const CLIENT_ROUTE_HEADERS = [...EVERY_ANSWER, 'Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', 'X-Request-Id, Retry-After'];

const HEADER_NAMES = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/**
 * Headers every answer carries, and CORS where clients need it. Every answer: no MIME
 * sniffing, no referrer, never framed (the console adds its full CSP; the API's JSON needs
 * none of the rest). CORS only on the model routes (`/v1…`, `/v1beta…`), which take an API key
 * in a header: any origin, never with credentials, so a page cannot ride the console's
 * cookie; the management API and the playground (`/pg/…`, cookie-authenticated) send none.
 * Answers true when it answered a preflight itself. `held`: see relay-response.ts addAnswerHeaders.
 */
export function applyResponsePolicy(req: IncomingMessage, res: ServerResponse, url: string, held: boolean): boolean {
  const clientRoute = isClientRoute(url);
  addAnswerHeaders(res, clientRoute ? CLIENT_ROUTE_HEADERS : url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') ? API_HEADERS : EVERY_ANSWER, held);
  if (!clientRoute) return false;
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    ...(asked && HEADER_NAMES.test(asked) ? { 'Access-Control-Allow-Headers': asked } : {}),
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}
