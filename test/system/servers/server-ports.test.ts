// The server store (PostgreSQL + Redis) through the storage ports: the same contract as the embedded store.
import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { parseSecretKey } from '../../../relay/secrets/secret-key.js';
import { openSqlSecretStore } from '../../../relay/secrets/sql-secret-store.js';
import { createPostgresSecretRows } from '../../../relay/store/postgres/secret-rows.js';
import { openServerPorts } from '../../../relay/store/server-ports.js';
import { freshDatabase, freshRedisPrefix } from '../../helpers/server-db.js';
import { storagePortsContract } from '../../helpers/storage-ports-contract.js';

describe('server storage ports (PostgreSQL + Redis)', () => {
  storagePortsContract(async () => {
    const redis = freshRedisPrefix();
    const key = parseSecretKey(randomBytes(32).toString('hex'), 'the test');
    const ports = await openServerPorts({
      databaseUrl: await freshDatabase(),
      redisUrl: redis.url,
      redisPrefix: redis.prefix,
      secrets: (db) => openSqlSecretStore(createPostgresSecretRows(db), key),
    });
    return Object.assign(ports, { dispose: () => ports.close(), settled: () => ports.syncCounters() });
  });
});
