// The request log store: append-only day files with fixed-size sidecar indexes.
//
// Why not lowdb: it rewrites its whole JSON file on every write, so the cost of a write
// grows with the number of rows. Here a write only appends, and nothing is ever read back
// or rewritten to write, so a record costs the same at 1M records as at 10k.
//
// On disk (`dir`):
//   YYYY-MM-DD.jsonl  one UTC day of records, one JSON object per line (log-record.ts)
//   YYYY-MM-DD.idx    one 56-byte row per line: created_at, id, offset, length, type,
//                     user_id, token_id, channel_id, model id, request_id hash (index-file.ts)
//   models.jsonl      model-name dictionary, one JSON string per line (model-dictionary.ts)
//   meta.json         {"version":1,"last_id":N}: rewritten atomically at close and before
//                     retention deletes days, so ids keep increasing even if every day goes
//
// Writes: `append` builds the record, encodes its line and index row straight into a
// reusable off-heap segment (256 KiB of lines / 1024 rows, one day) and schedules one task
// every WRITE_GATHER_MS that appends each segment to the day file and its rows
// to the index with one write each (new model names first, then .jsonl, then .idx). All
// file work (writes, flush, retention, close) runs on one serial chain, so no two tasks
// touch the same file at once. `flush()` drains the queue and fdatasyncs what was written
// (and the directory when a day file was created).
//
// Reads: a query walks the days newest first and scans their index rows in 448 KiB blocks
// (a typed-array loop, log-query.ts); only the rows of the asked page are kept and only
// their lines are read. Nothing per record is held in memory: per day the store keeps a
// dozen numbers (row count, size, id/time bounds, order flags). The OS page cache is the
// cache. Unfiltered queries over days wholly inside the range are answered from the row
// counts without scanning.
//
// Changes from the suggested design, and why:
//   - The model dictionary is append-only (models.jsonl) instead of a models.json rewritten
//     on change: a stream of distinct names then costs O(1) each, not O(names).
//   - meta.json keeps the highest id handed out, so ids stay increasing after retention
//     has removed every day that held the highest ones.
//   - The index also holds a 32-bit hash of request_id, so a request-id lookup is an index
//     scan plus one line read instead of reading every line (~40 ms vs ~1 s at 1M records).
//   - Queued records are encoded at append into reused off-heap buffers rather than kept as
//     strings/objects: a burst of appends leaves nothing for the GC to promote, which keeps
//     the heap (and RSS) small.
//   - Order is (created_at desc, id desc); a day whose rows are not in that order (clock
//     stepped back, or caller-supplied created_at) is sorted at query time; others are not.
//   - Retention also runs when the first record of a new current day is written, so a
//     long-running relay does not need a timer to honour it.
//
// Crash safety (open): for each day the .idx is cut to whole rows, rows whose line is
// missing or does not hold that record are dropped from the end, complete .jsonl lines
// without rows are indexed, and a torn last line is cut. If an index row names a model id
// the dictionary lacks (dictionary lost), every index is rebuilt from the .jsonl files.
// The next id continues after the highest id found (in rows or meta.json). Records that
// were appended but not yet written when the process died are lost (their ids may be
// handed out again); `flush()` is the durability point.
//
// Retention: a UTC day is deleted once all of it is older than `retentionDays` days, i.e.
// when dayStart + 1 day <= now - retentionDays days: no record younger than that is lost.

import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type DayState,
  clearIndex,
  emptyDay,
  indexTail,
  isOrdered,
  noteRow,
  summarize,
  trimIndex,
} from './day-file.js';
import { appendFully, isNotFound, syncDir, writeFileAtomic } from './fs-util.js';
import { ROW_BYTES, RowBlock } from './index-file.js';
import { type QueryDay, findInDay, runQuery, scanQuery } from './log-query.js';
import { normalizeRecord, serializeRecord } from './log-record.js';
import { ModelDictionary } from './model-dictionary.js';
import type { LogPage, LogQuery, LogRecord, LogStore, LogStoreOptions, NewLogRecord } from './types.js';
import { DAY_MS, dayKeyOf, dayStartOf, isDayKey, isValidTime } from './utc-day.js';

