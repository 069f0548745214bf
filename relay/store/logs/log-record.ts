// Turning what `append` was given (or a stored line) into a complete LogRecord, and back
// into one JSON line. Only the known fields are kept: the store never writes anything
// the caller did not give it, and never anything it did not ask for.

import { readUnitCounts } from '../unit-counts.js';
import { LogType } from './types.js';
import type { EncodedLogRecord, LogRecord, NewLogRecord, RetryAttempt } from './types.js';

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : String(value);
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function optionalNum(value: unknown): number | undefined {
  return value === undefined || value === null ? undefined : num(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function retryChain(value: unknown): RetryAttempt[] {
  if (!Array.isArray(value)) return [];
  const chain: RetryAttempt[] = [];
  for (const item of value) {
    if (!isPlainObject(item)) continue;
    const attempt: RetryAttempt = { channel_id: num(item.channel_id) };
    if (typeof item.channel_name === 'string') attempt.channel_name = item.channel_name;
    const keyIndex = optionalNum(item.key_index);
    if (keyIndex !== undefined) attempt.key_index = keyIndex;
    const status = optionalNum(item.status);
    if (status !== undefined) attempt.status = status;
    const ms = optionalNum(item.ms);
    if (ms !== undefined) attempt.ms = ms;
    if (item.error !== undefined && item.error !== null) attempt.error = str(item.error);
    chain.push(attempt);
  }
  return chain;
}

/** A call record's family; one written before families were logged was a chat call. */
function family(value: unknown, type: number): string {
  if (typeof value === 'string' && value !== '') return value;
  return type === LogType.consume || type === LogType.error ? 'chat' : '';
}

/** A complete record with neutral defaults; the field order is the stored key order. */
export function normalizeRecord(source: Readonly<Record<string, unknown>>, id: number, createdAt: number): LogRecord {
  const type = num(source.type);
  return {
    id,
    created_at: createdAt,
    type,
    user_id: num(source.user_id),
    username: str(source.username),
    token_id: num(source.token_id),
    token_name: str(source.token_name),
    model: str(source.model),
    upstream_model: str(source.upstream_model),
    channel_id: num(source.channel_id),
    channel_name: str(source.channel_name),
    group: str(source.group),
    family: family(source.family, type),
    prompt_tokens: num(source.prompt_tokens),
    completion_tokens: num(source.completion_tokens),
    cached_tokens: num(source.cached_tokens),
    reasoning_tokens: num(source.reasoning_tokens),
    units: readUnitCounts(source.units),
    quota: num(source.quota),
    first_byte_ms: num(source.first_byte_ms),
    total_ms: num(source.total_ms),
    is_stream: source.is_stream === true,
    ip: str(source.ip),
    request_id: str(source.request_id),
    retry_chain: retryChain(source.retry_chain),
    error: str(source.error),
    content: str(source.content),
    other: isPlainObject(source.other) ? source.other : {},
  };
}

/**
 * One JSON line (JSON.stringify never emits a raw newline). If `other` cannot be
 * serialized (BigInt, a cycle, a throwing toJSON) it is replaced by `{}` on the record
 * itself, so the record returned to the caller is what was stored.
 */
export function serializeRecord(record: LogRecord): string {
  try {
    return JSON.stringify(record);
  } catch {
    record.other = {};
    return JSON.stringify(record);
  }
}

/** How an encoded record's JSON text starts (log-store.ts puts the real id there). */
export const UNNUMBERED_PREFIX = '{"id":0';

/** `input` normalised and serialised as the store will keep it, its id still 0 (types.ts, EncodedLogRecord). */
export function encodeLogRecord(input: NewLogRecord, createdAt: number): EncodedLogRecord {
  const record = normalizeRecord(input, 0, createdAt);
  return { record, json: serializeRecord(record) };
}

/** A stored line back to a record; undefined when it is not one (torn or foreign text). */
export function parseRecord(text: string): LogRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  const { id, created_at: createdAt } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) return undefined;
  return normalizeRecord(value, id, createdAt);
}
