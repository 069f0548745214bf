// Opening the embedded store: the data folder (its lock, the state file, the quota journal and
// what a crash left in it, log and statistics files) and its secrets (the OS keychain or an
// encrypted file), for one instance.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createMemoryCooldowns } from '../../routing/cooldowns.js';
import { createMemorySecretStore } from '../../secrets/memory-store.js';
import { selectSecretStore } from '../../secrets/select-secret-store.js';
import type { SecretBackendChoice } from '../../secrets/select-secret-store.js';
import type { PlainKeyPolicy, SecretSealer } from '../../secrets/secret-store.js';
import { createStateChannelStore } from '../channels.js';
import { lockDataDir } from '../data-dir-lock.js';
import type { DataDirLock } from '../data-dir-lock.js';
import { createStateGroupStore } from '../groups.js';
import { openLogStore } from '../logs/index.js';
import { fileBodyStore } from '../bodies/file-body-store.js';
import type { LogStore } from '../logs/index.js';
import { createStateModelStore } from '../models.js';
import type { OpenedStore, StoreLog } from '../opened-store.js';
import type { SettingValue } from '../ports.js';
import { QuotaBook } from '../quota-book.js';
import { QuotaJournal } from '../quota-journal.js';
import { recoverQuota } from '../quota-recovery.js';
import { createStateSessionStore } from '../sessions.js';
import { StateFile } from '../state-file.js';
import { openStatsStore } from '../stats/index.js';
import type { StatsStore } from '../stats/index.js';
import { createStateSupplierStore } from '../suppliers.js';
import { createStateTokenStore } from '../tokens.js';
import { createStateUserStore } from '../users.js';
import { createStateVideoTaskStore } from '../video-tasks.js';
import { embeddedPorts } from './index.js';

export interface EmbeddedStoreOptions {
  dataDir: string;
  secretBackend?: SecretBackendChoice | 'memory';
  secretSealer?: SecretSealer;
  plainSecretKey?: PlainKeyPolicy;
  log: StoreLog;
  /** Days of request logs kept, from the stored settings (0: all). */
  logRetentionDays: (options: Readonly<Record<string, SettingValue>>) => number;
}

export async function openEmbeddedStore(options: EmbeddedStoreOptions): Promise<OpenedStore> {
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
    logs = await openLogStore({ dir: join(dataDir, 'logs'), retentionDays: options.logRetentionDays(opened.data.options), beforeWrite: () => quotaJournal.commit() });
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
      bodies: fileBodyStore(join(dataDir, 'bodies')),
      stats,
      quotaBook: new QuotaBook(opened, quotaJournal),
      secrets: selected.store,
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
