import type { RelayErrorInfo } from '../../ir/relay-error.js';
import { isJsonObject, stringAt } from '../json-access.js';
import { openAIErrorKind } from '../openai-chat/parse-error.js';

/**
 * An error reported inside a responses stream (an `error` event, or `response.error` of
 * `response.failed`) → RelayErrorInfo. There is no HTTP status there (the stream already
 * answered 200), so the status is inferred from the code: what the relay would answer for it.
 */
export function parseResponsesStreamError(source: unknown, fallbackMessage: string): RelayErrorInfo {
  // `error` events carry the fields at the top level (as documented) or nested under `error`.
  const fields = isJsonObject(source) && isJsonObject(source.error) ? source.error : source;
  const code = readCode(fields);
  const type = stringAt(fields, 'type');
  const status = statusForCode(code, type === 'error' ? undefined : type);
  const info: RelayErrorInfo = { status, kind: openAIErrorKind(status, code, type), message: stringAt(fields, 'message') || fallbackMessage };
  if (code) info.code = code;
  const param = stringAt(fields, 'param');
  if (param) info.param = param;
  return info;
}

function readCode(fields: unknown): string | undefined {
  if (!isJsonObject(fields)) return undefined;
  const code = fields.code;
  if (typeof code === 'string' && code !== '') return code;
  if (typeof code === 'number') return String(code);
  return undefined;
}

function statusForCode(code: string | undefined, type: string | undefined): number {
  const key = code ?? type ?? '';
  if (key === 'insufficient_quota' || key === 'rate_limit_exceeded' || type === 'rate_limit_error' || type === 'tokens' || type === 'requests') return 429;
  if (key === 'invalid_api_key' || type === 'authentication_error') return 401;
  if (key === 'server_is_overloaded' || key === 'overloaded' || type === 'overloaded_error') return 503;
  if (key === 'vector_store_timeout') return 504;
  if (type === 'invalid_request_error' || /^invalid_|image|context_length_exceeded|bio_policy|data_residency_mismatch/.test(key)) return 400;
  return 502;
}
