/**
 * Tasks run one after another, in the order given: a log store's writes, flushes, retention
 * and close never overlap. A failed task rejects its own promise only; the next still runs.
 */
export class SerialTasks {
  private chain: Promise<void> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
