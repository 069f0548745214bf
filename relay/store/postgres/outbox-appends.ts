import type { EncodedLogRecord } from '../logs/types.js';
import { MAX_PUSH, type LogOutbox } from '../redis/log-outbox.js';

// Records appended to the PostgreSQL log store outside a quota close (calls refused before a
// reservation; a sweep keeps its refunds' in its own script) go to the instance's Redis outbox
// too, so that a killed instance does not lose them: those of one event-loop turn in one push,
// the caller never waiting for it. What Redis cannot take (down, cut off) is handed to `refused`: the store's
// in-memory queue, written to PostgreSQL directly.

export class OutboxAppends {
  private batch: Array<{ line: string; encoded: EncodedLogRecord }> = [];
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly outbox: LogOutbox,
    /** `lines` are in the outbox: to be drained. */
    private readonly pushed: (lines: number) => void,
    private readonly refused: (records: EncodedLogRecord[]) => void,
  ) {}

  /** `line` is `encoded` as the outbox keeps it (numbered). */
  add(encoded: EncodedLogRecord, line: string): void {
    if (this.batch.length === 0) setImmediate(() => void this.send());
    this.batch.push({ line, encoded });
    if (this.batch.length >= MAX_PUSH) void this.send();
  }

  /** Sends what waits now; resolves once every push sent so far is in Redis or handed to `refused`. */
  async flush(): Promise<void> {
    void this.send();
    await Promise.all([...this.sending]);
  }

  private send(): Promise<void> {
    const batch = this.batch.splice(0);
    if (batch.length === 0) return Promise.resolve();
    const sent = this.outbox.push(batch.map((b) => b.line)).then(
      () => this.pushed(batch.length),
      // A push whose answer was lost may be in Redis as well: written once all the same (same ids), unless it was unnumbered.
      () => this.refused(batch.map((b) => b.encoded)),
    );
    this.sending.add(sent);
    void sent.then(() => this.sending.delete(sent));
    return sent;
  }
}
