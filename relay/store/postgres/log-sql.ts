// A LogQuery as SQL on the logs table (schema-1.ts), with the embedded store's semantics
// (logs/types.ts LogQuery, logs/query-filter.ts): numeric filters exact whenever given (null
// and undefined: none), text filters exact when non-empty, start inclusive, end exclusive,
// token_ids any of (an empty list matches nothing); newest first by (created_at, id).

import { normalizeRecord } from '../logs/log-record.js';
import { bound } from '../logs/query-filter.js';
import type { LogQuery, LogRecord } from '../logs/types.js';

/** A WHERE clause (`TRUE` for none) and its parameters, numbered from $1. */
export interface SqlFilter {
  where: string;
  values: unknown[];
}

const INT_FILTERS = ['type', 'user_id', 'token_id', 'channel_id'] as const;
const TEXT_FILTERS = ['model', 'request_id', 'group', 'username', 'token_name', 'family'] as const;

export function logFilter(query: LogQuery): SqlFilter {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  // created_at is a whole number of ms: bounds are rounded up to compare as bigint (and use the index).
  const start = bound(query.start, -Infinity);
  const end = bound(query.end, Infinity);
  if (start === Infinity || end === -Infinity) conditions.push('FALSE');
  if (Number.isFinite(start)) conditions.push(`created_at >= ${param(clampInt(Math.ceil(start)))}`);
  if (Number.isFinite(end)) conditions.push(`created_at < ${param(clampInt(Math.ceil(end)))}`);
  for (const field of INT_FILTERS) {
    const value = query[field];
    if (value === undefined || value === null) continue;
    const wanted = Number(value);
    // Stored values are whole numbers: another wanted value matches nothing.
    conditions.push(Number.isSafeInteger(wanted) ? `${field} = ${param(wanted)}` : 'FALSE');
  }
  for (const field of TEXT_FILTERS) {
    const value = query[field];
    if (value === undefined || value === null || value === '') continue;
    conditions.push(`"${field}" = ${param(String(value))}`);
  }
  if (Array.isArray(query.token_ids)) {
    const ids = query.token_ids.map(Number).filter((id) => Number.isSafeInteger(id));
    conditions.push(`token_id = ANY(${param(ids)}::bigint[])`);
  }
  return { where: conditions.length > 0 ? conditions.join(' AND ') : 'TRUE', values };
}

function clampInt(value: number): number {
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

export const LOG_ORDER = 'ORDER BY created_at DESC, id DESC';

/** A logs row (json columns already parsed by pg) as the record it stores. */
export function recordOfRow(row: Record<string, unknown>): LogRecord {
  return normalizeRecord(row, row.id as number, row.created_at as number);
}
