// The secret sweep's search (test/helpers/secret-sweep.ts records what to search): every secret
// the suite used, searched for with grep -F (thousands of fixed strings at once) in every data
// folder its relays left, a dump of every database and Redis prefix, every relay's output, and
// every management answer that was not a reveal. Then the places are removed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RECORD_FILE, type SweepEntry, type SweptPlace } from '../helpers/secret-sweep.js';
import { deleteRedisPrefix, dropDatabase } from '../helpers/server-cleanup.js';
import { databaseTexts, redisTexts } from './store-texts.js';

export interface SweepResult {
  /** Distinct secret values searched for, and their kinds. */
  secrets: number;
  kinds: string[];
  /** What was searched, by kind: folders, databases, Redis prefixes, outputs, answer files. */
  searched: Record<string, number>;
  /** "<kind> in <file>", one per secret and file. */
  found: string[];
}

export async function readRecord(folder: string): Promise<{ secrets: Map<string, Set<string>>; places: SweptPlace[] }> {
  const secrets = new Map<string, Set<string>>();
  const places: SweptPlace[] = [];
  const file = join(folder, RECORD_FILE);
  const lines = existsSync(file) ? (await readFile(file, 'utf8')).split('\n').filter(Boolean) : [];
  for (const entry of lines.map((line) => JSON.parse(line) as SweepEntry)) {
    if ('place' in entry) places.push(entry.place);
    else secrets.set(entry.value, (secrets.get(entry.value) ?? new Set()).add(entry.secret));
  }
  return { secrets, places };
}

/** Searches everything recorded in `folder` for every secret recorded there (the places stay). */
export async function scanRecorded(folder: string): Promise<SweepResult> {
  const { secrets, places } = await readRecord(folder);
  const searched: Record<string, number> = { folders: 0, databases: 0, 'Redis prefixes': 0, outputs: 0, 'answer files': 0 };
  const paths: string[] = [];
  for (const [n, place] of places.entries()) {
    if (place.kind === 'folder') {
      if (!existsSync(place.path)) continue;
      paths.push(place.path);
      searched.folders!++;
    } else {
      const texts = place.kind === 'database' ? await databaseTexts(place.url).catch(unlessGone) : await redisTexts(place.url, place.prefix);
      if (!texts) continue;
      const dump = join(folder, `dump-${n}-${place.kind}.txt`);
      await writeFile(dump, texts.join('\n'));
      paths.push(dump);
      searched[place.kind === 'database' ? 'databases' : 'Redis prefixes']!++;
    }
  }
  for (const name of await readdir(folder)) {
    if (name.startsWith('output-')) searched.outputs!++;
    else if (name.startsWith('answers-')) searched['answer files']!++;
    else continue;
    paths.push(join(folder, name));
  }
  const kinds = [...new Set([...secrets.values()].flatMap((k) => [...k]))].sort();
  const hits = await grepFixed([...secrets.keys()], paths, folder);
  const found = [...new Set(hits.map(({ file, match }) => `${[...(secrets.get(match) ?? ['?'])].join('/')} in ${file}`))];
  return { secrets: secrets.size, kinds, searched, found };
}

/** A database a test dropped itself (PostgreSQL's 3D000) is not searched: nothing is left in it. */
const unlessGone = (error: { code?: string }): undefined => {
  if (error.code === '3D000') return undefined;
  throw error;
};

/** grep -F of every pattern in every path (folders recursively): the files and the strings matched. */
async function grepFixed(patterns: string[], paths: string[], folder: string): Promise<Array<{ file: string; match: string }>> {
  if (patterns.length === 0 || paths.length === 0) return [];
  const patternFile = join(folder, 'patterns.txt'); // not among the paths searched
  await writeFile(patternFile, patterns.join('\n'));
  const output = await new Promise<string>((resolve, reject) => {
    execFile('grep', ['-rFoaZ', '-f', patternFile, '--', ...paths], { maxBuffer: 256 * 1024 * 1024, encoding: 'latin1' }, (error, stdout, stderr) => {
      // 1: nothing found; 2: trouble (a file that went away, a path unreadable).
      if (error && (error as { code?: number }).code !== 1) reject(new Error(`grep failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
  const utf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [file, match] = line.split('\0') as [string, string];
      return { file: utf8(file), match: utf8(match) };
    });
}

/** Removes every recorded place (folders, databases, Redis keys), then the sweep's own folder. */
export async function removeRecorded(folder: string): Promise<void> {
  const { places } = await readRecord(folder);
  for (const place of places) {
    if (place.kind === 'folder') await rm(place.path, { recursive: true, force: true });
    else if (place.kind === 'database') await dropDatabase(place.url);
    else await deleteRedisPrefix(place.url, place.prefix);
  }
  await rm(folder, { recursive: true, force: true });
}
