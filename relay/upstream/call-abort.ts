/**
 * Aborts what a call is doing when its client leaves: at most one listener at a time (the
 * attempt in progress). Not an EventEmitter or AbortController: one is made on every call,
 * and those cost several times as much to make and to listen to.
 */
export class CallAbort {
  aborted = false;
  reason: unknown;
  private listener: (() => void) | undefined;

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }

  /** Calls `listener` on abort (once); it replaces any listener before. */
  onAbort(listener: () => void): void {
    this.listener = listener;
  }

  offAbort(listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }
}
