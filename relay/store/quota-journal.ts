// The quota journal: a write-ahead log of every reservation, settlement and refund.
//
// Why: the counters in state.json are written within a second of a change and the call's log
// record ~20 ms after it, so a crash used to lose open reservations (never refunded), leave the
// counters behind the logs, or lose a log record. Each change is now appended here before the
// counters change in memory; a settlement carries the call's log record as it will be appended.
//
// When an entry reaches the file (group commit): every entry of an event-loop turn is written
// at its end in one synchronous write, or sooner with any state or log write (the state's
// `beforeWrite`, the log store's `beforeWrite`), a rotation or a close. A reservation counts
// at once in memory (the next call's check sees it) but its call waits for that write before
// going upstream; should the write fail, the reservation is refused and undone. A write costs
// ~8 µs here (ext4 updates the file's times through its own journal): one write for all the
// calls of a turn, instead of one per call, is most of the journal's cost per call.
// What a process crash (SIGKILL) can lose: nothing of a call that goes upstream (its
// reservation is on disk before the upstream is asked); a settlement or refund of the last
// event-loop turn, whose call is then refunded at the next start with its record (the client
// may have had its answer by then: that call is free); never a log record without its entry,
// nor counters ahead of the journal. For power loss the journal is fsynced before each state
// write, so the state on disk is never ahead of the journal on disk.
//
// On disk (the data folder): `quota-journal.jsonl`, one JSON entry per line, and while a
// rotation runs `quota-journal.old.jsonl`. State.json holds the checkpoint: `ledger_seq`, the
// last entry whose effect its counters include, and the open reservations. A rotation starts a
// new file, waits until state and logs are durable past the old one, then deletes it; at start
// the relay replays what the state lacks (quota-recovery.ts) and empties the journal.

