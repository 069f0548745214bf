// One UTC day of logs: `<day>.jsonl` (one record per line) and `<day>.idx` (one row per
// line, see index-file.ts). This module keeps the small in-memory summary of a day and
// does the open-time reconciliation of the two files after a crash.

import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { appendFully, readFully, sizeOf } from './fs-util.js';
import { type IndexRow, ROW_BYTES, RowBlock, encodeRows, readRows } from './index-file.js';
import { parseRecord } from './log-record.js';
import type { ModelDictionary } from './model-dictionary.js';

/** What the store remembers about a day: a few numbers, never its rows. */
export interface DayState {
  key: string;
  jsonlPath: string;
  idxPath: string;
  /** Rows written to the .idx (and lines to the .jsonl they point to). */
  rows: number;
  /** Bytes of the .jsonl (all complete lines). */
  jsonlSize: number;
  minId: number;
  maxId: number;
  minTime: number;
  maxTime: number;
  lastTime: number;
  lastId: number;
  /** Highest model id used by a row (-1 if none). */
  maxModel: number;
  /** created_at never decreases in file order. */
  timeSorted: boolean;
  /** id strictly increases in file order (always, unless files were edited by hand). */
  idSorted: boolean;
  /** A failed write could not be rolled back: re-read the file sizes before the next write. */
  needsResync: boolean;
}

export const SCAN_ROWS = 8192; // rows per block read (448 KiB)
const READ_CHUNK = 1 << 20;
/** Longer unindexed text without a newline is skipped rather than parsed. */
const MAX_LINE_BYTES = 128 << 20;
/** Lines whose row did not check out before the index of a day is thrown away and rebuilt. */
const MAX_BAD_TAIL_ROWS = 64;

export function dayPaths(dir: string, key: string): { jsonlPath: string; idxPath: string } {
  return { jsonlPath: path.join(dir, `${key}.jsonl`), idxPath: path.join(dir, `${key}.idx`) };
}

export function emptyDay(dir: string, key: string): DayState {
  return {
    key,
    ...dayPaths(dir, key),
    rows: 0,
    jsonlSize: 0,
    minId: Infinity,
    maxId: -Infinity,
    minTime: Infinity,
    maxTime: -Infinity,
    lastTime: -Infinity,
    lastId: -Infinity,
    maxModel: -1,
    timeSorted: true,
    idSorted: true,
    needsResync: false,
  };
}

/** Accounts one more row (in file order) in the day's summary. */
export function noteRow(day: DayState, createdAt: number, id: number, model: number): void {
  if (createdAt < day.lastTime) day.timeSorted = false;
  if (id <= day.lastId) day.idSorted = false;
  day.lastTime = createdAt;
  day.lastId = id;
  if (id < day.minId) day.minId = id;
  if (id > day.maxId) day.maxId = id;
  if (createdAt < day.minTime) day.minTime = createdAt;
  if (createdAt > day.maxTime) day.maxTime = createdAt;
  if (model > day.maxModel) day.maxModel = model;
  day.rows++;
}

/** Rows in file order are newest-last by (created_at, id): a query can walk them backwards. */
export function isOrdered(day: DayState): boolean {
  return day.timeSorted && day.idSorted;
}

/** True when `line` (read with its trailing byte) is a complete record line with this id. */
function lineHoldsId(bytes: Buffer, id: number): boolean {
  if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) return false;
  return parseRecord(bytes.toString('utf8', 0, bytes.length - 1))?.id === id;
}

/**
 * Step 1 of reconciliation: make the .idx trustworthy. Cuts a torn last row, then walks back
 * from the end dropping rows whose line is missing (the .jsonl is shorter) or does not hold
 * that record; stops at the first row that checks out. Returns the day with `rows` and
 * `jsonlSize` set (summary not yet computed).
 */
export async function trimIndex(dir: string, key: string): Promise<DayState> {
  const day = emptyDay(dir, key);
  day.jsonlSize = await sizeOf(day.jsonlPath);
  const idxSize = await sizeOf(day.idxPath);
  let rows = Math.floor(idxSize / ROW_BYTES);
  if (rows > 0) {
    const idx = await fs.open(day.idxPath, 'r');
    const jsonl = await fs.open(day.jsonlPath, 'r');
    try {
      const block = new RowBlock(SCAN_ROWS);
      let bad = 0;
      let settled = false;
      while (rows > 0 && !settled) {
        const start = Math.max(0, rows - SCAN_ROWS);
        const n = await readRows(idx, start, rows - start, block);
        if (n < rows - start) {
          rows = start + n; // the file shrank under us: retry from what is there
          continue;
        }
        for (let r = n - 1; r >= 0; r--) {
          const offset = block.offset(r);
          const length = block.length(r);
          const end = offset + length + 1;
          if (Number.isSafeInteger(offset) && offset >= 0 && length >= 0 && end <= day.jsonlSize) {
            const bytes = Buffer.allocUnsafe(length + 1);
            const got = await readFully(jsonl, bytes, 0, length + 1, offset);
            if (lineHoldsId(bytes.subarray(0, got), block.id(r))) {
              settled = true;
              break;
            }
            if (++bad > MAX_BAD_TAIL_ROWS) {
              rows = 0;
              settled = true;
              break;
            }
          }
          rows--; // its line is gone or is not this record
        }
      }
    } finally {
      await idx.close();
      await jsonl.close();
    }
  }
  if (idxSize !== rows * ROW_BYTES) await fs.truncate(day.idxPath, rows * ROW_BYTES);
  day.rows = rows;
  return day;
}

