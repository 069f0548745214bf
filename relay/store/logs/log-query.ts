// Answering a LogQuery from the day files: walk the days newest-first, scan each day's
// fixed-size index rows block by block (typed-array loop), count every match for `total`,
// keep only the rows of the asked page, then read just those lines (positioned reads).
// Memory stays at one row block plus the page, whatever the number of records.

import type { FileHandle } from 'node:fs/promises';
import { openIfExists, readFully } from './fs-util.js';
import { F64_PER_ROW, I32_COL, I32_PER_ROW, RowBlock, UNINDEXED, encodeInt, hashText, readRows } from './index-file.js';
import { type Span, readSpans } from './line-reader.js';
import { parseRecord } from './log-record.js';
import { SCAN_ROWS } from './day-file.js';
import type { LogPage, LogQuery, LogRecord } from './types.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A day as a query sees it: a snapshot taken when the query starts. */
export interface QueryDay {
  key: string;
  idxPath: string;
  jsonlPath: string;
  rows: number;
  minTime: number;
  maxTime: number;
  minId: number;
  maxId: number;
  /** Rows in file order are sorted by (created_at, id). */
  ordered: boolean;
  /** Rows in file order have increasing ids. */
  idSorted: boolean;
}

/** Row verdicts: no match, match, or "maybe: read the line to decide". */
const NO = 0;
const YES = 1;
const CHECK = 2;
type Verdict = typeof NO | typeof YES | typeof CHECK;

interface IntFilter {
  col: number;
  /** UNINDEXED: the wanted value has no int32 form, so only UNINDEXED rows can match (checked). */
  value: number;
}

interface Filter {
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

function bound(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : fallback;
}

function compile(query: LogQuery, modelIds: (name: string) => number[]): Filter {
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

export function pageOf(query: LogQuery): { page: number; pageSize: number } {
  const page = Math.max(1, Math.floor(bound(query.page, 1)) || 1);
  const size = Math.floor(bound(query.page_size, DEFAULT_PAGE_SIZE)) || DEFAULT_PAGE_SIZE;
  return { page: Number.isFinite(page) ? page : 1, pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, size)) };
}

interface Pick {
  day: QueryDay;
  span: Span;
  record?: LogRecord;
}

export async function runQuery(days: readonly QueryDay[], query: LogQuery, modelIds: (name: string) => number[]): Promise<LogPage> {
  const filter = compile(query, modelIds);
  const { page, pageSize } = pageOf(query);
  const skip = (page - 1) * pageSize;
  const stop = skip + pageSize;
  const picks: Pick[] = [];
  let total = 0;
  const block = new RowBlock(SCAN_ROWS);

  const newestFirst = [...days].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  for (const day of newestFirst) {
    if (day.rows === 0 || day.maxTime < filter.start || day.minTime >= filter.end) continue;
    const idx = await openIfExists(day.idxPath);
    if (!idx) continue; // removed by retention since the snapshot
    let jsonl: FileHandle | undefined;
    const lines = async (spans: Span[]): Promise<Buffer[]> => {
      jsonl ??= await openIfExists(day.jsonlPath);
      return jsonl ? readSpans(jsonl, spans) : spans.map(() => Buffer.alloc(0)); // removed meanwhile
    };
    try {
      if (day.ordered && filter.timeOnly && day.minTime >= filter.start && day.maxTime < filter.end) {
        // Every row matches: the page is a slice of the rows, read from the end.
        const from = Math.max(skip, total);
        const to = Math.min(stop, total + day.rows);
        if (from < to) {
          const lastRow = day.rows - 1 - (from - total);
          const firstRow = day.rows - (to - total);
          const n = await readRows(idx, firstRow, lastRow - firstRow + 1, block);
          for (let r = n - 1; r >= 0; r--) picks.push({ day, span: { offset: block.offset(r), length: block.length(r) } });
        }
        total += day.rows;
      } else if (day.ordered) {
        // Walk blocks from the end; within a block, rows from the end: newest first.
        for (let end = day.rows; end > 0; end -= SCAN_ROWS) {
          const begin = Math.max(0, end - SCAN_ROWS);
          const n = await readRows(idx, begin, end - begin, block);
          const found = await scanBlock(block, n, filter, lines, true);
          const from = Math.max(skip, total);
          const to = Math.min(stop, total + found.rows.length);
          for (let rank = from; rank < to; rank++) {
            const r = found.rows[rank - total]!;
            const pick: Pick = { day, span: { offset: block.offset(r), length: block.length(r) } };
            const record = found.records?.get(r);
            if (record) pick.record = record;
            picks.push(pick);
          }
          total += found.rows.length;
          if (n < end - begin) break;
        }
      } else {
        // Rows out of (created_at, id) order (clock went back, or caller-supplied times):
        // collect this day's matches compactly, sort, then rank.
        const times: number[] = [];
        const ids: number[] = [];
        const offsets: number[] = [];
        const lengths: number[] = [];
        for (let begin = 0; begin < day.rows; begin += SCAN_ROWS) {
          const n = await readRows(idx, begin, day.rows - begin, block);
          for (const r of (await scanBlock(block, n, filter, lines, false)).rows) {
            times.push(block.createdAt(r));
            ids.push(block.id(r));
            offsets.push(block.offset(r));
            lengths.push(block.length(r));
          }
          if (n < Math.min(SCAN_ROWS, day.rows - begin)) break;
        }
        const order = Uint32Array.from(times.keys());
        order.sort((a, b) => times[b]! - times[a]! || ids[b]! - ids[a]!);
        const from = Math.max(skip, total);
        const to = Math.min(stop, total + order.length);
        for (let rank = from; rank < to; rank++) {
          const i = order[rank - total]!;
          picks.push({ day, span: { offset: offsets[i]!, length: lengths[i]! } });
        }
        total += order.length;
      }
    } finally {
      await idx.close();
      await (jsonl as FileHandle | undefined)?.close();
    }
  }

  return { items: await readPicks(picks), total, page, page_size: pageSize };
}

