// What a relay left in its store, as text to search: a data folder's files, every row of a
// PostgreSQL database, every Redis key of a prefix (the secrets scenario and the secret sweep).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/** Every file below `dir`, read as bytes (latin1: nothing lost). */
export async function folderTexts(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'latin1')));
}

/** Every row of every table, as JSON; fewer tables than `minTables` is an error (not the database meant). */
export async function databaseTexts(databaseUrl: string, { minTables = 0 } = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(`SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`);
    if (tables.rows.length < minTables) throw new Error(`${tables.rows.length} tables in ${databaseUrl}, expected ${minTables} or more`);
    const texts: string[] = [];
    for (const { table_schema, table_name } of tables.rows) {
      const rows = await client.query(`SELECT row_to_json(t)::text AS row FROM "${table_schema}"."${table_name}" t`);
      texts.push(...rows.rows.map((r) => r.row as string));
    }
    return texts;
  } finally {
    await client.end();
  }
}

/** Every Redis key of `prefix`: its name, its value as read, and its DUMP. */
export async function redisTexts(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const texts: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      for (const key of keys) {
        const type = await redis.type(key);
        const value = type === 'string' ? await redis.get(key) : type === 'hash' ? await redis.hgetall(key) : type === 'list' ? await redis.lrange(key, 0, -1) : type === 'set' ? await redis.smembers(key) : type === 'zset' ? await redis.zrange(key, '0', '-1') : type === 'stream' ? await redis.call('XRANGE', key, '-', '+') : '';
        const dumped = await redis.dumpBuffer(key);
        texts.push(`${key} ${JSON.stringify(value)} ${dumped?.toString('latin1') ?? ''}`);
      }
      cursor = next;
    } while (cursor !== '0');
    return texts;
  } finally {
    redis.disconnect();
  }
}
