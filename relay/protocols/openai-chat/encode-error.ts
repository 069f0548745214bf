import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';

/**
 * IR kind → the type name of the relay's error object (`interface.md`, the chat completions
 * shape). The one table of these names: the responses front door answers the same object,
 * and generate-content carries the name in its `type` field.
 */
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

export function openAIErrorType(kind: RelayErrorKind): string {
  return OPENAI_ERROR_TYPES[kind];
}

/** The error object: one top-level key `error`, with `message`, `type`, `param` and `code` (empty when unset). */
export function encodeOpenAIError(error: RelayErrorInfo) {
  return {
    error: { message: error.message, type: openAIErrorType(error.kind), param: error.param ?? '', code: error.code ?? '' },
  };
}
