import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase, freshRedisPrefix } from '../../helpers/server-db.js';

// The throwaway servers of test/system/servers-setup.ts: each test's database and Redis
// prefix are its own.
describe('test servers', () => {
  it('gives each test an empty database of its own', async () => {
    const [a, b] = await Promise.all([freshDatabase(), freshDatabase()]);
    expect(a).not.toBe(b);
    const client = new pg.Client({ connectionString: a });
    await client.connect();
    try {
      await client.query('CREATE TABLE marker (id int)');
      const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'");
      expect(rows[0]?.count).toBe('1');
    } finally {
      await client.end();
    }
    const other = new pg.Client({ connectionString: b });
    await other.connect();
    try {
      const { rows } = await other.query<{ count: string }>("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'");
      expect(rows[0]?.count).toBe('0');
    } finally {
      await other.end();
    }
  });

  it('gives each test a Redis key prefix of its own', async () => {
    const one = freshRedisPrefix();
    const two = freshRedisPrefix();
    expect(one.prefix).not.toBe(two.prefix);
    const redis = new Redis(one.url);
    try {
      await redis.set(`${one.prefix}k`, 'v');
      expect(await redis.get(`${one.prefix}k`)).toBe('v');
      expect(await redis.get(`${two.prefix}k`)).toBeNull();
    } finally {
      redis.disconnect();
    }
  });
});
