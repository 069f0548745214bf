// A LogQuery compiled to a filter (log-query.ts): a test of an index row that answers no,
// yes, or "read the line to decide" (unindexed values, text fields, request-id hashes), and
// a test of the record read.

import { F64_PER_ROW, I32_COL, I32_PER_ROW, UNINDEXED, encodeInt, hashText } from './index-file.js';
import type { LogQuery, LogRecord } from './types.js';

/** Row verdicts: no match, match, or "maybe: read the line to decide". */
export const NO = 0;
const YES = 1;
export const CHECK = 2;
type Verdict = typeof NO | typeof YES | typeof CHECK;

interface IntFilter {
  col: number;
  /** UNINDEXED: the wanted value has no int32 form, so only UNINDEXED rows can match (checked). */
  value: number;
}

/** A query's filter: a row test on the index (a verdict per row) and a test of a read record. */
export interface Filter {
  start: number;
  end: number;
  /** No filter but (maybe) the time range. */
  timeOnly: boolean;
  /** Bytes every matching line contains (request id, text filters): lines without them are not parsed. */
  needles: Buffer[];
  test(f64: Float64Array, i32: Int32Array, r: number): Verdict;
  matches(record: LogRecord): boolean;
}

function wanted(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

function wantedText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

/** A number the query gave, else `fallback`. */
export function bound(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : fallback;
}

/** The query as a filter; `modelIds`: the dictionary ids of a model name. */
export function compileFilter(query: LogQuery, modelIds: (name: string) => number[]): Filter {
  const start = bound(query.start, -Infinity);
  const end = bound(query.end, Infinity);
  const type = wanted(query.type);
  const userId = wanted(query.user_id);
  const tokenId = wanted(query.token_id);
  const channelId = wanted(query.channel_id);
  const model = wantedText(query.model);
  const requestId = wantedText(query.request_id);
  const tokenIds = Array.isArray(query.token_ids) ? new Set(query.token_ids.map(Number)) : undefined;
  // Text fields that are not indexed: every candidate line is read and confirmed.
  const texts = (['group', 'username', 'token_name', 'family'] as const)
    .map((field) => [field, wantedText(query[field])] as const)
    .filter((entry): entry is readonly ['group' | 'username' | 'token_name' | 'family', string] => entry[1] !== undefined);

  const ints: IntFilter[] = [];
  const pairs: [number | undefined, number][] = [
    [type, I32_COL.type],
    [userId, I32_COL.user_id],
    [tokenId, I32_COL.token_id],
    [channelId, I32_COL.channel_id],
  ];
  for (const [value, col] of pairs) if (value !== undefined) ints.push({ col, value: encodeInt(value) });
  const models = model === undefined ? undefined : modelIds(model);
  const model0 = models?.[0] ?? UNINDEXED;
  // The request id column is a hash: rows with the wanted hash are confirmed on their line.
  const requestHash = requestId === undefined ? undefined : hashText(requestId);

  const test = (f64: Float64Array, i32: Int32Array, r: number): Verdict => {
    const t = f64[r * F64_PER_ROW]!;
    if (t < start || t >= end) return NO;
    const base = r * I32_PER_ROW;
    let verdict: Verdict = texts.length > 0 ? CHECK : YES;
    if (tokenIds !== undefined) {
      const v = i32[base + I32_COL.token_id]!;
      if (v === UNINDEXED) verdict = CHECK;
      else if (!tokenIds.has(v)) return NO;
    }
    if (requestHash !== undefined) {
      if (i32[base + I32_COL.request_id] !== requestHash) return NO;
      verdict = CHECK;
    }
    for (let k = 0; k < ints.length; k++) {
      const filter = ints[k]!;
      const v = i32[base + filter.col]!;
      if (v !== filter.value) return NO;
      if (v === UNINDEXED) verdict = CHECK;
    }
    if (models !== undefined) {
      const m = i32[base + I32_COL.model]!;
      if (m === UNINDEXED) verdict = CHECK;
      else if (m !== model0 && !(models.length > 1 && models.includes(m))) return NO;
    }
    return verdict;
  };

  const matches = (record: LogRecord): boolean =>
    record.created_at >= start &&
    record.created_at < end &&
    (type === undefined || record.type === type) &&
    (userId === undefined || record.user_id === userId) &&
    (tokenId === undefined || record.token_id === tokenId) &&
    (channelId === undefined || record.channel_id === channelId) &&
    (model === undefined || record.model === model) &&
    (requestId === undefined || record.request_id === requestId) &&
    (tokenIds === undefined || tokenIds.has(record.token_id)) &&
    texts.every(([field, value]) => record[field] === value);

  const needles: Buffer[] = texts
    .filter(([field, value]) => !(field === 'family' && value === 'chat')) // old chat records have no family on their line
    .map(([field, value]) => Buffer.from(`${JSON.stringify(field)}:${JSON.stringify(value)}`, 'utf8'));
  if (requestId !== undefined) needles.push(Buffer.from(JSON.stringify(requestId), 'utf8'));

  return {
    start,
    end,
    timeOnly: ints.length === 0 && models === undefined && requestId === undefined && tokenIds === undefined && texts.length === 0,
    needles,
    test,
    matches,
  };
}
