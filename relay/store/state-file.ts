import { copyFile, readFile } from 'node:fs/promises';
import { Low } from 'lowdb';
import type { Adapter } from 'lowdb';
import { writeFileDurably } from './durable-write.js';
import { CURRENT_SCHEMA_VERSION, emptyState } from './schema.js';
import { migrations as defaultMigrations } from './state-migrations.js';
import type { State } from './schema.js';
import type { Migration } from './state-migrations.js';

export class StateFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`Cannot use the state file ${file}: ${reason}. Relaydesk has not changed it; fix or move it away, then start again.`);
  }
}

/** lowdb adapter: reads strictly (a corrupt file is an error, never "empty"), writes durably. */
class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    private readonly file: string,
    private readonly beforeWrite: () => Promise<void>,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StateFileError(this.file, `it cannot be read (${(error as Error).message})`);
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StateFileError(this.file, `it is not valid JSON (${(error as Error).message})`);
    }
  }

  async write(data: T): Promise<void> {
    // Serialise now, synchronously, so the bytes are the state at the moment the write began.
    const text = JSON.stringify(data, null, 1);
    await this.beforeWrite();
    await writeFileDurably(this.file, text);
  }
}

/** The longest a `touch()` change waits before it is written. */
const DEFER_MS = 1000;

export interface StateFileOptions {
  migrations?: Record<number, Migration>;
  schemaVersion?: number;
  onWriteError?: (error: Error) => void;
  /** Runs before each write, after the state is serialised (the quota journal makes itself durable first). */
  beforeWrite?: () => Promise<void>;
}

/**
 * The one lowdb instance over `state.json`. `update()` changes the state in memory at once
 * and answers a promise that resolves when a write holding that change is durable. All
 * changes made within one tick, and all changes made while a write is running, share the
 * next write: a burst of changes costs one or two writes, not one each.
 */
export class StateFile {
  private inFlight: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private deferred: NodeJS.Timeout | null = null;
  /** Writes started so far: shows coalescing at work (tests, benchmarks). */
  writeCount = 0;
  /**
   * Counts `update()` calls: what is derived from the state (the settings) may be kept while it
   * has not moved. `touch()` (per-call counters) does not count.
   */
  revision = 0;

  private constructor(
    private readonly db: Low<State>,
    readonly file: string,
    private readonly onWriteError: (error: Error) => void,
  ) {}

  static async open(file: string, options: StateFileOptions = {}): Promise<StateFile> {
    const db = new Low<State>(new DurableJsonFile<State>(file, options.beforeWrite ?? (() => Promise.resolve())), emptyState());
    const stored = await db.adapter.read();
    const state = new StateFile(db, file, options.onWriteError ?? (() => {}));
    if (stored === null) {
      await state.update(() => {});
      return state;
    }
    const target = options.schemaVersion ?? CURRENT_SCHEMA_VERSION;
    const from = await migrate(file, stored as unknown as Record<string, unknown>, target, options.migrations ?? defaultMigrations);
    db.data = stored;
    if (from !== target) await state.update(() => {});
    return state;
  }

  get data(): Readonly<State> {
    return this.db.data;
  }

  /** Applies `change` now; the promise resolves once it is on disk. */
  update<R>(change: (data: State) => R): Promise<R> {
    this.revision++;
    const result = change(this.db.data);
    return this.requestWrite().then(() => result);
  }

  /**
   * Applies `change` now and persists it within `DEFER_MS`, together with every other such
   * change: for counters that move on every call (quota, usage), where a durable write per
   * call would cost more than the call. A crash loses at most that window of counters.
   */
  touch(change: (data: State) => void): void {
    change(this.db.data);
    if (this.deferred || this.queued) return; // a write is coming anyway
    this.deferred = setTimeout(() => {
      this.deferred = null;
      void this.requestWrite();
    }, DEFER_MS);
    this.deferred.unref();
  }

  /** Resolves when every change made so far is on disk. */
  flush(): Promise<void> {
    if (this.deferred) {
      clearTimeout(this.deferred);
      this.deferred = null;
      return this.requestWrite();
    }
    return this.queued ?? this.inFlight;
  }

  private requestWrite(): Promise<void> {
    if (this.queued) return this.queued;
    const write = this.inFlight
      .catch(() => {})
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.queued = null; // changes from here on need the next write
        if (this.deferred) {
          clearTimeout(this.deferred); // this write carries the deferred changes too
          this.deferred = null;
        }
        this.writeCount++;
        return this.db.write();
      });
    write.catch((error: Error) => this.onWriteError(error));
    this.queued = write;
    this.inFlight = write;
    return write;
  }
}

async function migrate(
  file: string,
  data: Record<string, unknown>,
  target: number,
  migrations: Record<number, Migration>,
): Promise<number> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new StateFileError(file, 'it does not hold a JSON object');
  }
  const from = typeof data.schema_version === 'number' ? data.schema_version : 0;
  if (!Number.isInteger(from) || from < 0) throw new StateFileError(file, `its schema_version ${String(data.schema_version)} is not valid`);
  if (from > target) {
    throw new StateFileError(file, `it was written by a newer Relaydesk (schema ${from}; this version knows up to ${target}). Update Relaydesk`);
  }
  if (from === target) return from;
  // Keep the file as it was before the first migration touches it.
  await copyFile(file, `${file}.v${from}.bak`);
  for (let version = from + 1; version <= target; version++) {
    const step = migrations[version];
    if (!step) throw new StateFileError(file, `no migration to schema ${version}`);
    step(data);
    data.schema_version = version;
  }
  return from;
}
