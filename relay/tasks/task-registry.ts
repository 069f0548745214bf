/**
 * Background work started from the console (test every channel, …): an in-memory record
 * per run with its progress, so the console can poll it. Lost on restart by design: a
 * task is a run of this process, not a job to resume.
 */

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface TaskView {
  id: number;
  kind: string;
  status: TaskStatus;
  /** 0–100. */
  progress: number;
  done: number;
  total: number;
  /** The user who started it (0: the relay itself). */
  user_id: number;
  created_at: number;
  /** ms; 0 until it runs. */
  started_at: number;
  /** ms; 0 until it ends. */
  finished_at: number;
  /** Why it failed ('' otherwise). */
  error: string;
  /** A one-line outcome once it ends, e.g. "5 passed, 1 failed". */
  result: string;
}

/** The handle the work holds: it moves the task along; readers get copies (`view`). */
export interface Task {
  readonly id: number;
  start(): void;
  /** Another `n` units done (progress follows done/total). */
  advance(n?: number): void;
  succeed(result?: string): void;
  fail(error: string): void;
  view(): TaskView;
}

export interface TaskFilter {
  status?: TaskStatus;
  kind?: string;
  user_id?: number;
}

export interface TaskRegistry {
  create(kind: string, total: number, userId?: number): Task;
  /** Newest first. */
  list(filter?: TaskFilter): TaskView[];
  get(id: number): TaskView | undefined;
  /** The newest queued or running task of this kind, if any. */
  active(kind: string): TaskView | undefined;
  /**
   * Creates a task and runs `work` in the background: the task is running while it runs,
   * succeeded with its answer as the result, failed with the error it throws.
   */
  run(kind: string, total: number, userId: number, work: (task: Task) => Promise<string | void>): TaskView;
}

/** Finished tasks kept for reading back; the oldest finished ones go first. */
const DEFAULT_KEEP = 200;

export function createTaskRegistry(options: { keep?: number; clock?: () => number } = {}): TaskRegistry {
  const keep = options.keep ?? DEFAULT_KEEP;
  const clock = options.clock ?? Date.now;
  const tasks = new Map<number, TaskView>();
  let nextId = 1;

  const prune = () => {
    if (tasks.size <= keep) return;
    for (const [id, task] of tasks) {
      if (tasks.size <= keep) break;
      if (task.status === 'succeeded' || task.status === 'failed') tasks.delete(id);
    }
  };

  const registry: TaskRegistry = {
    create(kind, total, userId = 0) {
      const record: TaskView = {
        id: nextId++,
        kind,
        status: 'queued',
        progress: 0,
        done: 0,
        total: Math.max(0, Math.floor(total)),
        user_id: userId,
        created_at: clock(),
        started_at: 0,
        finished_at: 0,
        error: '',
        result: '',
      };
      tasks.set(record.id, record);
      prune();
      const ended = () => record.status === 'succeeded' || record.status === 'failed';
      const finish = (status: 'succeeded' | 'failed') => {
        record.status = status;
        record.finished_at = clock();
        if (record.started_at === 0) record.started_at = record.finished_at;
      };
      const task: Task = {
        id: record.id,
        start() {
          if (record.status !== 'queued') return;
          record.status = 'running';
          record.started_at = clock();
        },
        advance(n = 1) {
          if (ended()) return;
          record.done = Math.min(record.total, record.done + n);
          record.progress = record.total === 0 ? 0 : Math.floor((record.done / record.total) * 100);
        },
        succeed(result = '') {
          if (ended()) return;
          record.done = record.total;
          record.progress = 100;
          record.result = result;
          finish('succeeded');
        },
        fail(error) {
          if (ended()) return;
          record.error = error.slice(0, 1000);
          finish('failed');
        },
        view: () => ({ ...record }),
      };
      return task;
    },
    list(filter = {}) {
      return [...tasks.values()]
        .filter(
          (t) =>
            (filter.status === undefined || t.status === filter.status) &&
            (filter.kind === undefined || t.kind === filter.kind) &&
            (filter.user_id === undefined || t.user_id === filter.user_id),
        )
        .reverse()
        .map((t) => ({ ...t }));
    },
    get(id) {
      const task = tasks.get(id);
      return task ? { ...task } : undefined;
    },
    active(kind) {
      return registry.list({ kind }).find((t) => t.status === 'queued' || t.status === 'running');
    },
    run(kind, total, userId, work) {
      const task = registry.create(kind, total, userId);
      // Started on the next tick: the caller answers the task id before any work is done.
      setImmediate(() => {
        task.start();
        Promise.resolve()
          .then(() => work(task))
          .then(
            (result) => task.succeed(result ?? ''),
            (error: unknown) => task.fail(error instanceof Error ? error.message : String(error)),
          );
      });
      return task.view();
    },
  };
  return registry;
}
