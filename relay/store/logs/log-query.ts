// Answering a LogQuery from the day files: walk the days newest-first, scan each day's
// fixed-size index rows block by block (typed-array loop), count every match for `total`,
// keep only the rows of the asked page, then read just those lines (positioned reads).
// Memory stays at one row block plus the page, whatever the number of records.

import type { FileHandle } from 'node:fs/promises';
import { openIfExists, readFully } from './fs-util.js';
import { RowBlock, readRows } from './index-file.js';
import { type Span, readSpans } from './line-reader.js';
import { parseRecord } from './log-record.js';
import { CHECK, type Filter, NO, bound, compileFilter } from './query-filter.js';
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
  const filter = compileFilter(query, modelIds);
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
  const filter = compileFilter(query, modelIds);
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
