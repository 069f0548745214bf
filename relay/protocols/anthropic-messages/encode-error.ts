import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';

/**
 * The messages format's own error type names, inside the error object of interface.md. A
 * bad key stays `invalid_request_error` (interface.md), with its 401: the SDKs pick the
 * error class from the status.
 */
const MESSAGES_ERROR_TYPES: Record<RelayErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'invalid_request_error',
  permission: 'invalid_request_error',
  not_found: 'not_found_error',
  rate_limit: 'rate_limit_error',
  quota: 'rate_limit_error',
  overloaded: 'overloaded_error',
  upstream: 'api_error',
  timeout: 'api_error',
  not_implemented: 'api_error',
  internal: 'api_error',
};

export function messagesErrorType(kind: RelayErrorKind): string {
  return MESSAGES_ERROR_TYPES[kind];
}

/** `{"error": {"type", "message"}}`: one top-level key, as interface.md has it; the status is the IR's. */
export function encodeMessagesError(error: RelayErrorInfo): { error: { type: string; message: string } } {
  return { error: { type: messagesErrorType(error.kind), message: error.message } };
}

/** The `error` event that ends a stream which already began (`{"type": "error", "error": {…}}`). */
export function messagesErrorEvent(error: RelayErrorInfo): string {
  return `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: messagesErrorType(error.kind), message: error.message } })}\n\n`;
}
