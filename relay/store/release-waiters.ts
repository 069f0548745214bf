/**
 * Callers waiting for quota to come free (a settlement or refund of this instance), all woken
 * at once: what a quota ledger's `nextRelease` answers.
 */
export class ReleaseWaiters {
  private readonly waiting = new Set<() => void>();

  /** Resolves at the next `wake()`, after `ms`, or when `stop` aborts; leaves no timer or listener behind. */
  next(ms: number, stop?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        stop?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
      stop?.addEventListener('abort', done, { once: true });
      if (stop?.aborted) done();
    });
  }

  wake(): void {
    if (this.waiting.size > 0) for (const wake of [...this.waiting]) wake();
  }
}
