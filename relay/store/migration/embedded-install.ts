import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readEmbeddedSecrets } from '../../secrets/read-embedded-secrets.js';
import type { openKeychainSecretStore } from '../../secrets/keychain-store.js';
import { dataDirHolder } from '../data-dir-lock.js';
import { ROW_BYTES } from '../logs/index-file.js';
import { parseRecord } from '../logs/log-record.js';
import { readLastId } from '../logs/meta-file.js';
import type { LogRecord } from '../logs/types.js';
import { isDayKey } from '../logs/utc-day.js';
import { readJournalEntries } from '../quota-journal.js';
import { CURRENT_SCHEMA_VERSION } from '../schema.js';
import { migrations } from '../state-migrations.js';
import type { State } from '../schema.js';
import { readStatsDayFile, statsDayOfFile } from '../stats/stats-store.js';
import type { StatsRow } from '../stats/stats-store.js';

// An embedded install (a stopped relay's data folder) as `migrate` copies it, read without
// changing a byte: the state file parsed (and brought to the current schema in memory only),
// the secrets from the backend the state records, the request log's day files line by line,
// the statistics' day files. Nothing here takes the folder's lock or opens a store that
// would repair, index or create files.

/** A refusal `migrate` prints as it is: nothing was copied. */
export class MigrationRefused extends Error {}

export interface EmbeddedInstall {
  dataDir: string;
  state: State;
  /** name → value. */
  secrets: Map<string, string>;
  /** The highest log id handed out (meta.json or the records). */
  lastLogId: number;
  stats: StatsRow[];
}

export async function readEmbeddedInstall(dataDir: string, options: { keychain?: typeof openKeychainSecretStore } = {}): Promise<EmbeddedInstall> {
  const stateFile = join(dataDir, 'state.json');
  let text: string;
  try {
    text = await readFile(stateFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new MigrationRefused(`There is no embedded install in ${dataDir}: it has no state.json. Give the relay's data folder with --data-dir.`);
  }
  const pid = await dataDirHolder(dataDir);
  if (pid !== undefined) throw new MigrationRefused(`A relay (pid ${pid}) is running on ${dataDir}. Stop it first: migrate copies a stopped install.`);
  const state = currentState(stateFile, text);
  const unapplied = readJournalEntries(dataDir).filter((entry) => entry.seq > state.ledger_seq).length;
  if (unapplied > 0) {
    throw new MigrationRefused(
      `The relay on ${dataDir} did not stop cleanly: its quota journal holds ${unapplied} change(s) the state file lacks. Start it once and stop it (it settles them), then migrate.`,
    );
  }
  const secrets = await readEmbeddedSecrets({ dataDir, recorded: state.secret_backend, instanceId: state.instance_id, keychain: options.keychain });
  return { dataDir, state, secrets, lastLogId: await readLastId(join(dataDir, 'logs')), stats: await readStats(join(dataDir, 'stats')) };
}

/** The state at the current schema; an older file is migrated in memory only (StateFile would write it and a backup). */
function currentState(file: string, text: string): State {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new MigrationRefused(`The state file ${file} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new MigrationRefused(`The state file ${file} does not hold a JSON object.`);
  const from = typeof data.schema_version === 'number' ? data.schema_version : 0;
  if (from > CURRENT_SCHEMA_VERSION) throw new MigrationRefused(`The state file ${file} was written by a newer Relaydesk (schema ${from}; this version knows up to ${CURRENT_SCHEMA_VERSION}). Update Relaydesk.`);
  for (let version = from + 1; version <= CURRENT_SCHEMA_VERSION; version++) {
    migrations[version]!(data);
    data.schema_version = version;
  }
  return data as unknown as State;
}

async function readStats(dir: string): Promise<StatsRow[]> {
  const rows: StatsRow[] = [];
  for (const name of (await namesIn(dir)).sort()) {
    const day = statsDayOfFile(name);
    if (!day) continue;
    try {
      rows.push(...(await readStatsDayFile(join(dir, name), day)));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      throw new MigrationRefused(`The usage statistics file ${join(dir, name)} is damaged (${error.message}); the relay would set it aside at its next start.`);
    }
  }
  return rows;
}

/**
 * Hands the request log's records to `visit` in batches of up to `batchSize`, oldest day
 * first, in each day's file order. A day whose complete lines and index rows disagree was
 * left by a crash (the relay repairs it at its next start): refused.
 */
export async function readLogBatches(dataDir: string, batchSize: number, visit: (records: LogRecord[]) => Promise<void>): Promise<void> {
  const dir = join(dataDir, 'logs');
  const days = (await namesIn(dir)).filter((name) => name.endsWith('.jsonl') && isDayKey(name.slice(0, -'.jsonl'.length))).sort();
  let batch: LogRecord[] = [];
  for (const name of days) {
    let count = 0;
    const lines = createInterface({ input: createReadStream(join(dir, name)), crlfDelay: Infinity });
    for await (const line of lines) {
      const record = parseRecord(line);
      if (!record) continue;
      count++;
      batch.push(record);
      if (batch.length >= batchSize) {
        await visit(batch);
        batch = [];
      }
    }
    const indexed = await stat(join(dir, `${name.slice(0, -'.jsonl'.length)}.idx`)).then(
      (info) => info.size / ROW_BYTES,
      () => 0,
    );
    if (indexed !== count) {
      throw new MigrationRefused(
        `The request log day ${join(dir, name)} holds ${count} records and its index ${indexed}: the relay did not stop cleanly. Start it once and stop it (it repairs the day), then migrate.`,
      );
    }
  }
  if (batch.length > 0) await visit(batch);
}

async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}
