import type { LogOutbox } from '../redis/log-outbox.js';
import type { LogIds } from './log-ids.js';
import type { EncodedLogRecord } from '../logs/types.js';
import { REFUND_LINE, UNNUMBERED_LINE, lineOf, numbered } from './log-lines.js';

// How the PostgreSQL log store (log-store.ts) writes an instance's Redis outbox of log lines
// (redis/log-outbox.ts): a claimed batch is inserted (idempotent by id), then its claim
// dropped; a failed insert leaves the claim, written again after a back-off. Lines not
// numbered yet (no id block was in hand), and refund lines (REFUND_LINE: made records by
// `refund`), are numbered in the claim before the insert, so that whoever writes it (this
// instance again, or another after a sweep) writes the same ids.

/** Most outbox lines claimed at once (each claim one script: keeps Redis responsive). */
const OUTBOX_BATCH = 2_000;

export interface OutboxDrainOptions {
  ids: LogIds;
  /** Inserts lines into the logs table (and their statistics), once each by id. */
  send(lines: readonly string[]): Promise<void>;
  /** Runs a task after the log store's others (one at a time). */
  run(task: () => Promise<void>): Promise<void>;
  onError(error: unknown): void;
  delayMs: number;
  batchRows: number;
  retryMs(failures: number): number;
  /** The record of a refund line (REFUND_LINE). */
  refund(line: string): EncodedLogRecord;
}

export class OutboxDrain {
  /** Lines known to be in the outbox and not written (an estimate: to send full batches at once). */
  private waiting = 0;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly outbox: LogOutbox,
    private readonly options: OutboxDrainOptions,
  ) {}

  /** `lines` were added: drained after delayMs, or at once when batchRows wait. */
  grew(lines: number): void {
    this.waiting += lines;
    if (this.stopped) return;
    if (!this.timer) this.schedule(this.failures > 0 ? this.options.retryMs(this.failures) : this.options.delayMs);
    else if (this.waiting >= this.options.batchRows && this.failures === 0) this.schedule(0);
  }

  /** Writes what the outbox holds now, with the lines of closes this instance has queued. */
  async flush(): Promise<void> {
    await this.outbox.pending();
    await this.options.run(() => this.drain(true));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Writes claimed batches: until the outbox is empty (`all`), else until a claim is not full. */
  private async drain(all: boolean): Promise<void> {
    try {
      for (;;) {
        const claimed = await this.outbox.claim(OUTBOX_BATCH);
        if (claimed.length === 0) break;
        let lines = claimed;
        if (claimed.some((line) => line.startsWith(UNNUMBERED_LINE) || line.startsWith(REFUND_LINE))) {
          lines = await this.numbered(claimed);
          if (!(await this.outbox.replace(claimed[0]!, lines))) continue; // taken over meanwhile: claim afresh
        }
        await this.options.send(lines);
        await this.outbox.done();
        this.waiting = Math.max(0, this.waiting - claimed.length);
        this.failures = 0;
        // What came meanwhile waits for the next turn (one insert per batchDelayMs, not one per insert's time).
        if (!all && claimed.length < OUTBOX_BATCH) {
          if (this.waiting > 0 && !this.timer && !this.stopped) this.schedule(this.options.delayMs);
          break;
        }
      }
    } catch (error) {
      this.failures++;
      this.options.onError(error);
      if (!this.stopped) this.schedule(this.options.retryMs(this.failures));
      throw error;
    }
  }

  private async numbered(lines: readonly string[]): Promise<string[]> {
    const { ids } = this.options;
    const out: string[] = [];
    for (const line of lines) {
      const refund = line.startsWith(REFUND_LINE);
      if (!refund && !line.startsWith(UNNUMBERED_LINE)) {
        out.push(line);
        continue;
      }
      let id = ids.take();
      if (id === 0) {
        await ids.fetch();
        id = ids.take();
      }
      if (!refund) out.push(numbered(line, id));
      else {
        const encoded = this.options.refund(line);
        encoded.record.id = id;
        out.push(lineOf(encoded));
      }
    }
    return out;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.options.run(() => this.drain(false)).catch(() => undefined);
    }, ms);
    this.timer.unref();
  }
}
