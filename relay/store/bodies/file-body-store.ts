// The embedded store's call bodies: one small JSON file per call under <data>/bodies/<UTC day>/,
// so a call's bodies are found by name (no scan) and retention deletes whole day folders.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isNotFound } from '../logs/fs-util.js';
import { DAY_MS, dayKeyOf, dayStartOf, isDayKey } from '../logs/utc-day.js';
import type { BodyStore, CallBodies } from './types.js';

/** Request ids are the relay's own (http/request-handler.ts); anything else is refused as a file name. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function fileBodyStore(dir: string): BodyStore {
  const fileOf = (day: string, requestId: string) => path.join(dir, day, `${requestId}.json`);

  const read = async (file: string): Promise<CallBodies | undefined> => {
    try {
      return JSON.parse(await fs.readFile(file, 'utf8')) as CallBodies;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return undefined; // gone, or cut by a crash
      throw error;
    }
  };

  const days = async (): Promise<string[]> => {
    try {
      return (await fs.readdir(dir)).filter(isDayKey).sort().reverse();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  };

  return {
    async put(bodies) {
      if (!SAFE_ID.test(bodies.request_id)) throw new Error(`Not a request id: ${bodies.request_id.slice(0, 40)}`);
      const day = dayKeyOf(bodies.created_at);
      await fs.mkdir(path.join(dir, day), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const file = fileOf(day, bodies.request_id);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, JSON.stringify(bodies));
      await fs.rename(temporary, file);
    },
    async get(requestId, near) {
      if (!SAFE_ID.test(requestId)) return undefined;
      // The record's day, then the day before (a call may end after midnight) and after; without a time, every day.
      const candidates = near === undefined ? await days() : [near, near - DAY_MS, near + DAY_MS].map(dayKeyOf);
      for (const day of candidates) {
        const found = await read(fileOf(day, requestId));
        if (found) return found;
      }
      return undefined;
    },
    async deleteBefore(cutoff) {
      let removed = 0;
      for (const day of await days()) {
        if (dayStartOf(day) + DAY_MS > cutoff) continue;
        await fs.rm(path.join(dir, day), { recursive: true, force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** Not there: no such file, or something other than a folder where the bodies' folder should be. */
function isMissing(error: unknown): boolean {
  return isNotFound(error) || (error as { code?: unknown } | null)?.code === 'ENOTDIR';
}
