// Opening what the relay keeps, in one of two modes: embedded (a data folder: the state file,
// the quota journal, log and statistics files, secrets in the OS keychain or an encrypted
// file; one instance, guarded by the folder's lock) or server (PostgreSQL and Redis, shared by
// any number of instances; secrets sealed under the installation's key).
import type { ServerModeOptions } from './config/cli-options.js';
import type { AppLogger } from './management/context.js';
import type { SecretBackendChoice } from './secrets/select-secret-store.js';
import type { PlainKeyPolicy, SecretSealer } from './secrets/secret-store.js';
import { quietRepeats } from './quiet-repeats.js';
import { loadSecretKey } from './secrets/secret-key.js';
import { settingsOf } from './settings.js';
import { openEmbeddedStore } from './store/embedded/open.js';
import type { OpenedStore } from './store/opened-store.js';
import type { ServerStoreOptions } from './store/server-ports.js';

export type { OpenedStore } from './store/opened-store.js';

export interface StoreOptions {
  dataDir: string;
  /** Server mode when given. */
  server?: ServerModeOptions & Pick<ServerStoreOptions, 'redisPrefix' | 'lossDetection'>;
  secretBackend?: SecretBackendChoice | 'memory';
  secretSealer?: SecretSealer;
  plainSecretKey?: PlainKeyPolicy;
  log: AppLogger;
}

export function openStore(options: StoreOptions): Promise<OpenedStore> {
  if (options.server) return openServerStore(options.server, options.log);
  return openEmbeddedStore({ ...options, logRetentionDays: (stored) => settingsOf(stored).log_retention_days });
}

/** Server mode's modules (pg, ioredis) are loaded only when it is chosen: an embedded start never pays for them. */
async function openServerStore(server: NonNullable<StoreOptions['server']>, log: AppLogger): Promise<OpenedStore> {
  // Refused before anything is opened when the key is missing or malformed (SecretBackendError says how to make one).
  const key = await loadSecretKey({ keyFile: server.secretKeyFile });
  const storeError = quietRepeats((message) => log.error(message));
  const [{ openServerPorts }, { openSqlSecretStore }, { createPostgresSecretRows }, { postgresAddress }, { redisAddress }] = await Promise.all([
    import('./store/server-ports.js'),
    import('./secrets/sql-secret-store.js'),
    import('./store/postgres/secret-rows.js'),
    import('./store/postgres/pool.js'),
    import('./store/redis/client.js'),
  ]);
  const ports = await openServerPorts({
    databaseUrl: server.databaseUrl,
    redisUrl: server.redisUrl,
    ...(server.redisPrefix === undefined ? {} : { redisPrefix: server.redisPrefix }),
    ...(server.lossDetection === undefined ? {} : { lossDetection: server.lossDetection }),
    secrets: (db) => openSqlSecretStore(createPostgresSecretRows(db), key),
    onError: (error) => storeError(`store: ${(error as Error).message ?? String(error)}`),
  });
  return {
    store: ports,
    secrets: ports.secrets,
    cooldowns: ports.cooldowns,
    secretBackend: ports.secrets.backend,
    keychainUnavailable: undefined,
    where: `PostgreSQL ${postgresAddress(server.databaseUrl)}, Redis ${redisAddress(server.redisUrl)}`,
    close: () => ports.close(),
  };
}
