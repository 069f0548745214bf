import type pg from 'pg';
import type { SealedRow, SecretRowAccess, SecretRows } from '../../secrets/secret-rows.js';
import type { PostgresClient } from './pool.js';

// The `secrets` table (name primary key, sealed text): sealed values only, never a plain
// secret or the key (relay/secrets/sql-secret-store.ts seals and opens them).

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

export function createPostgresSecretRows(db: PostgresClient): SecretRows {
  return {
    ...rowsOn((text, values) => db.query(text, values)),
    transaction: (work) =>
      db.transaction(async (client) => {
        // Writers (a relay setting a channel key) wait for the commit; readers keep the committed values.
        await client.query('LOCK TABLE secrets IN EXCLUSIVE MODE');
        return work(rowsOn((text, values) => client.query(text, values)));
      }),
  };
}

function rowsOn(query: Query): SecretRowAccess {
  return {
    async get(name) {
      const { rows } = await query('SELECT sealed FROM secrets WHERE name = $1', [name]);
      return (rows[0]?.sealed as string | undefined) ?? null;
    },
    async put(name, sealed) {
      await query('INSERT INTO secrets (name, sealed) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET sealed = EXCLUDED.sealed', [name, sealed]);
    },
    async delete(name) {
      return ((await query('DELETE FROM secrets WHERE name = $1', [name])).rowCount ?? 0) > 0;
    },
    async list() {
      return (await query('SELECT name, sealed FROM secrets ORDER BY name')).rows as SealedRow[];
    },
  };
}
