import type { RelayErrorInfo, RelayErrorKind } from '../../ir/relay-error.js';
import { isJsonObject, stringAt } from '../json-access.js';

/** How much of an unreadable error body is kept in the message. */
const RAW_BODY_LIMIT = 200;

/**
 * An OpenAI error answer (`{"error":{"message","type","param","code"}}`, shared by chat
 * completions, responses and the other OpenAI endpoints) → RelayErrorInfo. The status code
 * decides the kind; a few codes refine it (`insufficient_quota` is a quota problem, not a
 * rate limit). Unreadable bodies keep the status and the start of the body.
 */
export function parseOpenAIError(status: number, body: string): RelayErrorInfo {
  const fields = readErrorFields(body);
  const info: RelayErrorInfo = {
    status,
    kind: openAIErrorKind(status, fields?.code, fields?.type),
    message: fields?.message || rawMessage(status, body),
  };
  if (fields?.code) info.code = fields.code;
  if (fields?.param) info.param = fields.param;
  return info;
}

/** The IR kind for an OpenAI error, from the HTTP status and, where it says more, its code or type. */
export function openAIErrorKind(status: number, code?: string, type?: string): RelayErrorKind {
  if (code === 'insufficient_quota' || type === 'insufficient_quota') return 'quota';
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return 'upstream';
  if (status >= 400) return 'invalid_request';
  return 'upstream';
}

interface OpenAIErrorFields {
  message?: string;
  type?: string;
  code?: string;
  param?: string;
}

function readErrorFields(body: string): OpenAIErrorFields | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isJsonObject(parsed)) return undefined;
  const error = parsed.error;
  // Most answers nest the details under `error`; some compatible servers put a bare string
  // there, or the fields at the top level.
  if (typeof error === 'string') return { message: error };
  const source = isJsonObject(error) ? error : parsed;
  const fields: OpenAIErrorFields = {};
  const message = stringAt(source, 'message');
  if (message) fields.message = message;
  const type = stringAt(source, 'type');
  if (type) fields.type = type;
  const code = source.code;
  if (typeof code === 'string' && code !== '') fields.code = code;
  else if (typeof code === 'number') fields.code = String(code);
  const param = stringAt(source, 'param');
  if (param) fields.param = param;
  return fields.message || fields.code || fields.type ? fields : undefined;
}

function rawMessage(status: number, body: string): string {
  const text = body.trim().slice(0, RAW_BODY_LIMIT);
  return text ? `HTTP ${status}: ${text}` : `HTTP ${status}`;
}
