import type { EncodedLogRecord } from '../logs/types.js';

// The settlements and refunds of an instance's ledger (quota-ledger.ts), queued so that they
// ride with the next reservation's script: one Redis round trip per call. When no reservation
// comes within `delayMs`, they are sent on their own. A close that could not be sent (Redis
// down) goes back to the head of the queue and is sent again until it is applied: a close
// applies once either way, since the script skips a reservation closed already.

export interface QueuedClose {
  id: number;
  /** What the call cost; null for a refund. */
  cost: number | null;
  channel: number;
  /** When the key was last used (ms). */
  accessed: number;
  /** The call's log line, kept in Redis with the charge; '' when none (or when `log` is appended after). */
  line: string;
  log?: EncodedLogRecord;
  /** Called once the script applied it: whether it closed the reservation (false: closed before). */
  done(closed: boolean): void;
}

/** Most closes one script carries. */
export const MAX_CLOSES = 100;
const MAX_RETRY_MS = 2_000;

export class CloseQueue {
  private readonly pending: QueuedClose[] = [];
  private readonly sending = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    /** Sends these closes in one script; on failure it hands them to `failed`. */
    private readonly send: (closes: QueuedClose[]) => Promise<unknown>,
    private readonly delayMs: number,
  ) {}

  get size(): number {
    return this.pending.length;
  }

  add(close: QueuedClose): void {
    this.pending.push(close);
    if (!this.timer) this.schedule(this.failures > 0 ? this.backoff() : this.delayMs);
  }

  /** The oldest closes, up to MAX_CLOSES, taken to ride with a script about to be sent. */
  take(): QueuedClose[] {
    return this.pending.splice(0, MAX_CLOSES);
  }

  /** The closes' script fields (see quota-scripts.ts quotaCall). */
  static fields(closes: readonly QueuedClose[]): Array<string | number> {
    const fields: Array<string | number> = [];
    for (const c of closes) fields.push(c.id, c.cost === null ? '' : c.cost, c.channel, c.accessed, c.line);
    return fields;
  }

  applied(): void {
    this.failures = 0;
  }

  /** Their script failed: they go first again, sent after a back-off (or with the next reservation). */
  failed(closes: readonly QueuedClose[]): void {
    if (closes.length === 0) return;
    this.pending.unshift(...closes);
    this.failures++;
    this.schedule(this.backoff());
  }

  /** Sends everything queued now and waits for the scripts on their way; rejects when one fails (the closes stay queued). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.length > 0) await this.track(this.send(this.take()));
    await Promise.all(this.sending);
  }

  /** Stops the timer; what is still queued is answered `done(false)` and dropped (its reservations are swept by the other instances). */
  drop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const close of this.pending.splice(0)) close.done(false);
  }

  /** A script carrying closes, followed by `flush`. */
  track<T>(sent: Promise<T>): Promise<T> {
    this.sending.add(sent);
    const forget = () => void this.sending.delete(sent);
    sent.then(forget, forget);
    return sent;
  }

  private backoff(): number {
    return Math.min(MAX_RETRY_MS, 50 * 2 ** this.failures);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.pending.length > 0) this.track(this.send(this.take())).catch(() => undefined);
      if (this.pending.length > 0) this.schedule(this.failures > 0 ? this.backoff() : 0);
    }, ms);
    this.timer.unref();
  }
}
