// The request log on PostgreSQL (the logs table of schema-1.ts), with the embedded store's
// operations and answers (logs/types.ts LogStore).
//
// Writes never hold a call: `append` numbers the record from an id block in hand
// (log-ids.ts), queues its JSON text (the same text the embedded store writes) and returns.
// A writer sends the queue every batchDelayMs (100), or at once when batchRows (500) wait, as
// one statement: the records as a JSON array through json_populate_recordset, and, from the
// rows it inserted, the hourly statistics (stats_hourly) upserted in the same statement, so
// the statistics always hold exactly the logged calls. It inserts with ON CONFLICT (id) DO
// NOTHING: a batch whose commit was not acknowledged is sent again without counting twice.
// A failed batch stays at the head of the queue and is sent again (backing off up to 5 s)
// until it is written: while the process lives, no record is lost. A crash loses the records
// still queued: about batchDelayMs of calls while PostgreSQL answers, everything since it
// stopped answering otherwise.
//
// In server mode the records of calls (those the quota ledger's closes log) do not wait here:
// `outboxLine` numbers each, and the ledger keeps it in Redis in the same script as the charge
// (redis/log-outbox.ts). This store drains that outbox the same way (a claimed batch inserted,
// then dropped; a failed one claimed again), so a call charged is logged even if this
// instance dies; a record still unnumbered (no id block in hand) is numbered in its claim
// before it is inserted. Records appended otherwise (calls that charged nothing) are pushed to
// the same outbox within the event-loop turn (outbox-appends.ts), into the queue above only
// when Redis cannot take them.
//
// Reads (`query`, `scan`, `get`) first send what this instance has queued and drain its
// outbox (read your own writes), then ask PostgreSQL; the logs table's indexes serve each
// filter in (created_at, id) order.

import { SerialTasks } from '../logs/serial-tasks.js';
import { encodeLogRecord } from '../logs/log-record.js';
import { pageOf } from '../logs/log-query.js';
import type { EncodedLogRecord, LogPage, LogQuery, LogRecord, LogStore, NewLogRecord } from '../logs/types.js';
import { DAY_MS, dayKeyOf, isValidTime } from '../logs/utc-day.js';
import type { LogOutbox } from '../redis/log-outbox.js';
import { LogIds } from './log-ids.js';
import { fitted, idOfLine, lineOf, refundOfLine } from './log-lines.js';
import { OutboxAppends } from './outbox-appends.js';
import { OutboxDrain } from './outbox-drain.js';
import { LOG_ORDER, logFilter, recordOfRow } from './log-sql.js';
import type { PostgresClient } from './pool.js';
import { STATS_ROLLUP } from './stats-store.js';

export interface PostgresLogStoreOptions {
  db: PostgresClient;
  /** Whole UTC days to keep; 0 (the default) keeps everything. */
  retentionDays?: number;
  clock?: () => number;
  /** A failed batch (it is sent again) or retention run. */
  onError?: (error: unknown) => void;
  /** How long appended records wait to be sent together (default 100 ms). */
  batchDelayMs?: number;
  /** Records that are sent at once without waiting (default 500). */
  batchRows?: number;
  /** Where the quota ledger keeps the lines of `outboxLine` until this store writes them (server mode). */
  outbox?: LogOutbox;
  /** The record of a call whose reservation a sweep refunded (`reason`: its instance was lost, or its answer), for the ledger's refund lines in the outbox. */
  refunded?: (call: NewLogRecord, amount: number, reason: 'lost' | 'orphan') => NewLogRecord;
}

const MAX_BATCH = 5_000;
const SCAN_BATCH = 1_024;
const MAX_RETRY_MS = 5_000;

export async function openPostgresLogStore(options: PostgresLogStoreOptions): Promise<PostgresLogStore> {
  const store = new PostgresLogStore(options);
  await store.open();
  return store;
}

