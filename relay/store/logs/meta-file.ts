// meta.json: {"version":1,"last_id":N}, rewritten atomically at close and before retention
// deletes days, so ids keep increasing even if every day goes (log-store.ts).

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isNotFound, writeFileAtomic } from './fs-util.js';

const FORMAT_VERSION = 1;
export const META_FILE = 'meta.json';

/** The highest id handed out, as meta.json in `dir` says (0 when it is missing or unreadable). */
export async function readLastId(dir: string): Promise<number> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, META_FILE), 'utf8');
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    return 0; // written atomically, so only a hand edit gets here; the day files still know their ids
  }
  if (typeof meta !== 'object' || meta === null) return 0;
  const { version, last_id: lastId } = meta as { version?: unknown; last_id?: unknown };
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new Error(`request log store at ${dir} has format ${version}; this build reads ${FORMAT_VERSION}`);
  }
  return typeof lastId === 'number' && Number.isSafeInteger(lastId) && lastId > 0 ? lastId : 0;
}

export function writeLastId(dir: string, lastId: number): Promise<void> {
  return writeFileAtomic(path.join(dir, META_FILE), `${JSON.stringify({ version: FORMAT_VERSION, last_id: lastId })}\n`);
}