import { closeSync, existsSync, fdatasync, fdatasyncSync, ftruncateSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { EncodedLogRecord, NewLogRecord } from './logs/types.js';
import type { BudgetMark } from './schema.js';

export type QuotaEntry =
  /** Quota held for a call; the entry's `seq` is the reservation's id. */
  | { seq: number; op: 'reserve'; user_id: number; token_id: number; amount: number; token_limited: boolean; call: NewLogRecord; budgets?: BudgetMark[] }
  /** The call was served: its real cost, the channel that served it and its log record. */
  | { seq: number; op: 'settle'; id: number; cost: number; channel_id: number; log: NewLogRecord }
  /** The call failed (or never finished): the whole reservation goes back. */
  | { seq: number; op: 'refund'; id: number; log?: NewLogRecord };

/**
 * An entry to append. A settlement's or refund's log record comes encoded by the log store:
 * the journal writes that text as it is, and the log appends it later without serialising
 * the record again.
 */
export type NewQuotaEntry =
  | Omit<Extract<QuotaEntry, { op: 'reserve' }>, 'seq'>
  | { op: 'settle'; id: number; cost: number; channel_id: number; log: EncodedLogRecord }
  | { op: 'refund'; id: number; log?: EncodedLogRecord };

const FILE = 'quota-journal.jsonl';
const OLD_FILE = 'quota-journal.old.jsonl';
/**
 * A journal this big is rotated (about 10 000 calls). A rotation makes state and logs durable
 * (the checkpoint): at 1 MB that was every second or so under load, a few µs a call; the
 * start-up replay reads at most two such files, a fraction of a second.
 */
const ROTATE_BYTES = 8 << 20;
/** After a failed rotation, the next try waits this long. */
const RETRY_MS = 10_000;

export interface QuotaJournalOptions {
  rotateBytes?: number;
  onError?: (error: Error) => void;
}

export class QuotaJournal {
  private fd: number;
  private bytes: number;
  private nextSeq = 1;
  private hasOld: boolean;
  private unsynced = false;
  private torn = false;
  private syncing: Promise<void> = Promise.resolve();
  private rotating: Promise<void> | undefined;
  private retryAt = 0;
  private checkpoint: (() => Promise<void>) | undefined;
  private closed = false;
  /** Entries not written yet, in order: their lines, and a reservation's waiting call. */
  private pending: PendingLine[] = [];
  private commitScheduled = false;
  /** Bytes of `text` the last failed write got into the file. */
  private lastWritten = 0;

  private constructor(
    private readonly dir: string,
    private readonly options: QuotaJournalOptions,
  ) {
    this.hasOld = existsSync(join(dir, OLD_FILE));
    this.fd = openSync(join(dir, FILE), 'a', 0o600);
    this.bytes = readSize(join(dir, FILE));
  }

  /** Opens the journal of `dir` and answers the entries it holds, oldest first. */
  static open(dir: string, options: QuotaJournalOptions = {}): { journal: QuotaJournal; entries: QuotaEntry[] } {
    const journal = new QuotaJournal(dir, options);
    const entries = readJournalEntries(dir);
    // A line torn by a crash must not swallow the next entry.
    const text = readText(join(dir, FILE));
    if (text && !text.endsWith('\n')) journal.bytes += writeSync(journal.fd, '\n');
    journal.continueAfter(entries.at(-1)?.seq ?? 0);
    return { journal, entries };
  }

  /** Numbers the next entries after `seq` (the state's checkpoint may be ahead of an emptied journal). */
  continueAfter(seq: number): void {
    this.nextSeq = Math.max(this.nextSeq, seq + 1);
  }

  /**
   * What a rotation waits for before deleting the old file: state and logs durable up to the
   * last entry written (the server passes `state.flush()` and `logs.flush()`).
   */
  setCheckpoint(checkpoint: () => Promise<void>): void {
    this.checkpoint = checkpoint;
  }

  /**
   * Appends a settlement or refund and answers it with its number; it is written at the end of
   * this event-loop turn (see above).
   */
  append(entry: Exclude<NewQuotaEntry, { op: 'reserve' }>): QuotaEntry {
    return this.add(entry, undefined);
  }

  /**
   * Appends a reservation: answers it with its number, and `written`, which resolves once it is
   * in the file (at the end of this turn) or rejects if it could not be (then it is not).
   */
  appendReservation(entry: Extract<NewQuotaEntry, { op: 'reserve' }>): { entry: QuotaEntry; written: Promise<void> } {
    let waiting: Waiting | undefined;
    const written = new Promise<void>((resolve, reject) => (waiting = { resolve, reject }));
    return { entry: this.add(entry, waiting), written };
  }

  private add(entry: NewQuotaEntry, waiting: Waiting | undefined): QuotaEntry {
    if (this.closed) throw new Error('the quota journal is closed');
    const seq = this.nextSeq;
    this.pending.push({ text: `${entryJson(seq, entry)}\n`, waiting });
    this.scheduleCommit();
    this.nextSeq++;
    return numbered(seq, entry);
  }

  /**
   * Writes the pending entries (synchronously). If it could not: throws; the reservations not
   * wholly written are refused (their calls' `written` rejects), settlements and refunds stay
   * pending for the next write.
   */
  commit(): void {
    if (this.pending.length === 0 || this.closed) return;
    const lines = this.pending;
    this.pending = [];
    let text = '';
    for (const line of lines) text += line.text;
    try {
      this.write(text);
    } catch (error) {
      this.pending = afterFailedWrite(lines, this.lastWritten, error as Error);
      throw error;
    }
    for (const line of lines) line.waiting?.resolve();
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      try {
        this.commit();
      } catch (error) {
        this.options.onError?.(error as Error); // still pending: the next write tries again
      }
    });
  }

  private write(text: string): void {
    // After a failed write (a full disk) the file may end mid-line: start a line of our own.
    const lead = this.torn ? 1 : 0;
    const buffer = Buffer.from(lead ? `\n${text}` : text, 'utf8');
    let at = 0;
    try {
      while (at < buffer.length) at += writeSync(this.fd, buffer, at);
    } catch (error) {
      this.torn = true;
      this.bytes += at;
      this.lastWritten = Math.max(0, at - lead);
      throw error;
    }
    this.torn = false;
    this.bytes += buffer.length;
    this.unsynced = true;
    if (this.bytes >= (this.options.rotateBytes ?? ROTATE_BYTES)) void this.rotate();
  }

  /** Makes every entry appended so far durable (written, then fdatasync). */
  sync(): Promise<void> {
    try {
      this.commit();
    } catch (error) {
      return Promise.reject(error);
    }
    if (!this.unsynced || this.closed) return this.syncing;
    this.unsynced = false;
    const fd = this.fd;
    this.syncing = this.syncing.catch(() => {}).then(() => new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))));
    return this.syncing;
  }

  /** Resolves once no fdatasync runs, so that the file can be closed. */
  private async syncsDone(): Promise<void> {
    for (let current = this.syncing; ; current = this.syncing) {
      await current.catch(() => {});
      if (current === this.syncing) return;
    }
  }

  /** Starts a new file; the old one is deleted once the checkpoint covers it. */
  rotate(): Promise<void> {
    if (this.rotating || !this.checkpoint || Date.now() < this.retryAt) return this.rotating ?? Promise.resolve();
    const checkpoint = this.checkpoint;
    this.rotating = (async () => {
      try {
        if (!this.hasOld) {
          await this.syncsDone();
          // No await from here to the new file: no entry can fall between the two.
          // The old file's last entries are durable before it is closed: no later sync() reaches it.
          this.commit();
          if (this.unsynced) fdatasyncSync(this.fd);
          closeSync(this.fd);
          renameSync(join(this.dir, FILE), join(this.dir, OLD_FILE));
          this.fd = openSync(join(this.dir, FILE), 'a', 0o600);
          this.bytes = 0;
          this.hasOld = true;
          this.unsynced = false;
        }
        await checkpoint();
        unlinkSync(join(this.dir, OLD_FILE));
        this.hasOld = false;
      } catch (error) {
        this.retryAt = Date.now() + RETRY_MS;
        this.options.onError?.(error as Error);
      } finally {
        this.rotating = undefined;
      }
    })();
    return this.rotating;
  }

  /** Forgets every entry: call only when state and logs are durable past all of them. */
  async reset(): Promise<void> {
    await this.rotating;
    await this.syncsDone();
    for (const line of this.pending.splice(0)) line.waiting?.reject(new Error('the quota journal was reset'));
    ftruncateSync(this.fd);
    this.bytes = 0;
    this.unsynced = false;
    if (this.hasOld) unlinkSync(join(this.dir, OLD_FILE));
    this.hasOld = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.rotating;
    this.commit();
    await this.syncsDone();
    this.closed = true;
    closeSync(this.fd);
  }
}

