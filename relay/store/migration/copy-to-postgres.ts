import type pg from 'pg';
import { sealSecret } from '../../secrets/sealed-secret.js';
import type { SecretKey } from '../../secrets/secret-key.js';
import { BILLING_UNITS } from '../../ir/usage.js';
import { migrate } from '../postgres/migrations.js';
import { storedRecordsJson } from '../postgres/log-store.js';
import type { PostgresClient } from '../postgres/pool.js';
import { quoteName } from '../postgres/record-table.js';
import type { StatsRow } from '../stats/stats-store.js';
import { MigrationRefused, readLogBatches } from './embedded-install.js';
import type { EmbeddedInstall } from './embedded-install.js';
import { verifyCopy } from './verify-copy.js';
import type { CopiedLogs, VerifiedRow } from './verify-copy.js';

// `migrate`: an embedded install copied into an empty PostgreSQL database (schema-1.ts),
// in ONE transaction: records, secrets (re-sealed under the server key), the request log
// (in batches, same transaction), the hourly statistics as they were kept, the identities
// moved past the ids copied; then everything is verified against what was read, and only
// then committed. Any failure rolls it all back: the database keeps its (empty) tables.

const LOG_BATCH = 2_000;
const ROW_BATCH = 500;

/** Every table holding an installation's data: all must be empty before a copy. */
const DATA_TABLES = ['users', 'sessions', 'tokens', 'channels', 'groups', 'suppliers', 'models', 'settings', 'relay_meta', 'quota_reservations', 'video_tasks', 'secrets', 'logs', 'stats_hourly', 'redemption_codes', 'top_ups'];

export interface MigrationResult {
  /** `host:port/database`. */
  where: string;
  schema: { from: number; to: number };
  rows: VerifiedRow[];
}

export async function copyToPostgres(install: EmbeddedInstall, db: PostgresClient, key: SecretKey): Promise<MigrationResult> {
  const schema = await migrate(db);
  const rows = await db.transaction(async (client) => {
    await client.query(`LOCK TABLE ${DATA_TABLES.join(', ')} IN EXCLUSIVE MODE`);
    await refuseUnlessEmpty(client, db.where);
    const { state } = install;
    await insertRecords(client, 'users', state.users);
    await insertRecords(client, 'sessions', state.sessions);
    await insertRecords(client, 'tokens', state.tokens);
    await insertRecords(client, 'channels', state.channels);
    await insertRecords(client, 'groups', state.groups);
    await insertRecords(client, 'suppliers', state.suppliers);
    await insertRecords(client, 'models', state.models);
    await insertRecords(client, 'video_tasks', state.video_tasks);
    await insertRecords(client, 'redemption_codes', state.redemptions);
    await insertRecords(client, 'top_ups', state.top_ups);
    await insertRecords(
      client,
      'quota_reservations',
      Object.entries(state.open_reservations).map(([id, open]) => ({ id: Number(id), ...open, holder: '' })),
    );
    await insertRecords(client, 'relay_meta', [
      { name: 'instance_id', value: state.instance_id },
      { name: 'ledger_seq', value: state.ledger_seq },
      // What the period budgets spent: Redis is seeded from it at the first start.
      { name: 'period_spend', value: Object.entries(state.period_spend ?? {}).map(([key, spend]) => ({ key, period: spend.p, spent: spend.spent })) },
    ]);
    await client.query('INSERT INTO settings (name, value) SELECT key, value FROM jsonb_each($1::jsonb)', [JSON.stringify(state.options)]);
    for (const [name, value] of install.secrets) {
      await client.query('INSERT INTO secrets (name, sealed) VALUES ($1, $2)', [name, sealSecret(key, name, value)]);
    }
    const logs = await copyLogs(client, install);
    await copyStats(client, install.stats);
    await moveIdentities(client, install, logs.maxId);
    return verifyCopy(client, install, key, logs);
  });
  return { where: db.where, schema, rows };
}