/** How long appended records wait to be written together. */
const WRITE_GATHER_MS = 20;
const FORMAT_VERSION = 1;
const META_FILE = 'meta.json';
const MODELS_FILE = 'models.jsonl';
/** A write batch: up to this many bytes of lines and this many rows (one write each). */
const SEGMENT_BYTES = 256 << 10;
const SEGMENT_ROWS = 1024;
/** Spare segments kept for reuse (at most ~5 MiB): bursts reuse them instead of churning the allocator. */
const SPARE_SEGMENTS = 16;
/** Day files kept open for writing (normally just today; more while old days are written). */
const MAX_WRITERS = 4;

/**
 * Queued records of one day, already encoded: their lines (UTF-8, '\n'-terminated) and
 * their index rows (offsets relative to the segment). Off the JS heap, so a burst of
 * appends leaves little for the garbage collector to move (and the heap stays small).
 */
class Segment {
  bytes = 0;
  readonly data: Buffer;
  readonly rows: RowBlock;

  constructor(
    public day: string,
    dataBytes: number,
  ) {
    this.data = Buffer.allocUnsafe(dataBytes);
    this.rows = new RowBlock(SEGMENT_ROWS);
  }

  fits(lineBytes: number): boolean {
    return this.bytes + lineBytes + 1 <= this.data.length && this.rows.count < this.rows.capacity;
  }
}

interface DayWriter {
  jsonl: FileHandle;
  idx: FileHandle;
  dirty: boolean;
}

function checkRetention(days: number): number {
  if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) {
    throw new RangeError(`retentionDays must be a number >= 0, got ${String(days)}`);
  }
  return Math.floor(days);
}

async function removeIfExists(file: string): Promise<void> {
  try {
    await fs.unlink(file);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

async function readLastId(file: string): Promise<number> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    return 0; // written atomically, so only a hand edit gets here; the day files still know their ids
  }
  if (typeof meta !== 'object' || meta === null) return 0;
  const { version, last_id: lastId } = meta as { version?: unknown; last_id?: unknown };
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new Error(`request log store at ${path.dirname(file)} has format ${version}; this build reads ${FORMAT_VERSION}`);
  }
  return typeof lastId === 'number' && Number.isSafeInteger(lastId) && lastId > 0 ? lastId : 0;
}

export async function openLogStore(options: LogStoreOptions): Promise<LogStore> {
  if (os.endianness() !== 'LE') throw new Error('the request log store needs a little-endian machine');
  const store = new FileLogStore(options);
  await store.open();
  return store;
}

class FileLogStore implements LogStore {
  private readonly dir: string;
  private readonly clock: () => number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private retentionDays: number;
  private dictionary!: ModelDictionary;
  private readonly days = new Map<string, DayState>();
  private readonly writers = new Map<string, DayWriter>();
  private nextId = 1;
  /** Queued records, oldest first; only the last one is appended to. */
  private segments: Segment[] = [];
  private readonly spare: Segment[] = [];
  /** Appended and not yet written (or dropped). */
  private queued = 0;
  private scheduled = false;
  private retentionDue = false;
  /** A day file was created since the last flush: fsync the directory too. */
  private dirDirty = false;
  private chain: Promise<void> = Promise.resolve();
  private writeError: unknown;
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(options: LogStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.clock = options.clock ?? Date.now;
    this.onError = options.onError;
    this.retentionDays = checkRetention(options.retentionDays ?? 0);
  }

