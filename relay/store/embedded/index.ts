// The embedded store's ports (state file, log files, the OS keychain): one machine, one process.
import type { BodyStore } from '../bodies/types.js';
import type { ChannelStore } from '../channels.js';
import type { GroupStore } from '../groups.js';
import type { LogStore } from '../logs/types.js';
import type { ModelStore } from '../models.js';
import type { StoragePorts } from '../ports.js';
import type { QuotaBook } from '../quota-book.js';
import type { SessionStore } from '../sessions.js';
import type { StateFile } from '../state-file.js';
import type { StatsStore } from '../stats/stats-store.js';
import type { SupplierStore } from '../suppliers.js';
import type { TokenStore } from '../tokens.js';
import type { UserStore } from '../users.js';
import type { VideoTaskStore } from '../video-tasks.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { ReleaseWaiters } from '../release-waiters.js';
import { embeddedAccountLedger, redemptionRepo, topUpRepo } from './accounts.js';
import { embeddedCatalog } from './catalog.js';
import { channelRepo, groupRepo, modelRepo, sessionRepo, settingsRepo, supplierRepo, tokenRepo, userRepo, videoTaskRepo } from './records.js';
import { embeddedQuotaLedger, localChangeFeed, memoryAffinities, memoryLeases, memoryRateCounters } from './shared.js';

/** The state-file stores the server opened, and what it keeps beside them. */
export interface EmbeddedParts {
  state: StateFile;
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenStore;
  channels: ChannelStore;
  groups: GroupStore;
  suppliers: SupplierStore;
  models: ModelStore;
  videoTasks: VideoTaskStore;
  logs: LogStore;
  bodies: BodyStore;
  stats: StatsStore;
  quotaBook: QuotaBook;
  secrets: SecretStore;
}

export function embeddedPorts(parts: EmbeddedParts): StoragePorts {
  const waiting = new ReleaseWaiters();
  return {
    mode: 'embedded',
    users: userRepo(parts.state, parts.users),
    sessions: sessionRepo(parts.sessions),
    tokens: tokenRepo(parts.tokens),
    channels: channelRepo(parts.channels),
    groups: groupRepo(parts.groups),
    suppliers: supplierRepo(parts.suppliers),
    models: modelRepo(parts.models),
    settings: settingsRepo(parts.state),
    videoTasks: videoTaskRepo(parts.videoTasks),
    redemptions: redemptionRepo(parts.state),
    topUps: topUpRepo(parts.state),
    accounts: embeddedAccountLedger(parts.state, () => waiting.wake()),
    secrets: parts.secrets,
    logs: parts.logs,
    bodies: parts.bodies,
    stats: parts.stats,
    // A call's record reaches the log (and the statistics) once its settlement or refund is journaled.
    quota: embeddedQuotaLedger(parts.state, parts.quotaBook, (log) => parts.stats.record(parts.logs.appendEncoded(log)), waiting),
    counters: memoryRateCounters(),
    leases: memoryLeases(),
    affinities: memoryAffinities(),
    changes: localChangeFeed(),
    catalog: embeddedCatalog(parts),
    // The server closes the state file, logs and statistics itself, in its shutdown order.
    close: async () => {},
  };
}