/** How many records `scanQuery` reads and hands over at once. */
const SCAN_BATCH = 1024;

/**
 * Every match of `query` (paging ignored), newest first, in batches to `visit`; `visit`
 * answering `false` stops. Reads the line of every match: for sums and exports.
 */
export async function scanQuery(
  days: readonly QueryDay[],
  query: LogQuery,
  modelIds: (name: string) => number[],
  visit: (records: LogRecord[]) => boolean | void | Promise<boolean | void>,
): Promise<void> {
  const filter = compile(query, modelIds);
  const block = new RowBlock(SCAN_ROWS);
  const newestFirst = [...days].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  for (const day of newestFirst) {
    if (day.rows === 0 || day.maxTime < filter.start || day.minTime >= filter.end) continue;
    const idx = await openIfExists(day.idxPath);
    if (!idx) continue;
    let jsonl: FileHandle | undefined;
    const lines = async (spans: Span[]): Promise<Buffer[]> => {
      jsonl ??= await openIfExists(day.jsonlPath);
      return jsonl ? readSpans(jsonl, spans) : spans.map(() => Buffer.alloc(0));
    };
    /** Reads the lines of `picks` (in the given order), hands them over in batches; false: stop. */
    const hand = async (picks: { span: Span; record: LogRecord | undefined }[]): Promise<boolean> => {
      for (let from = 0; from < picks.length; from += SCAN_BATCH) {
        const batch = picks.slice(from, from + SCAN_BATCH);
        const unread = batch.filter((pick) => pick.record === undefined);
        const texts = unread.length > 0 ? await lines(unread.map((pick) => pick.span)) : [];
        unread.forEach((pick, k) => {
          pick.record = parseRecord(texts[k]!.toString('utf8'));
        });
        const records = batch.map((pick) => pick.record).filter((record): record is LogRecord => record !== undefined);
        if (records.length > 0 && (await visit(records)) === false) return false;
      }
      return true;
    };
    try {
      if (day.ordered) {
        for (let end = day.rows; end > 0; end -= SCAN_ROWS) {
          const begin = Math.max(0, end - SCAN_ROWS);
          const n = await readRows(idx, begin, end - begin, block);
          const found = await scanBlock(block, n, filter, lines, true);
          const picks = found.rows.map((r) => ({ span: { offset: block.offset(r), length: block.length(r) }, record: found.records?.get(r) }));
          if (!(await hand(picks))) return;
          if (n < end - begin) break;
        }
      } else {
        const picks: { time: number; id: number; span: Span; record: LogRecord | undefined }[] = [];
        for (let begin = 0; begin < day.rows; begin += SCAN_ROWS) {
          const n = await readRows(idx, begin, day.rows - begin, block);
          const found = await scanBlock(block, n, filter, lines, false);
          for (const r of found.rows) {
            picks.push({ time: block.createdAt(r), id: block.id(r), span: { offset: block.offset(r), length: block.length(r) }, record: found.records?.get(r) });
          }
          if (n < Math.min(SCAN_ROWS, day.rows - begin)) break;
        }
        picks.sort((a, b) => b.time - a.time || b.id - a.id);
        if (!(await hand(picks))) return;
      }
    } finally {
      await idx.close();
      await (jsonl as FileHandle | undefined)?.close();
    }
  }
}

