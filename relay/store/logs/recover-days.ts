// The day files as a crash may have left them, repaired when the store opens (log-store.ts):
// for each day the .idx is cut to whole rows, rows whose line is missing or does not hold
// that record are dropped from the end, complete .jsonl lines without rows are indexed, and
// a torn last line is cut. If an index row names a model id the dictionary lacks
// (dictionary lost), every index is rebuilt from the .jsonl files.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type DayState, clearIndex, indexTail, summarize, trimIndex } from './day-file.js';
import { removeIfExists } from './fs-util.js';
import { META_FILE } from './meta-file.js';
import type { ModelDictionary } from './model-dictionary.js';
import { isDayKey } from './utc-day.js';

/** The days of `dir`, oldest first, repaired; empty days and stray files (an .idx alone, a half-written meta) are removed. */
export async function recoverDays(dir: string, dictionary: ModelDictionary): Promise<DayState[]> {
  const jsonlKeys = new Set<string>();
  const idxKeys: string[] = [];
  for (const name of await fs.readdir(dir)) {
    const ext = path.extname(name);
    const key = name.slice(0, -ext.length);
    if (ext === '.jsonl' && isDayKey(key)) jsonlKeys.add(key);
    else if (ext === '.idx' && isDayKey(key)) idxKeys.push(key);
    else if (name === `${META_FILE}.tmp`) await removeIfExists(path.join(dir, name));
  }
  for (const key of idxKeys) if (!jsonlKeys.has(key)) await removeIfExists(path.join(dir, `${key}.idx`));

  const states: DayState[] = [];
  const tails = new Map<DayState, number>();
  for (const key of [...jsonlKeys].sort()) {
    const day = await trimIndex(dir, key);
    tails.set(day, await summarize(day));
    states.push(day);
  }
  if (states.some((day) => day.maxModel >= dictionary.size)) {
    // Rows name models the dictionary does not have: ids cannot be trusted. Rebuild all.
    await dictionary.reset();
    for (const day of states) {
      await clearIndex(day);
      tails.set(day, 0);
    }
  }
  const days: DayState[] = [];
  for (const day of states) {
    await indexTail(day, tails.get(day) ?? 0, dictionary);
    if (day.rows === 0 && day.jsonlSize === 0) {
      await removeIfExists(day.jsonlPath);
      await removeIfExists(day.idxPath);
      continue;
    }
    days.push(day);
  }
  return days;
}
