import type { RelayErrorInfo } from '../../ir/relay-error.js';
import { isJsonObject } from '../json-access.js';
import { openAIErrorKind, parseOpenAIError } from '../openai-chat/parse-error.js';

/**
 * A rerank upstream's error body → IR. Jina answers FastAPI's `{"detail": "…"}` (a list of
 * `{msg, loc}` for a 422); Cohere `{"id", "message"}` and OpenAI-compatible servers
 * `{"error": …}`, which the OpenAI reader already takes.
 */
export function parseRerankError(status: number, body: string): RelayErrorInfo {
  const detail = detailOf(body);
  return detail ? { status, kind: openAIErrorKind(status), message: detail } : parseOpenAIError(status, body);
}

function detailOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const detail = isJsonObject(parsed) ? parsed.detail : undefined;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (!Array.isArray(detail)) return undefined;
  const messages = detail.map((item) => (isJsonObject(item) && typeof item.msg === 'string' ? locatedMessage(item.msg, item.loc) : '')).filter(Boolean);
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/** `msg` with the field it names (FastAPI's `loc`: ["body", "top_n"] → body.top_n). */
function locatedMessage(msg: string, loc: unknown): string {
  return Array.isArray(loc) && loc.length > 0 ? `${loc.join('.')}: ${msg}` : msg;
}
