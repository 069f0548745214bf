import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_DATABASE_VERSION, migrate } from '../../../relay/store/postgres/migrations.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { freshDatabase } from '../../helpers/server-db.js';

// Schema migrations against a real PostgreSQL server (test/system/servers-setup.ts).

const clients: PostgresClient[] = [];
function connect(url: string): PostgresClient {
  const client = new PostgresClient(url);
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function tables(db: PostgresClient): Promise<string[]> {
  const { rows } = await db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  return rows.map((row) => row.tablename);
}

describe('PostgreSQL schema migrations', () => {
  it('creates every table of a new database, and running again changes nothing', async () => {
    const db = connect(await freshDatabase());
    expect(await migrate(db)).toEqual({ from: 0, to: CURRENT_DATABASE_VERSION });
    const created = await tables(db);
    expect(created).toEqual(
      expect.arrayContaining(['users', 'sessions', 'tokens', 'channels', 'groups', 'suppliers', 'models', 'settings', 'video_tasks', 'quota_reservations', 'secrets', 'logs', 'stats_hourly', 'redemption_codes', 'top_ups', 'schema_migrations']),
    );
    await db.query("INSERT INTO groups (name, created_at, updated_at) VALUES ('default', 1, 1)");
    expect(await migrate(db)).toEqual({ from: CURRENT_DATABASE_VERSION, to: CURRENT_DATABASE_VERSION });
    expect(await tables(db)).toEqual(created);
    expect((await db.query('SELECT name FROM groups')).rows).toEqual([{ name: 'default' }]);
    expect((await db.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual(Array.from({ length: CURRENT_DATABASE_VERSION }, (_, i) => ({ version: i + 1 })));
  });

  it('migrates once when three instances start at the same time', async () => {
    const url = await freshDatabase();
    const results = await Promise.all([connect(url), connect(url), connect(url)].map((db) => migrate(db)));
    expect(results.filter((r) => r.from === 0)).toHaveLength(1);
    expect(results.filter((r) => r.from === CURRENT_DATABASE_VERSION)).toHaveLength(2);
    const db = connect(url);
    expect((await db.query('SELECT count(*) AS n FROM schema_migrations')).rows).toEqual([{ n: CURRENT_DATABASE_VERSION }]);
  });

  it('refuses a database of a newer version, saying so, and leaves it as it was', async () => {
    const db = connect(await freshDatabase());
    await migrate(db);
    await db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)");
    await expect(migrate(db)).rejects.toThrow(new RegExp(`was written by a newer Relaydesk \\(schema 99; this version knows up to ${CURRENT_DATABASE_VERSION}\\)`));
    expect((await db.query('SELECT max(version) AS v FROM schema_migrations')).rows).toEqual([{ v: 99 }]);
  });

  it('leaves the database as it was when a migration fails', async () => {
    const db = connect(await freshDatabase());
    const broken = [
      { version: 1, name: 'one table', sql: 'CREATE TABLE first_table (id int)' },
      { version: 2, name: 'a typo', sql: 'CREATE TABLEE second_table (id int)' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow(/syntax error/);
    expect(await tables(db)).toEqual([]);
  });

  it('names the server, never the password, when it cannot connect', async () => {
    const db = connect('postgres://relay:hunter2-secret@127.0.0.1:1/relaydesk');
    const error = await migrate(db).then(() => undefined, (e: Error) => e);
    expect(error?.message).toMatch(/PostgreSQL at 127\.0\.0\.1:1\/relaydesk is unavailable/);
    expect(error?.message).not.toContain('hunter2');
  });
});