interface Waiting {
  resolve(): void;
  reject(error: Error): void;
}

interface PendingLine {
  text: string;
  /** A reservation's call, waiting for its line to be in the file. */
  waiting: Waiting | undefined;
}

/**
 * After a write that got `written` bytes of `lines` into the file: a reservation wholly written
 * goes on, the others are refused; settlements and refunds are answered again for the next
 * write (one wholly written is then in the file twice, and read once).
 */
function afterFailedWrite(lines: PendingLine[], written: number, error: Error): PendingLine[] {
  const again: PendingLine[] = [];
  let end = 0;
  for (const line of lines) {
    end += Buffer.byteLength(line.text);
    if (!line.waiting) again.push(line);
    else if (end <= written) line.waiting.resolve();
    else line.waiting.reject(error);
  }
  return again;
}

/** One entry's line, written out by hand: the same JSON as JSON.stringify of `numbered(seq, entry)`. */
function entryJson(seq: number, entry: NewQuotaEntry): string {
  switch (entry.op) {
    case 'reserve':
      return `{"seq":${seq},"op":"reserve","user_id":${num(entry.user_id)},"token_id":${num(entry.token_id)},"amount":${num(entry.amount)},"token_limited":${entry.token_limited === true},"call":${JSON.stringify(entry.call)}${entry.budgets ? `,"budgets":${JSON.stringify(entry.budgets)}` : ''}}`;
    case 'settle':
      return `{"seq":${seq},"op":"settle","id":${num(entry.id)},"cost":${num(entry.cost)},"channel_id":${num(entry.channel_id)},"log":${entry.log.json}}`;
    case 'refund':
      return `{"seq":${seq},"op":"refund","id":${num(entry.id)}${entry.log ? `,"log":${entry.log.json}` : ''}}`;
  }
}

/** A number as JSON writes it. */
function num(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** The entry as written, as the journal answers it (the log records as the log will store them). */
function numbered(seq: number, entry: NewQuotaEntry): QuotaEntry {
  switch (entry.op) {
    case 'reserve':
      return entry.budgets
        ? { seq, op: 'reserve', user_id: entry.user_id, token_id: entry.token_id, amount: entry.amount, token_limited: entry.token_limited, call: entry.call, budgets: entry.budgets }
        : { seq, op: 'reserve', user_id: entry.user_id, token_id: entry.token_id, amount: entry.amount, token_limited: entry.token_limited, call: entry.call };
    case 'settle':
      return { seq, op: 'settle', id: entry.id, cost: entry.cost, channel_id: entry.channel_id, log: entry.log.record };
    case 'refund':
      return entry.log ? { seq, op: 'refund', id: entry.id, log: entry.log.record } : { seq, op: 'refund', id: entry.id };
  }
}

/** The entries the journal files of `dir` hold, oldest first, each once; reads only (migrate looks before it copies). */
export function readJournalEntries(dir: string): QuotaEntry[] {
  // A batch retried after a failed write may be on disk twice: each entry counts once.
  return [OLD_FILE, FILE]
    .flatMap((name) => parseEntries(readText(join(dir, name))))
    .sort((a, b) => a.seq - b.seq)
    .filter((entry, index, sorted) => index === 0 || sorted[index - 1]!.seq !== entry.seq);
}

function readSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** A torn last line (a crash mid-write, or power loss) is skipped: its change never went on. */
function parseEntries(text: string): QuotaEntry[] {
  const entries: QuotaEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const entry = JSON.parse(line) as QuotaEntry;
      if (Number.isSafeInteger(entry?.seq) && (entry.op === 'reserve' || entry.op === 'settle' || entry.op === 'refund')) entries.push(entry);
    } catch {
      // torn
    }
  }
  return entries;
}
