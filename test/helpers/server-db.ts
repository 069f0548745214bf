import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject, onTestFinished } from 'vitest';
import { parseSecretKey } from '../../relay/secrets/secret-key.js';
import { openSqlSecretStore } from '../../relay/secrets/sql-secret-store.js';
import { createPostgresSecretRows } from '../../relay/store/postgres/secret-rows.js';
import type { ServerStoreOptions } from '../../relay/store/server-ports.js';
import type {} from '../system/servers-setup.js';
import { leftForSweep } from './secret-sweep.js';
import { adminQuery, deleteRedisPrefix, dropDatabase } from './server-cleanup.js';
import { tempDir } from './temp-dir.js';

// Each test gets its own database on the shared test PostgreSQL server and its own Redis key
// prefix (servers started by test/system/servers-setup.ts), so tests never see each other's
// rows or keys. Like tempDir(), call these in a test or a beforeEach: what they make is
// removed when the test ends.

/**
 * A new, empty database on the test server; answers its URL. Dropped when the test ends (in the
 * reliability project, by the secret sweep once it has searched it).
 */
export async function freshDatabase(): Promise<string> {
  const admin = inject('databaseUrl');
  const name = `relaydesk_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  if (!leftForSweep({ kind: 'database', url: url.toString() })) onTestFinished(() => dropDatabase(url.toString()));
  return url.toString();
}

/** The test Redis server's URL and a key prefix of this test's own; its keys are deleted when the test ends (or by the secret sweep). */
export function freshRedisPrefix(): { url: string; prefix: string } {
  const url = inject('redisUrl');
  const prefix = `relaydesk-test:${randomBytes(6).toString('hex')}:`;
  if (!leftForSweep({ kind: 'redis', url, prefix })) onTestFinished(() => deleteRedisPrefix(url, prefix));
  return { url, prefix };
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