/**
 * Step 2: the summary of the first `day.rows` rows (one sequential pass over the .idx in
 * blocks; nothing is kept). Returns the byte offset where unindexed .jsonl text begins.
 */
export async function summarize(day: DayState): Promise<number> {
  const rows = day.rows;
  day.rows = 0;
  if (rows === 0) return 0;
  const idx = await fs.open(day.idxPath, 'r');
  let tail = 0;
  try {
    const block = new RowBlock(SCAN_ROWS);
    for (let start = 0; start < rows; start += SCAN_ROWS) {
      const n = await readRows(idx, start, rows - start, block);
      for (let r = 0; r < n; r++) noteRow(day, block.createdAt(r), block.id(r), block.model(r));
      if (n > 0) tail = block.offset(n - 1) + block.length(n - 1) + 1;
      if (n < Math.min(SCAN_ROWS, rows - start)) break;
    }
  } finally {
    await idx.close();
  }
  return tail;
}

/** Forgets every row of the day (its .idx is emptied); the summary restarts. */
export async function clearIndex(day: DayState): Promise<void> {
  const jsonlSize = day.jsonlSize;
  Object.assign(day, emptyDay(path.dirname(day.jsonlPath), day.key), { jsonlSize });
  await fs.writeFile(day.idxPath, '');
}

/**
 * Step 3: index the complete lines of the .jsonl from byte `from` on (lines written before
 * a crash whose rows were not), and cut a torn last line. Lines that are not records are
 * skipped (left in place, unindexed). New model names are persisted before the rows.
 */
export async function indexTail(day: DayState, from: number, dictionary: ModelDictionary): Promise<void> {
  if (from >= day.jsonlSize) return;
  const jsonl = await fs.open(day.jsonlPath, 'r');
  let idx: FileHandle | undefined;
  let rows: IndexRow[] = [];
  const writeRows = async (): Promise<void> => {
    if (rows.length === 0) return;
    await dictionary.persist();
    idx ??= await fs.open(day.idxPath, 'a');
    await appendFully(idx, encodeRows(rows));
    for (const row of rows) noteRow(day, row.created_at, row.id, row.model);
    rows = [];
  };
  let cut: number | undefined;
  try {
    // The current incomplete line: pieces copied out of earlier chunks (linear, no re-concat).
    let pieces: Buffer[] = [];
    let piecesLength = 0;
    let oversized = false;
    let lineStart = from;
    let position = from;
    const chunk = Buffer.allocUnsafe(READ_CHUNK);
    while (position < day.jsonlSize) {
      const chunkStart = position;
      const got = await readFully(jsonl, chunk, 0, Math.min(READ_CHUNK, day.jsonlSize - position), position);
      if (got === 0) break;
      position += got;
      const data = chunk.subarray(0, got);
      let start = 0;
      for (;;) {
        const newline = data.indexOf(0x0a, start);
        if (newline < 0) break;
        const length = piecesLength + newline - start;
        let record;
        if (!oversized && length > 0) {
          const bytes = piecesLength > 0 ? Buffer.concat([...pieces, data.subarray(start, newline)]) : data.subarray(start, newline);
          record = parseRecord(bytes.toString('utf8'));
        }
        if (record) {
          rows.push({
            created_at: record.created_at,
            id: record.id,
            offset: lineStart,
            length,
            type: record.type,
            user_id: record.user_id,
            token_id: record.token_id,
            channel_id: record.channel_id,
            model: dictionary.intern(record.model),
            request_id: record.request_id,
          });
          if (rows.length >= SCAN_ROWS) await writeRows();
        }
        pieces = [];
        piecesLength = 0;
        oversized = false;
        start = newline + 1;
        lineStart = chunkStart + start;
      }
      if (start < got) {
        piecesLength += got - start;
        if (piecesLength > MAX_LINE_BYTES) {
          oversized = true; // not a line we wrote: skip it without holding it in memory
          pieces = [];
        } else {
          pieces.push(Buffer.from(data.subarray(start)));
        }
      }
    }
    if (lineStart < day.jsonlSize) cut = lineStart; // a torn last line (or the file was shorter)
    await writeRows();
  } finally {
    await jsonl.close();
    await idx?.close();
  }
  if (cut !== undefined) {
    await fs.truncate(day.jsonlPath, cut);
    day.jsonlSize = cut;
  }
}