export class PostgresLogStore implements LogStore {
  private readonly db: PostgresClient;
  private readonly clock: () => number;
  private readonly onError: (error: unknown) => void;
  private readonly delay: number;
  private readonly batchRows: number;
  private readonly ids: LogIds;
  private retentionDays: number;
  /** Appended and not yet written, oldest first. */
  private readonly queue: EncodedLogRecord[] = [];
  /** Records appended while no id block was in hand: numbered, in order, when one arrives. */
  private unnumbered = 0;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private readonly outbox: OutboxDrain | undefined;
  private readonly appends: OutboxAppends | undefined;
  private readonly tasks = new SerialTasks();
  private closed = false;
  private closing: Promise<void> | undefined;
  private counted = { records: 0, days: new Set<number>() };
  private lastDay = '';

  constructor(options: PostgresLogStoreOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.onError = options.onError ?? (() => {});
    this.delay = options.batchDelayMs ?? 100;
    this.batchRows = options.batchRows ?? 500;
    this.retentionDays = checkRetention(options.retentionDays ?? 0);
    this.ids = new LogIds(this.db);
    const { outbox, refunded = (call: NewLogRecord) => ({ ...call, quota: 0 }) } = options;
    const refund = (line: string) => {
      const { call, amount, reason } = refundOfLine(line);
      return this.encode(refunded(call, amount, reason));
    };
    this.outbox = outbox && new OutboxDrain(outbox, { ids: this.ids, send: (lines) => this.send(lines), run: (task) => this.enqueue(task), onError: this.onError, delayMs: this.delay, batchRows: this.batchRows, retryMs: (n) => this.retryMs(n), refund });
    this.appends = outbox && new OutboxAppends(outbox, (lines) => this.outboxGrew(lines), (records) => records.forEach((r) => this.queued(r)));
  }

  async open(): Promise<void> {
    await this.ids.fetch();
    await this.removeExpired(this.now());
    const [{ rows }, days] = await Promise.all([this.db.query<{ n: number }>('SELECT count(*) AS n FROM logs'), this.storedDays()]);
    this.counted = { records: rows[0]!.n, days: new Set(days) };
    this.lastDay = dayKeyOf(this.now());
    this.outbox?.grew(0);
  }

  append(input: NewLogRecord): LogRecord {
    return this.appendEncoded(this.encode(input));
  }

  /** As the embedded store encodes, with every count and time a whole number (the columns are bigint). */
  encode(input: NewLogRecord): EncodedLogRecord {
    if (typeof input !== 'object' || input === null) throw new TypeError('append expects a record object');
    return fitted(encodeLogRecord(input, isValidTime(input.created_at) ? Math.round(input.created_at) : this.now()));
  }

  appendEncoded(given: EncodedLogRecord): LogRecord {
    if (this.closed) throw new Error('the request log store is closed');
    if (this.appends) {
      const encoded = this.numbered(given);
      this.appends.add(encoded, lineOf(encoded));
      return encoded.record;
    }
    const encoded = fitted(given);
    const { record } = encoded;
    record.id = this.unnumbered === 0 ? this.ids.take() : 0;
    this.counted.records++;
    this.counted.days.add(Math.floor(record.created_at / DAY_MS));
    this.queued(encoded);
    return record;
  }

  /** A record (counted, numbered or 0) into the queue written to PostgreSQL. */
  private queued(encoded: EncodedLogRecord): void {
    if (encoded.record.id === 0) this.unnumbered++;
    this.queue.push(encoded);
    // A full batch goes at once, unless sending is failing (then the retry's back-off holds).
    if (!this.timer) this.schedule(this.delay);
    else if (this.queue.length === this.batchRows && this.failures === 0) this.schedule(0);
  }

  /**
   * The record as the line the quota ledger keeps in this store's outbox (see `outbox`),
   * numbered now from the id block in hand (0 without one: numbered when drained).
   */
  outboxLine(given: EncodedLogRecord): string {
    return lineOf(this.numbered(given));
  }

  private numbered(given: EncodedLogRecord): EncodedLogRecord {
    const encoded = fitted(given);
    encoded.record.id = this.ids.take();
    this.counted.records++;
    this.counted.days.add(Math.floor(encoded.record.created_at / DAY_MS));
    return encoded;
  }

  /** `lines` were added to the outbox: drained after batchDelayMs, or at once when batchRows wait. */
  outboxGrew(lines: number): void {
    if (!this.closed) this.outbox?.grew(lines);
  }

