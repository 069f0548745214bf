import { UNNUMBERED_PREFIX, encodeLogRecord } from '../logs/log-record.js';
import type { EncodedLogRecord, NewLogRecord } from '../logs/types.js';

// A request-log record as the text the logs table is written from (json_populate_recordset over
// a JSON array of these): the embedded store's JSON line with its id in front, every count and
// time a whole number (the columns are bigint), and what PostgreSQL's text cannot hold replaced.

/** The record fields held as bigint/integer columns: any other number is rounded to fit. */
const INT_FIELDS = ['type', 'user_id', 'token_id', 'channel_id', 'prompt_tokens', 'completion_tokens', 'cached_tokens', 'reasoning_tokens', 'quota', 'first_byte_ms', 'total_ms'] as const;
/**
 * What PostgreSQL's text cannot hold, as JSON.stringify writes it: a NUL (\u0000) or a lone
 * surrogate (\ud800-\udfff; paired ones are written as characters), not preceded by an
 * escaped backslash. Stored as U+FFFD.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/**
 * A refund's line as the quota ledger's sweeps keep it (redis/quota-scripts.ts refundLine):
 * {"refund":amount,"reason":"lost"|"orphan","call":the call's record as reserved}; made the
 * call's record, refunded, and numbered when it is written.
 */
export const REFUND_LINE = '{"refund":';

/** What a refund line says (a line that does not parse: a refund of an unknown call). */
export function refundOfLine(line: string): { amount: number; reason: 'lost' | 'orphan'; call: NewLogRecord } {
  try {
    const { refund, reason, call } = JSON.parse(line) as { refund: number; reason: 'lost' | 'orphan'; call: NewLogRecord | null };
    return { amount: refund, reason, call: call ?? { type: 0 } };
  } catch {
    return { amount: Number(/^\{"refund":(\d+)/.exec(line)?.[1] ?? 0), reason: 'lost', call: { type: 0 } };
  }
}

/** The line of a record not numbered yet (id 0): numbered when it is written. */
export const UNNUMBERED_LINE = `${UNNUMBERED_PREFIX},`;

/**
 * The indexed text columns (logs_model, logs_family, logs_request) and how many characters of
 * them are kept: a B-tree entry holds at most ~2.7 KB, and a longer value (a 100 KB model name
 * a caller sent) failed the whole batch with 54000, holding up the log for good. 512 characters
 * are at most 2 KB of UTF-8.
 */
const INDEXED_TEXT_FIELDS = ['model', 'family', 'request_id'] as const;
export const INDEXED_TEXT_CHARS = 512;

/** The encoded record with every integer field (and created_at) a safe integer and every indexed text short enough, re-encoded only when one was not. */
export function fitted(encoded: EncodedLogRecord): EncodedLogRecord {
  const { record } = encoded;
  let changed = !Number.isSafeInteger(record.created_at);
  for (const field of INDEXED_TEXT_FIELDS) {
    if (typeof record[field] !== 'string' || record[field].length <= INDEXED_TEXT_CHARS) continue;
    record[field] = record[field].slice(0, INDEXED_TEXT_CHARS);
    changed = true;
  }
  for (const field of INT_FIELDS) {
    if (Number.isSafeInteger(record[field])) continue;
    record[field] = Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(record[field]) || 0));
    changed = true;
  }
  return changed ? encodeLogRecord(record, Math.round(record.created_at)) : encoded;
}

/** The record's line, with its id (record.id) in front of the rest. */
export function lineOf({ record, json }: EncodedLogRecord): string {
  const line = `{"id":${record.id}${json.slice(UNNUMBERED_PREFIX.length)}`;
  return line.includes('\\u') ? line.replace(UNSTORABLE_ESCAPE, '$1\\ufffd') : line;
}

/** An unnumbered line given its id. */
export function numbered(line: string, id: number): string {
  return `{"id":${id},${line.slice(UNNUMBERED_LINE.length)}`;
}

/** The id a line starts with (0: not numbered yet). */
export function idOfLine(line: string): number {
  return Number(/^\{"id":(\d+)/.exec(line)?.[1] ?? 0);
}
