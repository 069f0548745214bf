import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';
import { openAIErrorType } from '../openai-chat/encode-error.js';

/** IR kind → Google's canonical status word. */
const GOOGLE_STATUS: Record<RelayErrorKind, string> = {
  invalid_request: 'INVALID_ARGUMENT',
  authentication: 'UNAUTHENTICATED',
  permission: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  rate_limit: 'RESOURCE_EXHAUSTED',
  quota: 'RESOURCE_EXHAUSTED',
  overloaded: 'UNAVAILABLE',
  upstream: 'INTERNAL',
  timeout: 'DEADLINE_EXCEEDED',
  not_implemented: 'UNIMPLEMENTED',
  internal: 'INTERNAL',
};

/**
 * The relay's error object (one top-level key `error`, with `message` and `type`) in Google's
 * shape: `code` is the HTTP status, `status` the canonical status word, and the relay's own
 * machine-readable code (and the field at fault) ride in an ErrorInfo detail, where Google
 * puts its reason. The genai SDK and Gemini CLI read `code`, `status` and `message`.
 */
export function encodeGeminiError(error: RelayErrorInfo) {
  const body: Record<string, unknown> = {
    code: error.status,
    message: error.message,
    status: GOOGLE_STATUS[error.kind],
    type: openAIErrorType(error.kind),
  };
  if (error.code) {
    body.details = [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: error.code,
        domain: 'relaydesk',
        ...(error.param ? { metadata: { param: error.param } } : {}),
      },
    ];
  }
  return { error: body };
}