/** The matches of one block: row positions in scan order, and the records read to confirm some. */
interface BlockMatches {
  rows: number[];
  records: Map<number, LogRecord> | undefined;
}

/**
 * The matches of one block, in scan order (newest first when `backwards`). Rows the index
 * cannot decide are confirmed by reading their lines (coalesced reads, and a cheap byte
 * search for the request id before parsing).
 */
async function scanBlock(
  block: RowBlock,
  n: number,
  filter: Filter,
  lines: (spans: Span[]) => Promise<Buffer[]>,
  backwards: boolean,
): Promise<BlockMatches> {
  const { f64, i32 } = block;
  const rows: number[] = [];
  let toCheck: number[] | undefined;
  for (let k = 0; k < n; k++) {
    const r = backwards ? n - 1 - k : k;
    const verdict = filter.test(f64, i32, r);
    if (verdict === NO) continue;
    if (verdict === CHECK) (toCheck ??= []).push(r);
    rows.push(r);
  }
  if (!toCheck) return { rows, records: undefined };
  const texts = await lines(toCheck.map((r) => ({ offset: block.offset(r), length: block.length(r) })));
  const records = new Map<number, LogRecord>();
  const rejected = new Set<number>();
  toCheck.forEach((r, k) => {
    const text = texts[k]!;
    const record = filter.needles.some((needle) => text.indexOf(needle) < 0) ? undefined : parseRecord(text.toString('utf8'));
    if (record && filter.matches(record)) records.set(r, record);
    else rejected.add(r);
  });
  return { rows: rejected.size === 0 ? rows : rows.filter((r) => !rejected.has(r)), records };
}

async function readPicks(picks: readonly Pick[]): Promise<LogRecord[]> {
  const byDay = new Map<QueryDay, number[]>();
  picks.forEach((pick, i) => {
    if (pick.record) return;
    const list = byDay.get(pick.day) ?? [];
    list.push(i);
    byDay.set(pick.day, list);
  });
  const records: (LogRecord | undefined)[] = picks.map((pick) => pick.record);
  for (const [day, indexes] of byDay) {
    const jsonl = await openIfExists(day.jsonlPath);
    if (!jsonl) continue;
    try {
      const texts = await readSpans(jsonl, indexes.map((i) => picks[i]!.span));
      indexes.forEach((i, k) => {
        records[i] = parseRecord(texts[k]!.toString('utf8'));
      });
    } finally {
      await jsonl.close();
    }
  }
  // A line that no longer parses (edited or damaged by hand) is left out of the page.
  return records.filter((record): record is LogRecord => record !== undefined);
}

/** The record with this id in a day, or undefined. Binary search when ids are in order. */
export async function findInDay(day: QueryDay, id: number): Promise<LogRecord | undefined> {
  if (day.rows === 0 || id < day.minId || id > day.maxId) return undefined;
  const idx = await openIfExists(day.idxPath);
  if (!idx) return undefined;
  let span: Span | undefined;
  try {
    if (day.idSorted) {
      const one = new RowBlock(1);
      let lo = 0;
      let hi = day.rows - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if ((await readRows(idx, mid, 1, one)) === 0) break;
        const at = one.id(0);
        if (at === id) {
          span = { offset: one.offset(0), length: one.length(0) };
          break;
        }
        if (at < id) lo = mid + 1;
        else hi = mid - 1;
      }
    } else {
      const block = new RowBlock(SCAN_ROWS);
      for (let begin = 0; begin < day.rows && !span; begin += SCAN_ROWS) {
        const n = await readRows(idx, begin, day.rows - begin, block);
        for (let r = 0; r < n; r++) {
          if (block.id(r) === id) {
            span = { offset: block.offset(r), length: block.length(r) };
            break;
          }
        }
        if (n === 0) break;
      }
    }
  } finally {
    await idx.close();
  }
  if (!span) return undefined;
  const jsonl = await openIfExists(day.jsonlPath);
  if (!jsonl) return undefined;
  try {
    const bytes = Buffer.allocUnsafe(span.length);
    const got = await readFully(jsonl, bytes, 0, span.length, span.offset);
    const record = parseRecord(bytes.toString('utf8', 0, got));
    return record?.id === id ? record : undefined;
  } finally {
    await jsonl.close();
  }
}