  /** Resolves when every record appended so far, and every line in the outbox, is written; rejects with the error that stopped it (the records are kept and sent again). */
  async flush(): Promise<void> {
    await this.appends?.flush();
    const target = this.queue.length;
    await this.enqueue(() => this.write(target));
    await this.outbox?.flush();
  }

  async query(query: LogQuery): Promise<LogPage> {
    await this.settle();
    const { page, pageSize } = pageOf(query ?? {});
    const { where, values } = logFilter(query ?? {});
    const [items, count] = await Promise.all([
      this.db.query(`SELECT * FROM logs WHERE ${where} ${LOG_ORDER} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, values),
      this.db.query<{ n: number }>(`SELECT count(*) AS n FROM logs WHERE ${where}`, values),
    ]);
    return { items: items.rows.map(recordOfRow), total: count.rows[0]!.n, page, page_size: pageSize };
  }

  async scan(query: LogQuery, visit: (records: LogRecord[]) => boolean | void | Promise<boolean | void>): Promise<void> {
    await this.settle();
    const { where, values } = logFilter(query ?? {});
    // Keyset pages: each batch starts below the last (created_at, id) handed over.
    let after: [number, number] | undefined;
    for (;;) {
      const next = after ? ` AND (created_at, id) < ($${values.length + 1}, $${values.length + 2})` : '';
      const { rows } = await this.db.query(`SELECT * FROM logs WHERE ${where}${next} ${LOG_ORDER} LIMIT ${SCAN_BATCH}`, after ? [...values, ...after] : values);
      if (rows.length === 0) return;
      const records = rows.map(recordOfRow);
      if ((await visit(records)) === false || rows.length < SCAN_BATCH) return;
      const last = records[records.length - 1]!;
      after = [last.created_at, last.id];
    }
  }

  async get(id: number): Promise<LogRecord | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    await this.settle();
    const { rows } = await this.db.query('SELECT * FROM logs WHERE id = $1', [id]);
    return rows[0] ? recordOfRow(rows[0]) : undefined;
  }

  applyRetention(now?: number): Promise<{ removedDays: string[] }> {
    return this.enqueue(async () => {
      await this.write(this.queue.length).catch(() => undefined);
      return this.removeExpired(isValidTime(now) ? now : this.now());
    });
  }

  setRetentionDays(days: number): void {
    this.retentionDays = checkRetention(days);
  }

  /** What this instance knows: the records and days stored when it opened, plus its own since, less what its retention removed. */
  stats(): { records: number; days: number } {
    return { records: this.counted.records, days: this.counted.days.size };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      clearTimeout(this.timer);
      this.outbox?.stop();
      await this.flush();
    })();
    return this.closing;
  }

  /** Sends what is queued now (for reads: their own writes first); a failure is left to the retries. */
  settle(): Promise<void> {
    return this.flush().catch(() => undefined);
  }

  // ---- writing ----

  private now(): number {
    const t = this.clock();
    return isValidTime(t) ? Math.round(t) : Date.now();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    return this.tasks.run(task);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const target = this.queue.length;
      this.enqueue(() => this.write(target)).catch(() => undefined);
    }, ms);
    this.timer.unref();
  }

  /** Writes batches from the head until `count` records (those queued when asked) are written. */
  private async write(count: number): Promise<void> {
    let left = Math.min(count, this.queue.length);
    try {
      while (left > 0) {
        const batch = this.queue.slice(0, Math.min(left, MAX_BATCH));
        if (this.unnumbered > 0) await this.numberQueued();
        await this.send(batch.map(lineOf));
        this.queue.splice(0, batch.length);
        left -= batch.length;
        this.failures = 0;
      }
    } catch (error) {
      this.failures++;
      this.onError(error);
      if (this.queue.length > 0) this.schedule(this.retryMs(this.failures));
      throw error;
    }
    const today = dayKeyOf(this.now());
    if (today !== this.lastDay) {
      this.lastDay = today;
      await this.removeExpired(this.now()).catch((error: unknown) => this.onError(error));
    }
  }

  /**
   * Inserts a batch. A record PostgreSQL refuses as data or past a limit (none should: encode fits every value)
   * is found by sending the batch's records one by one, and dropped and reported, so that it
   * cannot hold up the log.
   */
  private async send(lines: readonly string[]): Promise<void> {
    try {
      await this.db.query(INSERT_BATCH, [`[${lines.join(',')}]`]);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // 22: the data (a value of the wrong kind); 54: past a limit (an index entry too long). Either is the record's, not the server's.
      if (typeof code !== 'string' || !(code.startsWith('22') || code.startsWith('54'))) throw error;
      if (lines.length === 1) {
        this.onError(new Error(`request log: record ${idOfLine(lines[0]!)} dropped, PostgreSQL refused it: ${(error as Error).message}`));
        return;
      }
    }
    for (const one of lines) await this.send([one]);
  }

  private retryMs(failures: number): number {
    return Math.min(MAX_RETRY_MS, 100 * 2 ** failures);
  }

  /** Gives the records appended without an id theirs, in order, from a block fetched now. */
  private async numberQueued(): Promise<void> {
    for (const { record } of this.queue) {
      if (record.id !== 0) continue;
      let id = this.ids.take();
      if (id === 0) {
        await this.ids.fetch();
        id = this.ids.take();
      }
      record.id = id;
      this.unnumbered--;
    }
  }

  // ---- retention and counts ----

  /** Deletes the UTC days wholly older than the retention (as the embedded store does). */
  private async removeExpired(now: number): Promise<{ removedDays: string[] }> {
    if (this.retentionDays <= 0) return { removedDays: [] };
    const cutoff = now - this.retentionDays * DAY_MS;
    const before = Math.floor(cutoff / DAY_MS) * DAY_MS;
    const { rows } = await this.db.query<{ day: number; n: number }>(
      'WITH gone AS (DELETE FROM logs WHERE created_at < $1 RETURNING created_at) SELECT floor(created_at / 86400000) AS day, count(*) AS n FROM gone GROUP BY 1 ORDER BY 1',
      [before],
    );
    for (const { day, n } of rows) {
      this.counted.days.delete(day);
      this.counted.records -= n;
    }
    return { removedDays: rows.map(({ day }) => dayKeyOf(day * DAY_MS)) };
  }

  /** The UTC day numbers holding records: one index probe per day (a loose index scan), not a pass over every record. */
  private async storedDays(): Promise<number[]> {
    const { rows } = await this.db.query<{ day: number }>(`
      WITH RECURSIVE d(day) AS (
        SELECT floor(min(created_at) / 86400000) FROM logs
        UNION ALL
        SELECT (SELECT floor(created_at / 86400000) FROM logs WHERE created_at >= (d.day + 1) * 86400000 ORDER BY created_at LIMIT 1) FROM d WHERE d.day IS NOT NULL
      ) SELECT day FROM d WHERE day IS NOT NULL`);
    return rows.map((row) => row.day);
  }
}

function checkRetention(days: number): number {
  if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) {
    throw new RangeError(`retentionDays must be a number >= 0, got ${String(days)}`);
  }
  return Math.floor(days);
}

/** Stored records (another store's, keeping their ids) as one JSON array for json_populate_recordset(NULL::logs, …), fitted as `encode` fits. */
export function storedRecordsJson(records: readonly LogRecord[]): string {
  const lines = records.map((record) => {
    const encoded = fitted(encodeLogRecord(record, record.created_at));
    encoded.record.id = record.id;
    return lineOf(encoded);
  });
  return `[${lines.join(',')}]`;
}

/**
 * The batch's records, then the hourly statistics of those inserted (a batch sent twice counts
 * once). Committed with synchronous_commit on whatever the server's setting: the records leave
 * the queue (or the Redis outbox) once PostgreSQL answers, so that answer must mean they are
 * written (with it off, a commit answered in the last few hundred ms is lost when PostgreSQL
 * stops or crashes).
 */
const INSERT_BATCH = `
WITH inserted AS (
  INSERT INTO logs SELECT * FROM json_populate_recordset(NULL::logs, $1::json)
  WHERE (SELECT set_config('synchronous_commit', 'on', true)) = 'on'
  ON CONFLICT (id) DO NOTHING
  RETURNING *
)
${STATS_ROLLUP}`;
