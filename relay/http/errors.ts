import type { ServerResponse } from 'node:http';
import type { RelayErrorInfo, RelayErrorKind } from '../ir/relay-error.js';

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

/** The error object of `interface.md` (the chat completions shape): one top-level key `error`. */
export function sendRelayError(res: ServerResponse, error: RelayErrorInfo): void {
  sendJson(res, error.status, openAIErrorBody(error));
}

const OPENAI_ERROR_TYPES: Record<RelayErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'invalid_request_error',
  permission: 'invalid_request_error',
  not_found: 'invalid_request_error',
  rate_limit: 'rate_limit_error',
  quota: 'insufficient_quota',
  overloaded: 'upstream_error',
  upstream: 'upstream_error',
  timeout: 'upstream_error',
  not_implemented: 'api_error',
  internal: 'api_error',
};

export function openAIErrorBody(error: RelayErrorInfo) {
  return {
    error: { message: error.message, type: OPENAI_ERROR_TYPES[error.kind], param: error.param ?? '', code: error.code ?? '' },
  };
}

export function sendEnvelopeError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { success: false, message: error.message, data: null }, error.headers);
}

export function invalidUrlMessage(method: string | undefined, url: string | undefined): string {
  return `Invalid URL (${method ?? 'GET'} ${(url ?? '/').split('?')[0]})`;
}
