import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';
import { isRecord } from './wire-types.js';

const KIND_BY_GOOGLE_STATUS: Record<string, RelayErrorKind> = {
  INVALID_ARGUMENT: 'invalid_request',
  FAILED_PRECONDITION: 'invalid_request',
  OUT_OF_RANGE: 'invalid_request',
  ALREADY_EXISTS: 'invalid_request',
  UNAUTHENTICATED: 'authentication',
  PERMISSION_DENIED: 'permission',
  NOT_FOUND: 'not_found',
  RESOURCE_EXHAUSTED: 'rate_limit',
  UNAVAILABLE: 'overloaded',
  DEADLINE_EXCEEDED: 'timeout',
  UNIMPLEMENTED: 'not_implemented',
  INTERNAL: 'upstream',
  UNKNOWN: 'upstream',
  ABORTED: 'upstream',
  CANCELLED: 'upstream',
  DATA_LOSS: 'upstream',
};

/**
 * Google's error body `{"error": {"code", "message", "status", "details"}}` (sometimes inside
 * an array of one) → IR. A bad key on Gemini is a 400 INVALID_ARGUMENT saying "API key not
 * valid" (reason API_KEY_INVALID): that is an authentication failure, not a bad request.
 * `code` is the ErrorInfo reason when Google gives one, else the status word.
 */
export function parseGeminiError(status: number, body: string): RelayErrorInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed)) parsed = parsed[0];
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
  if (!error) {
    return {
      status,
      kind: kindFromHttpStatus(status),
      message: `Gemini answered HTTP ${status}: ${body.slice(0, 200)}`,
    };
  }
  const googleStatus = typeof error.status === 'string' ? error.status : undefined;
  const message = typeof error.message === 'string' && error.message ? error.message : `Gemini answered HTTP ${status}${googleStatus ? ` ${googleStatus}` : ''}`;
  const reason = errorInfoReason(error.details);
  let kind = (googleStatus && KIND_BY_GOOGLE_STATUS[googleStatus]) || kindFromHttpStatus(status);
  if (reason === 'API_KEY_INVALID' || /API key not valid/i.test(message)) kind = 'authentication';
  const code = reason ?? googleStatus;
  return code ? { status, kind, message, code } : { status, kind, message };
}

function errorInfoReason(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (isRecord(detail) && typeof detail.reason === 'string' && detail.reason) return detail.reason;
  }
  return undefined;
}

function kindFromHttpStatus(status: number): RelayErrorKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status === 501) return 'not_implemented';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return 'upstream';
  return 'invalid_request';
}
