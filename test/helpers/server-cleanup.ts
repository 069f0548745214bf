// Removing what a test made on the shared test servers: its database, its Redis keys. No vitest
// here: the reliability project's global teardown (the secret sweep) removes them too.
import { Redis } from 'ioredis';
import pg from 'pg';

/** Runs one statement as the server's superuser (`adminUrl`: its `postgres` database). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops the database `databaseUrl` names; FORCE: a pool left open must not keep it alive. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  await adminQuery(admin.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Deletes every key of `prefix`. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
