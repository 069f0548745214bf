// The day files open for appending (log-store.ts, Writes): a few at a time, most recently
// used kept, and the repair of a day whose failed write could not be rolled back.

import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { DayState } from './day-file.js';
import { appendFully } from './fs-util.js';
import { ROW_BYTES } from './index-file.js';

/** Day files kept open for writing (normally just today; more while old days are written). */
const MAX_WRITERS = 4;

export interface DayWriter {
  jsonl: FileHandle;
  idx: FileHandle;
  /** Written since its last sync. */
  dirty: boolean;
}

export class DayWriters {
  private readonly writers = new Map<string, DayWriter>();

  /** `onError`: a failed sync when a writer is closed to make room. */
  constructor(private readonly onError: (error: unknown) => void) {}

  /** The day's writer, opened (closing the least recently used beyond MAX_WRITERS) if need be. */
  async open(day: DayState): Promise<DayWriter> {
    const open = this.writers.get(day.key);
    if (open) {
      this.writers.delete(day.key); // most recently used last
      this.writers.set(day.key, open);
      return open;
    }
    while (this.writers.size >= MAX_WRITERS) {
      const oldest = this.writers.keys().next().value as string;
      await this.close(oldest, true);
    }
    const jsonl = await fs.open(day.jsonlPath, 'a');
    let idx: FileHandle;
    try {
      idx = await fs.open(day.idxPath, 'a');
    } catch (error) {
      await jsonl.close();
      throw error;
    }
    const writer: DayWriter = { jsonl, idx, dirty: false };
    this.writers.set(day.key, writer);
    return writer;
  }

  async close(key: string, sync: boolean): Promise<void> {
    const writer = this.writers.get(key);
    if (!writer) return;
    this.writers.delete(key);
    try {
      if (sync && writer.dirty) {
        await writer.jsonl.datasync();
        await writer.idx.datasync();
      }
    } catch (error) {
      this.onError(error);
    } finally {
      await writer.jsonl.close().catch(() => undefined);
      await writer.idx.close().catch(() => undefined);
    }
  }

  async closeAll(): Promise<void> {
    for (const key of [...this.writers.keys()]) await this.close(key, false);
  }

  /** fdatasyncs every file written since its last sync. */
  async syncAll(): Promise<void> {
    for (const writer of this.writers.values()) {
      if (!writer.dirty) continue;
      await writer.jsonl.datasync();
      await writer.idx.datasync();
      writer.dirty = false;
    }
  }

  /** Undoes a failed write; if even that fails, the day is resynced before its next write. */
  async rollback(day: DayState, writer: DayWriter, before: { jsonl: number; idx: number }): Promise<void> {
    try {
      await writer.jsonl.truncate(before.jsonl);
      await writer.idx.truncate(before.idx);
      day.jsonlSize = before.jsonl;
    } catch {
      day.needsResync = true;
      await this.close(day.key, false);
    }
  }
}

/** After a failed rollback: adopt the real .jsonl size, end any partial line, cut extra rows. */
export async function resync(day: DayState, writer: DayWriter): Promise<void> {
  let size = (await writer.jsonl.stat()).size;
  if (size > day.jsonlSize) {
    await appendFully(writer.jsonl, Buffer.from('\n')); // the partial text becomes a skipped line
    size++;
  }
  day.jsonlSize = size;
  if ((await writer.idx.stat()).size !== day.rows * ROW_BYTES) await writer.idx.truncate(day.rows * ROW_BYTES);
  day.needsResync = false;
}
