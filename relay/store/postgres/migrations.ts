import type { PostgresClient } from './pool.js';
import { SCHEMA_1 } from './schema-1.js';
import { SCHEMA_2 } from './schema-2.js';
import { SCHEMA_3 } from './schema-3.js';
import { SCHEMA_4 } from './schema-4.js';
import { SCHEMA_5 } from './schema-5.js';

// The database's schema, versioned like the state file's (schema.ts): `MIGRATIONS[n - 1]`
// takes a database of version n - 1 to version n. They run at start, all in one transaction
// under an advisory lock, so instances starting together migrate once (the others wait,
// then find nothing to do) and a failed migration leaves the database as it was.
// schema_migrations has one row per version applied.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'the tables of everything the relay keeps', sql: SCHEMA_1 },
  { version: 2, name: 'accounts and money: sign-in factors, invitations, redemption codes and top-ups', sql: SCHEMA_2 },
  { version: 3, name: 'the console language each user chose', sql: SCHEMA_3 },
  { version: 4, name: 'request and response bodies kept with calls, and the keys opted in', sql: SCHEMA_4 },
  { version: 5, name: 'rate limits of keys, users, models and groups; period budgets of keys and users', sql: SCHEMA_5 },
];

export const CURRENT_DATABASE_VERSION = MIGRATIONS.length;

/** pg_advisory_xact_lock's key for schema changes ("RelayDsk" in ASCII). */
const MIGRATION_LOCK = 0x52656c617944736bn;

/** Brings the database to the current version; answers the versions before and after. Refuses a newer database. */
export async function migrate(db: PostgresClient, migrations: readonly Migration[] = MIGRATIONS): Promise<{ from: number; to: number }> {
  const known = migrations.length;
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    const from = rows[0]?.version ?? 0;
    if (from > known) {
      throw new Error(
        `The database at ${db.where} was written by a newer Relaydesk (schema ${from}; this version knows up to ${known}). ` +
          'Update Relaydesk, or restore a backup made before the upgrade.',
      );
    }
    for (const migration of migrations.slice(from)) {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
    }
    return { from, to: Math.max(from, known) };
  });
}