  async open(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const lastId = await readLastId(path.join(this.dir, META_FILE));
    this.dictionary = await ModelDictionary.open(path.join(this.dir, MODELS_FILE));

    const names = await fs.readdir(this.dir);
    const jsonlKeys = new Set<string>();
    const idxKeys: string[] = [];
    for (const name of names) {
      const ext = path.extname(name);
      const key = name.slice(0, -ext.length);
      if (ext === '.jsonl' && isDayKey(key)) jsonlKeys.add(key);
      else if (ext === '.idx' && isDayKey(key)) idxKeys.push(key);
      else if (name === `${META_FILE}.tmp`) await removeIfExists(path.join(this.dir, name));
    }
    for (const key of idxKeys) if (!jsonlKeys.has(key)) await removeIfExists(path.join(this.dir, `${key}.idx`));

    const states: DayState[] = [];
    const tails = new Map<DayState, number>();
    for (const key of [...jsonlKeys].sort()) {
      const day = await trimIndex(this.dir, key);
      tails.set(day, await summarize(day));
      states.push(day);
    }
    if (states.some((day) => day.maxModel >= this.dictionary.size)) {
      // Rows name models the dictionary does not have: ids cannot be trusted. Rebuild all.
      await this.dictionary.reset();
      for (const day of states) {
        await clearIndex(day);
        tails.set(day, 0);
      }
    }
    let maxId = lastId;
    for (const day of states) {
      await indexTail(day, tails.get(day) ?? 0, this.dictionary);
      if (day.rows === 0 && day.jsonlSize === 0) {
        await removeIfExists(day.jsonlPath);
        await removeIfExists(day.idxPath);
        continue;
      }
      this.days.set(day.key, day);
      if (day.maxId > maxId) maxId = day.maxId;
    }
    await this.dictionary.sync();
    this.nextId = maxId + 1;
    await this.removeExpired(this.now());
  }

  append(input: NewLogRecord): LogRecord {
    if (this.closed) throw new Error('the request log store is closed');
    if (typeof input !== 'object' || input === null) throw new TypeError('append expects a record object');
    const createdAt = isValidTime(input.created_at) ? input.created_at : this.now();
    const record = normalizeRecord(input, this.nextId++, createdAt);
    const line = serializeRecord(record);
    const length = Buffer.byteLength(line, 'utf8');
    const segment = this.segmentFor(dayKeyOf(createdAt), length);
    const offset = segment.bytes;
    segment.data.write(line, offset, length, 'utf8');
    segment.data[offset + length] = 0x0a;
    segment.bytes += length + 1;
    segment.rows.set(segment.rows.count++, {
      created_at: createdAt,
      id: record.id,
      offset, // relative to the segment until written
      length,
      type: record.type,
      user_id: record.user_id,
      token_id: record.token_id,
      channel_id: record.channel_id,
      model: this.dictionary.intern(record.model),
      request_id: record.request_id,
    });
    this.queued++;
    this.schedule();
    return record;
  }

  /** The open segment of this day with room for a line of `length` bytes (a new one if needed). */
  private segmentFor(day: string, length: number): Segment {
    const last = this.segments[this.segments.length - 1];
    if (last && last.day === day && last.fits(length)) return last;
    let segment: Segment;
    if (length + 1 > SEGMENT_BYTES) segment = new Segment(day, length + 1);
    else {
      segment = this.spare.pop() ?? new Segment(day, SEGMENT_BYTES);
      segment.day = day;
    }
    this.segments.push(segment);
    return segment;
  }

  async flush(): Promise<void> {
    await this.enqueue(async () => {
      await this.drain();
      await this.syncAll();
    });
    this.throwWriteError();
  }

  async query(query: LogQuery): Promise<LogPage> {
    await this.settle();
    return runQuery(this.snapshot(), query ?? {}, (name) => this.dictionary.idsOf(name));
  }

  async scan(query: LogQuery, visit: (records: LogRecord[]) => boolean | void | Promise<boolean | void>): Promise<void> {
    await this.settle();
    await scanQuery(this.snapshot(), query ?? {}, (name) => this.dictionary.idsOf(name), visit);
  }

