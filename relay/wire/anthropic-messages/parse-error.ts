import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';

/** Anthropic's error `type` names → IR kinds (https://docs.anthropic.com/en/api/errors). */
const KIND_BY_TYPE: Record<string, RelayErrorKind> = {
  invalid_request_error: 'invalid_request',
  authentication_error: 'authentication',
  billing_error: 'quota',
  permission_error: 'permission',
  not_found_error: 'not_found',
  request_too_large: 'invalid_request',
  rate_limit_error: 'rate_limit',
  timeout_error: 'timeout',
  api_error: 'upstream',
  overloaded_error: 'overloaded',
};

/** The status an error event inside a stream stands for (streams have no status of their own). */
const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  timeout_error: 504,
  api_error: 500,
  overloaded_error: 529,
};

/** An error answer of `POST /v1/messages` → IR. */
export function parseAnthropicError(status: number, body: string): RelayErrorInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const object = errorObjectOf(parsed);
  if (!object) {
    const excerpt = body.trim().slice(0, 200);
    return {
      status,
      kind: kindFromStatus(status),
      message: excerpt ? `Upstream answered status ${status}: ${excerpt}` : `Upstream answered status ${status} with an empty body`,
    };
  }
  return fromErrorObject(object, status);
}

/**
 * The `error` object of an Anthropic `error` stream event (`{"type":"error","error":{…}}`)
 * → IR, with the status its type stands for.
 */
export function parseAnthropicStreamError(data: unknown): RelayErrorInfo {
  const object = errorObjectOf(data) ?? {};
  const type = typeof object.type === 'string' ? object.type : '';
  return fromErrorObject(object, STATUS_BY_TYPE[type] ?? 500);
}

interface ErrorObject {
  type?: unknown;
  message?: unknown;
  code?: unknown;
  param?: unknown;
}

function errorObjectOf(parsed: unknown): ErrorObject | undefined {
  if (!parsed || typeof parsed !== 'object') return undefined;
  const error = (parsed as { error?: unknown }).error;
  // Anthropic: {"type":"error","error":{"type","message"}}; compatible upstreams sometimes
  // answer the chat-completions shape {"error":{"message","type","code"}} or a bare string.
  if (typeof error === 'string') return { message: error };
  if (error && typeof error === 'object') return error as ErrorObject;
  return undefined;
}

function fromErrorObject(object: ErrorObject, status: number): RelayErrorInfo {
  const type = typeof object.type === 'string' ? object.type : undefined;
  const info: RelayErrorInfo = {
    status,
    kind: (type && KIND_BY_TYPE[type]) || kindFromStatus(status),
    message: typeof object.message === 'string' && object.message ? object.message : `Upstream error (status ${status}${type ? `, ${type}` : ''})`,
  };
  const code = typeof object.code === 'string' && object.code ? object.code : type;
  if (code) info.code = code;
  if (typeof object.param === 'string' && object.param) info.param = object.param;
  return info;
}

function kindFromStatus(status: number): RelayErrorKind {
  if (status === 401) return 'authentication';
  if (status === 402) return 'quota';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status === 529 || status === 503) return 'overloaded';
  if (status >= 400 && status < 500) return 'invalid_request';
  return 'upstream';
}
