import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { parseSecretKey } from '../../relay/secrets/secret-key.js';
import { openSqlSecretStore } from '../../relay/secrets/sql-secret-store.js';
import { createPostgresSecretRows } from '../../relay/store/postgres/secret-rows.js';
import type { ServerStoreOptions } from '../../relay/store/server-ports.js';
import type {} from '../system/servers-setup.js';
import { tempDir } from './temp-dir.js';

// Each test gets its own database on the shared test PostgreSQL server and its own Redis key
// prefix (servers started by test/system/servers-setup.ts), so tests never see each other's
// rows or keys. Like tempDir(), call these in a test or a beforeEach: what they make is
// removed when the test ends.

/** A new, empty database on the test server; answers its URL. Dropped when the test ends. */
export async function freshDatabase(): Promise<string> {
  const admin = inject('databaseUrl');
  const name = `relaydesk_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  // FORCE: a pool the test left open must not keep its database alive.
  onTestFinished(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The test Redis server's URL and a key prefix of this test's own; its keys are deleted when the test ends. */
export function freshRedisPrefix(): { url: string; prefix: string } {
  const url = inject('redisUrl');
  const prefix = `relaydesk-test:${randomBytes(6).toString('hex')}:`;
  onTestFinished(async () => {
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
  });
  return { url, prefix };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What startTestRelay's `server` option takes: a fresh database and Redis prefix, and a secret key in a 0600 file. */
export async function serverModeOptions() {
  const redis = freshRedisPrefix();
  const keyFile = join(await tempDir(), 'relaydesk.key');
  await writeFile(keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  return { databaseUrl: await freshDatabase(), redisUrl: redis.url, redisPrefix: redis.prefix, secretKeyFile: keyFile };
}

/**
 * A server store of this test's own for openServerPorts (several instances may open it): a
 * fresh database and Redis prefix, and a secret key; `redis` for a connection beside it.
 */
export async function freshServerStore(): Promise<{ options: ServerStoreOptions; redis: { url: string; prefix: string }; databaseUrl: string }> {
  const redis = freshRedisPrefix();
  const key = parseSecretKey(randomBytes(32).toString('hex'), 'the test');
  const databaseUrl = await freshDatabase();
  const options: ServerStoreOptions = { databaseUrl, redisUrl: redis.url, redisPrefix: redis.prefix, secrets: (db) => openSqlSecretStore(createPostgresSecretRows(db), key) };
  return { options, redis, databaseUrl };
}