  async get(id: number): Promise<LogRecord | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    await this.settle();
    for (const day of this.snapshot()) {
      if (id < day.minId || id > day.maxId) continue;
      const record = await findInDay(day, id);
      if (record) return record;
    }
    return undefined;
  }

  applyRetention(now?: number): Promise<{ removedDays: string[] }> {
    return this.enqueue(async () => {
      await this.drain();
      return this.removeExpired(isValidTime(now) ? now : this.now());
    });
  }

  setRetentionDays(days: number): void {
    this.retentionDays = checkRetention(days);
  }

  stats(): { records: number; days: number } {
    let records = this.queued;
    for (const day of this.days.values()) records += day.rows;
    return { records, days: this.days.size };
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    let failure: unknown;
    try {
      await this.enqueue(async () => {
        await this.drain();
        await this.syncAll();
      });
    } catch (error) {
      failure = error;
    }
    await this.enqueue(async () => {
      for (const key of [...this.writers.keys()]) await this.closeWriter(key, false);
      await this.dictionary.close().catch((error: unknown) => (failure ??= error));
      await this.writeMeta().catch((error: unknown) => (failure ??= error));
    });
    if (failure === undefined) this.throwWriteError();
    else throw failure;
  }

  // ---- writing ----

  private now(): number {
    const t = this.clock();
    return isValidTime(t) ? t : Date.now();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // A short wait gathers the records of many calls into one write per file: at thousands
    // of calls a second, a write per event-loop turn cost ~8% of the relay's CPU.
    setTimeout(() => {
      this.scheduled = false;
      this.enqueue(() => this.drain()).catch((error: unknown) => this.fail(error));
    }, WRITE_GATHER_MS).unref();
  }

  /** Waits until everything appended so far is written (not synced): read-your-writes. */
  private settle(): Promise<void> {
    return this.enqueue(() => this.drain());
  }

  private async drain(): Promise<void> {
    let segment: Segment | undefined;
    while ((segment = this.segments.shift()) !== undefined) {
      // Appends made while this one is written go to a new segment.
      try {
        await this.dictionary.persist(); // names before the rows that use them
        await this.writeSegment(segment);
      } catch (error) {
        this.fail(error); // this segment's records are dropped; the files were rolled back
      } finally {
        this.queued -= segment.rows.count;
        segment.bytes = 0;
        segment.rows.count = 0;
        if (segment.data.length === SEGMENT_BYTES && this.spare.length < SPARE_SEGMENTS) this.spare.push(segment);
      }
    }
    if (this.retentionDue) {
      this.retentionDue = false;
      await this.removeExpired(this.now()).catch((error: unknown) => this.fail(error));
    }
  }

  private async writeSegment(segment: Segment): Promise<void> {
    const key = segment.day;
    let day = this.days.get(key);
    const isNew = day === undefined;
    if (!day) {
      day = emptyDay(this.dir, key);
      this.days.set(key, day);
    }
    const before = { jsonl: day.jsonlSize, idx: day.rows * ROW_BYTES };
    const rows = segment.rows;
    let writer: DayWriter | undefined;
    try {
      writer = await this.writer(day);
      if (day.needsResync) {
        await this.resync(day, writer);
        before.jsonl = day.jsonlSize;
      }
      rows.shiftOffsets(day.jsonlSize);
      await appendFully(writer.jsonl, segment.data.subarray(0, segment.bytes));
      await appendFully(writer.idx, rows.bytes.subarray(0, rows.count * ROW_BYTES));
      writer.dirty = true;
      if (isNew) this.dirDirty = true;
      day.jsonlSize += segment.bytes;
      for (let r = 0; r < rows.count; r++) noteRow(day, rows.createdAt(r), rows.id(r), rows.model(r));
    } catch (error) {
      if (writer) await this.rollback(day, writer, before);
      if (isNew && day.rows === 0) this.days.delete(key);
      throw error;
    }
    if (isNew && this.retentionDays > 0 && key === dayKeyOf(this.now())) this.retentionDue = true;
  }

  private async rollback(day: DayState, writer: DayWriter, before: { jsonl: number; idx: number }): Promise<void> {
    try {
      await writer.jsonl.truncate(before.jsonl);
      await writer.idx.truncate(before.idx);
      day.jsonlSize = before.jsonl;
    } catch {
      day.needsResync = true;
      await this.closeWriter(day.key, false);
    }
  }

  /** After a failed rollback: adopt the real .jsonl size, end any partial line, cut extra rows. */
  private async resync(day: DayState, writer: DayWriter): Promise<void> {
    let size = (await writer.jsonl.stat()).size;
    if (size > day.jsonlSize) {
      await appendFully(writer.jsonl, Buffer.from('\n')); // the partial text becomes a skipped line
      size++;
    }
    day.jsonlSize = size;
    if ((await writer.idx.stat()).size !== day.rows * ROW_BYTES) await writer.idx.truncate(day.rows * ROW_BYTES);
    day.needsResync = false;
  }

  private async writer(day: DayState): Promise<DayWriter> {
    const open = this.writers.get(day.key);
    if (open) {
      this.writers.delete(day.key); // most recently used last
      this.writers.set(day.key, open);
      return open;
    }
    while (this.writers.size >= MAX_WRITERS) {
      const oldest = this.writers.keys().next().value as string;
      await this.closeWriter(oldest, true);
    }
    const jsonl = await fs.open(day.jsonlPath, 'a');
    let idx: FileHandle;
    try {
      idx = await fs.open(day.idxPath, 'a');
    } catch (error) {
      await jsonl.close();
      throw error;
    }
    const writer: DayWriter = { jsonl, idx, dirty: false };
    this.writers.set(day.key, writer);
    return writer;
  }

  private async closeWriter(key: string, sync: boolean): Promise<void> {
    const writer = this.writers.get(key);
    if (!writer) return;
    this.writers.delete(key);
    try {
      if (sync && writer.dirty) {
        await writer.jsonl.datasync();
        await writer.idx.datasync();
      }
    } catch (error) {
      this.fail(error);
    } finally {
      await writer.jsonl.close().catch(() => undefined);
      await writer.idx.close().catch(() => undefined);
    }
  }

  private async syncAll(): Promise<void> {
    await this.dictionary.sync();
    for (const writer of this.writers.values()) {
      if (!writer.dirty) continue;
      await writer.jsonl.datasync();
      await writer.idx.datasync();
      writer.dirty = false;
    }
    if (this.dirDirty) {
      this.dirDirty = false;
      await syncDir(this.dir);
    }
  }

  private fail(error: unknown): void {
    this.writeError = error;
    try {
      this.onError?.(error);
    } catch {
      // a throwing error callback must not break the writer
    }
  }

  private throwWriteError(): void {
    if (this.writeError === undefined) return;
    const error = this.writeError;
    this.writeError = undefined;
    throw error;
  }

  private writeMeta(): Promise<void> {
    return writeFileAtomic(path.join(this.dir, META_FILE), `${JSON.stringify({ version: FORMAT_VERSION, last_id: this.nextId - 1 })}\n`);
  }

  // ---- retention and reading ----

  /** Runs on the chain (or during open): deletes the days wholly older than the retention. */
  private async removeExpired(now: number): Promise<{ removedDays: string[] }> {
    if (this.retentionDays <= 0) return { removedDays: [] };
    const cutoff = now - this.retentionDays * DAY_MS;
    const expired = [...this.days.keys()].filter((key) => dayStartOf(key) + DAY_MS <= cutoff).sort();
    if (expired.length === 0) return { removedDays: [] };
    await this.writeMeta(); // the highest id survives its day
    for (const key of expired) {
      const day = this.days.get(key);
      if (!day) continue;
      await this.closeWriter(key, false);
      await removeIfExists(day.jsonlPath); // .jsonl first: a leftover .idx alone is removed at open
      await removeIfExists(day.idxPath);
      this.days.delete(key);
    }
    await syncDir(this.dir);
    return { removedDays: expired };
  }

  private snapshot(): QueryDay[] {
    return [...this.days.values()].map((day) => ({
      key: day.key,
      idxPath: day.idxPath,
      jsonlPath: day.jsonlPath,
      rows: day.rows,
      minTime: day.minTime,
      maxTime: day.maxTime,
      minId: day.minId,
      maxId: day.maxId,
      ordered: isOrdered(day),
      idSorted: day.idSorted,
    }));
  }
}
