import type { ServerResponse } from 'node:http';

/**
 * A failure on the relay path (`/v1…`). Rendered in the client protocol's error shape at
 * the edge; for now the one shape of `interface.md`: a single top-level key `error`.
 */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code = '',
    readonly param = '',
  ) {
    super(message);
  }
}

/** A failure of a management call: rendered as `{success: false, message}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendRelayError(res: ServerResponse, error: RelayError): void {
  sendJson(res, error.status, {
    error: { message: error.message, type: error.type, param: error.param, code: error.code },
  });
}

export function sendEnvelopeError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, message: error.message, data: null }, error.headers);
}

export function invalidUrlMessage(method: string | undefined, url: string | undefined): string {
  return `Invalid URL (${method ?? 'GET'} ${(url ?? '/').split('?')[0]})`;
}
