// Opening what the relay keeps, in one of two modes: embedded (a data folder: the state file,
// the quota journal, log and statistics files, secrets in the OS keychain or an encrypted
// file; one instance, guarded by the folder's lock) or server (PostgreSQL and Redis, shared by
// any number of instances; secrets sealed under the installation's key).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerModeOptions } from './config/cli-options.js';
import type { SecretBackendName } from './management/contract.js';
import type { AppLogger } from './management/context.js';
import { createMemoryCooldowns } from './routing/cooldowns.js';
import type { Cooldowns } from './routing/cooldowns.js';
import { createMemorySecretStore } from './secrets/memory-store.js';
import { loadSecretKey } from './secrets/secret-key.js';
import { selectSecretStore } from './secrets/select-secret-store.js';
import type { SecretBackendChoice } from './secrets/select-secret-store.js';
import type { PlainKeyPolicy, SecretSealer, SecretStore } from './secrets/secret-store.js';
import { readSettings } from './settings.js';
import { createStateChannelStore } from './store/channels.js';
import { lockDataDir } from './store/data-dir-lock.js';
import type { DataDirLock } from './store/data-dir-lock.js';
import { embeddedPorts } from './store/embedded/index.js';
import { createStateGroupStore } from './store/groups.js';
import { openLogStore } from './store/logs/index.js';
import type { LogStore } from './store/logs/index.js';
import { createStateModelStore } from './store/models.js';
import type { StoragePorts } from './store/ports.js';
import { QuotaBook } from './store/quota-book.js';
import { QuotaJournal } from './store/quota-journal.js';
import { recoverQuota } from './store/quota-recovery.js';
import { createStateSessionStore } from './store/sessions.js';
import { StateFile } from './store/state-file.js';
import { openStatsStore } from './store/stats/index.js';
import type { StatsStore } from './store/stats/index.js';
import { createStateSupplierStore } from './store/suppliers.js';
import { createStateTokenStore } from './store/tokens.js';
import { createStateUserStore } from './store/users.js';
import { createStateVideoTaskStore } from './store/video-tasks.js';

export interface StoreOptions {
  dataDir: string;
  /** Server mode when given. */
  server?: ServerModeOptions & { redisPrefix?: string };
  secretBackend?: SecretBackendChoice | 'memory';
  secretSealer?: SecretSealer;
  plainSecretKey?: PlainKeyPolicy;
  log: AppLogger;
}

export interface OpenedStore {
  store: StoragePorts;
  secrets: SecretStore;
  cooldowns: Cooldowns;
  secretBackend: SecretBackendName;
  keychainUnavailable: string | undefined;
  /** Server mode: the servers, as `host:port` (never a password). */
  where: string | undefined;
  /** After the calls in flight ended (`drained`: all of them): everything written, the store closed. */
  close(drained: boolean): Promise<void>;
}

export function openStore(options: StoreOptions): Promise<OpenedStore> {
  return options.server ? openServerStore(options.server, options.log) : openEmbeddedStore(options);
}

/** Server mode's modules (pg, ioredis) are loaded only when it is chosen: an embedded start never pays for them. */
async function openServerStore(server: NonNullable<StoreOptions['server']>, log: AppLogger): Promise<OpenedStore> {
  // Refused before anything is opened when the key is missing or malformed (SecretBackendError says how to make one).
  const key = await loadSecretKey({ keyFile: server.secretKeyFile });
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
    secrets: (db) => openSqlSecretStore(createPostgresSecretRows(db), key),
    onError: (error) => log.error(`store: ${(error as Error).message ?? String(error)}`),
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

async function openEmbeddedStore(options: StoreOptions): Promise<OpenedStore> {
  const { dataDir, log } = options;
  let lock: DataDirLock | undefined;
  let state: StateFile | undefined;
  let logs: LogStore | undefined;
  let stats: StatsStore | undefined;
  let journal: QuotaJournal | undefined;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    lock = await lockDataDir(dataDir);
    state = await StateFile.open(join(dataDir, 'state.json'), {
      onWriteError: (error) => log.error(`state: write failed: ${error.message}`),
      // The state on disk is never ahead of the quota journal on disk.
      beforeWrite: () => journal?.sync() ?? Promise.resolve(),
    });
    const { journal: quotaJournal, entries: journalEntries } = QuotaJournal.open(dataDir, { onError: (error) => log.error(`quota journal: ${error.message}`) });
    journal = quotaJournal;
    const opened = state;
    const selected =
      options.secretBackend === 'memory'
        ? { store: createMemorySecretStore(), migrated: 0, keychainUnavailable: undefined }
        : await selectSecretStore({
            choice: options.secretBackend ?? 'auto',
            recorded: opened.data.secret_backend,
            dataDir,
            instanceId: opened.data.instance_id,
            sealer: options.secretSealer,
            plainKey: options.plainSecretKey,
          });
    if (selected.migrated > 0) log.info(`secrets: moved ${selected.migrated} to the ${selected.store.backend} backend`);
    if (opened.data.secret_backend !== selected.store.backend) {
      await opened.update((data) => {
        data.secret_backend = selected.store.backend;
      });
    }
    // A call's record never reaches the log before its quota journal entry.
    logs = await openLogStore({ dir: join(dataDir, 'logs'), retentionDays: readSettings(opened).log_retention_days, beforeWrite: () => quotaJournal.commit() });
    stats = await openStatsStore({ dir: join(dataDir, 'stats'), onError: (error) => log.error(`stats: ${(error as Error).message}`) });
    // Before any call: what the journal holds and the state lacks, and the calls a crash cut short.
    const recovered = await recoverQuota({ state: opened, logs, stats, journal: quotaJournal, entries: journalEntries });
    if (recovered.refunded > 0 || recovered.restoredLogs > 0) {
      log.info(`quota: ${recovered.refunded} reservation(s) of unfinished calls refunded, ${recovered.restoredLogs} call log(s) restored after an unclean stop`);
    }
    if (recovered.heldByTasks > 0) log.info(`video: ${recovered.heldByTasks} task(s) still running, their quota still reserved`);
    const openedLogs = logs;
    const openedStats = stats;
    quotaJournal.setCheckpoint(async () => {
      await opened.flush();
      await openedLogs.flush();
    });
    const users = createStateUserStore(opened);
    const store = embeddedPorts({
      state: opened,
      users,
      sessions: createStateSessionStore(opened),
      tokens: createStateTokenStore(opened),
      channels: createStateChannelStore(opened, selected.store),
      groups: createStateGroupStore(opened),
      suppliers: createStateSupplierStore(opened),
      models: createStateModelStore(opened),
      videoTasks: createStateVideoTaskStore(opened),
      logs,
      stats,
      quotaBook: new QuotaBook(opened, quotaJournal),
    });
    const dataLock = lock;
    return {
      store,
      secrets: selected.store,
      cooldowns: createMemoryCooldowns(),
      secretBackend: selected.store.backend,
      keychainUnavailable: selected.keychainUnavailable,
      where: undefined,
      async close(drained) {
        const flushed = await Promise.allSettled([opened.flush(), openedLogs.close(), openedStats.close()]);
        // Everything the journal holds is in the state and the logs now, unless a flush failed.
        if (drained && flushed[0].status === 'fulfilled' && flushed[1].status === 'fulfilled') await quotaJournal.reset().catch(() => {});
        await quotaJournal.close();
        await dataLock.release();
      },
    };
  } catch (error) {
    await Promise.allSettled([state?.flush(), logs?.close(), stats?.close(), journal?.close()]);
    await lock?.release();
    throw error;
  }
}