async function refuseUnlessEmpty(client: pg.PoolClient, where: string): Promise<void> {
  const counts = (await client.query<Record<string, number>>(`SELECT ${DATA_TABLES.map((t) => `(SELECT count(*) FROM ${t})::bigint AS ${t}`).join(', ')}`)).rows[0]!;
  const held = DATA_TABLES.filter((table) => counts[table]! > 0).map((table) => `${counts[table]} ${table}`);
  if (held.length > 0) {
    throw new MigrationRefused(
      `The database ${where} is not empty (it holds ${held.join(', ')}): migrate copies into an empty database only, so nothing there is overwritten or mixed. Give a new database (CREATE DATABASE …).`,
    );
  }
}

/** The columns of `table` and whether each is json; jsonb/json values go as JSON text, arrays of text as PostgreSQL arrays. */
async function columnsOf(client: pg.PoolClient, table: string): Promise<Map<string, boolean>> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'`,
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row.data_type === 'jsonb' || row.data_type === 'json']));
}

/** Inserts records as they are, ids kept; a field a record lacks takes the column's default. */
async function insertRecords(client: pg.PoolClient, table: string, records: readonly object[]): Promise<void> {
  if (records.length === 0) return;
  const columns = await columnsOf(client, table);
  // Records of one shape go together, ROW_BATCH to a statement.
  const byShape = new Map<string, Array<Record<string, unknown>>>();
  for (const record of records as Array<Record<string, unknown>>) {
    const shape = Object.keys(record).filter((name) => columns.has(name) && record[name] !== undefined).join(',');
    const group = byShape.get(shape);
    if (group) group.push(record);
    else byShape.set(shape, [record]);
  }
  for (const [shape, group] of byShape) {
    const names = shape.split(',');
    for (let start = 0; start < group.length; start += ROW_BATCH) {
      const values: unknown[] = [];
      const tuples = group.slice(start, start + ROW_BATCH).map((record) => {
        const placeholders = names.map((name) => {
          const value = record[name];
          values.push(columns.get(name) && value !== null ? JSON.stringify(value) : value);
          return `$${values.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await client.query(`INSERT INTO ${quoteName(table)} (${names.map(quoteName).join(', ')}) VALUES ${tuples.join(', ')}`, values);
    }
  }
}

async function copyLogs(client: pg.PoolClient, install: EmbeddedInstall): Promise<CopiedLogs> {
  const copied: CopiedLogs = { count: 0, quota: 0, maxId: install.lastLogId };
  await readLogBatches(install.dataDir, LOG_BATCH, async (records) => {
    await client.query('INSERT INTO logs SELECT * FROM json_populate_recordset(NULL::logs, $1::json)', [storedRecordsJson(records)]);
    for (const record of records) {
      copied.count++;
      copied.quota += record.quota;
      if (record.id > copied.maxId) copied.maxId = record.id;
    }
  });
  return copied;
}

/** The hourly rows as the embedded store kept them (not recounted from the logs, which retention may have thinned). */
async function copyStats(client: pg.PoolClient, rows: readonly StatsRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROW_BATCH) {
    const flat = rows.slice(start, start + ROW_BATCH).map(({ units, ...row }) => ({ ...row, ...Object.fromEntries(BILLING_UNITS.map((unit) => [`unit_${unit}`, units[unit] ?? 0])) }));
    await client.query('INSERT INTO stats_hourly SELECT * FROM json_populate_recordset(NULL::stats_hourly, $1::json)', [JSON.stringify(flat)]);
  }
}

/** Identities past the largest id copied and past the state's next ids (ids of deleted records are not handed out again); log ids past the largest log id. */
async function moveIdentities(client: pg.PoolClient, install: EmbeddedInstall, maxLogId: number): Promise<void> {
  const { next_ids: next, ledger_seq } = install.state;
  const floors: Record<string, number> = { users: next.user - 1, tokens: next.token - 1, channels: next.channel - 1, suppliers: next.supplier - 1, models: next.model - 1, redemption_codes: next.redemption - 1, top_ups: next.top_up - 1, quota_reservations: ledger_seq };
  for (const [table, floor] of Object.entries(floors)) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST(COALESCE(max(id), 0), $2::bigint, 1), GREATEST(COALESCE(max(id), 0), $2::bigint) > 0) FROM ${quoteName(table)}`,
      [table, Math.max(0, floor || 0)],
    );
  }
  // Instances take blocks of ids from nextval (log-ids.ts): the next one starts after the largest.
  if (maxLogId > 0) await client.query(`SELECT setval('log_id_blocks', $1, false)`, [maxLogId + 1]);
}
