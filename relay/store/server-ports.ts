// The server store: records, logs and statistics in PostgreSQL; the quota ledger's hot
// counters, rate counters, leases and the change feed in Redis, shared by every instance.
// Redis holds the live quota counters: they are loaded from PostgreSQL when a user or key is
// first seen by this installation's Redis and written back every few seconds (and at close),
// so a user's or key's counters read through the record ports may lag by that much.
import type { SecretStore } from '../secrets/secret-store.js';
import { postgresChannelRepo, postgresGroupRepo, postgresModelRepo, postgresSettingsRepo, postgresSupplierRepo, postgresVideoTaskRepo } from './postgres/catalog.js';
import { LogType, type NewLogRecord } from './logs/types.js';
import { openPostgresLogStore } from './postgres/log-store.js';
import { postgresBodyStore } from './postgres/body-store.js';
import { migrate } from './postgres/migrations.js';
import { postgresSessionRepo, postgresTokenRepo, postgresUserRepo } from './postgres/people.js';
import { PostgresClient } from './postgres/pool.js';
import { postgresStatsStore } from './postgres/stats-store.js';
import { openServerCatalog } from './postgres/call-catalog.js';
import type { ChangeTopic, QuotaLedgerPort, ReserveAsk, StoragePorts, TokenRepo, UserRepo } from './ports.js';
import { announcedWrites, CHANNEL_WRITES, SESSION_WRITES, TOKEN_WRITES, USER_WRITES } from './announced-writes.js';
import { handOverReservations } from './postgres/migrated-reservations.js';
import { seedDetachedReservations } from './redis/quota-seed.js';
import { redisChangeFeed } from './redis/change-feed.js';
import { RedisClient } from './redis/client.js';
import { RedisLogOutbox } from './redis/log-outbox.js';
import { sharedCooldowns } from './redis/cooldowns.js';
import type { SharedCooldowns } from './redis/cooldowns.js';
import { redisAffinities } from './redis/affinities.js';
import { redisLeases } from './redis/leases.js';
import { RedisPubSub } from './redis/pubsub.js';
import { QuotaNotLoadedError, RedisQuotaLedger } from './redis/quota-ledger.js';
import { readPeriodSpend, seedPeriodSpend, type PeriodSpend } from './redis/period-spend.js';
import { redisRateCounters } from './redis/rate-counters.js';
import { postgresAccountLedger, postgresRedemptionRepo, postgresTopUpRepo } from './postgres/accounts.js';
import { RedisQuotaCredit } from './redis/quota-credit.js';

/** The error of a call whose instance was lost before it finished: another instance refunded it. */
export const REFUNDED_AFTER_LOSS = 'refunded: the relay instance serving the call stopped before it finished';
/** The error logged for a reservation whose script's answer was lost (its call was refused): refunded by its own instance. */
export const REFUNDED_ORPHAN = 'refunded: the answer to its reservation was lost, the call was refused';

export interface ServerStoreOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Opened on the same database by the caller, with the installation's secret key. */
  secrets: (db: PostgresClient) => Promise<SecretStore>;
  /** Put in front of every Redis key (one installation per prefix); default `relaydesk:`. */
  redisPrefix?: string;
  /**
   * How soon a lost instance's reservations are refunded: its heartbeat's life and how often the
   * others sweep (ms; defaults 5 s and 3 s). Shorter finds a loss sooner but a stalled instance
   * (a long GC pause, a loaded machine) risks being taken for dead. `orphanAfterMs` (default 30 s):
   * how long this instance's own reservation goes unheld by any of its calls before it refunds it.
   */
  lossDetection?: { heartbeatMs: number; sweepEveryMs: number; orphanAfterMs?: number };
  /** How often live quota counters are written back to PostgreSQL (ms); default 3 s. */
  counterSyncMs?: number;
  onError?: (error: unknown) => void;
}

export interface ServerPorts extends StoragePorts {
  /** Writes the live quota counters back to PostgreSQL now. */
  syncCounters(): Promise<unknown>;
  /** Channels and keys cooling down, the same on every instance (each keeps a copy, told of the others' changes). */
  cooldowns: SharedCooldowns;
  /** This instance's id (in Redis: its reservations' holder, its cooldown messages' sender). */
  instance: string;
  /** The secrets, sealed in PostgreSQL under the installation's key. */
  secrets: SecretStore;
}

export async function openServerPorts(options: ServerStoreOptions): Promise<ServerPorts> {
  const db = new PostgresClient(options.databaseUrl, { onError: options.onError });
  const redis = new RedisClient(options.redisUrl, options.redisPrefix === undefined ? {} : { prefix: options.redisPrefix });
  try {
    await db.ready();
    await migrate(db);
    const secrets = await options.secrets(db);
    // A call's log record is kept in Redis with its charge (the ledger's close) until written to PostgreSQL.
    const outbox = new RedisLogOutbox(redis);
    // A call whose reservation a sweep refunded (its instance lost, or the reservation's answer), logged as the embedded store logs a crash's.
    const refunded = (call: NewLogRecord, amount: number, reason: 'lost' | 'orphan'): NewLogRecord =>
      ({ ...call, type: LogType.error, quota: 0, error: reason === 'orphan' ? REFUNDED_ORPHAN : REFUNDED_AFTER_LOSS, other: { ...call.other, refunded_quota: amount } });
    const logs = await openPostgresLogStore({ db, onError: options.onError, outbox, refunded });
    const stats = postgresStatsStore(db, logs);
    const pubsub = new RedisPubSub(redis);
    const quota = new RedisQuotaLedger(redis, {
      pubsub,
      logLine: (log) => logs.outboxLine(log),
      onLogged: (lines) => logs.outboxGrew(lines),
      // A sweep's refunds logged in the same script (refund lines in the outbox), written by `refunded`.
      logRefunds: true,
      onError: options.onError,
      ...(options.lossDetection && { ...options.lossDetection, renewEveryMs: options.lossDetection.heartbeatMs / 3 }),
    });
    outbox.pending = () => quota.flushCloses();
    await quota.start();
    const changes = redisChangeFeed(pubsub, redis.instance);
    const cooldowns = sharedCooldowns(pubsub, redis.instance, { onError: options.onError });
    const users = postgresUserRepo(db);
    const tokens = postgresTokenRepo(db);
    const channels = postgresChannelRepo(db, secrets);
    await loadCounters(db, quota, redis);
    // Reservations of a migrated embedded install (video tasks in progress) join the live ledger, once.
    await handOverReservations(db, (reservations) => seedDetachedReservations(redis, reservations));
    const catalog = await openServerCatalog(db, (id) => channels.keys(id), (channel) => channels.proxyUrl(channel), changes, options.onError);
    // A change's rows (undefined: its whole table) reloaded in this instance's catalog before the write answers, and on the others (this one skips its echo).
    const tell = async (topic: ChangeTopic, ids?: ReadonlyArray<string | number>) => {
      if (ids?.length === 0) return;
      await Promise.all([catalog.refresh(topic, ids?.map(String)), changes.publishRows(topic, ids, true)]);
    };
    const told = <R extends object>(repo: R, topic: ChangeTopic, reads: ReadonlyArray<keyof R>, writes?: Parameters<typeof announcedWrites<R>>[3]) =>
      announcedWrites(repo, reads, (ids) => tell(topic, ids), writes);
    // Counters that moved are written back, and the rows of the users and keys they belong to
    // reloaded everywhere (/v1/usage shows a key's used quota and requests from them; a key or
    // user at 0 is refused before its call reserves): told by the one instance whose write moved them.
    const syncCounters = async () => {
      const moved = await writeCounters(db, quota, redis);
      await Promise.all([tell('users', moved.users), tell('tokens', moved.tokens)]);
      return moved;
    };
    const credits = new RedisQuotaCredit(redis);
    const accounts = postgresAccountLedger(db, async (userId, delta, operation) => {
      const credit = () => credits.credit(userId, delta, operation);
      const { quota: after } = await credit().catch(async (error: unknown) => {
        if (!(error instanceof QuotaNotLoadedError)) throw error;
        await loadCounters(db, quota, redis);
        return credit();
      });
      await syncCounters();
      return after;
    });
    // Credits a crash interrupted are finished before this instance serves.
    await accounts.finishCredits();
    const timer = setInterval(() => void syncCounters().catch((error: unknown) => options.onError?.(error)), options.counterSyncMs ?? 3_000);
    timer.unref();
    return {
      mode: 'server',
      users: told(seededUsers(users, quota), 'users', ['count', 'get', 'byUsername', 'byAccessTokenHash', 'list'], USER_WRITES),
      sessions: told(postgresSessionRepo(db), 'sessions', ['find', 'listForUser'], SESSION_WRITES),
      tokens: told(seededTokens(tokens, quota), 'tokens', ['byKey', 'get', 'list'], TOKEN_WRITES),
      channels: told(channels, 'channels', ['list', 'get', 'keys', 'proxyUrl'], CHANNEL_WRITES),
      groups: told(postgresGroupRepo(db), 'groups', ['list', 'get', 'usageByGroup']),
      suppliers: postgresSupplierRepo(db),
      models: told(postgresModelRepo(db), 'models', ['list', 'get', 'byName']),
      settings: told(postgresSettingsRepo(db), 'settings', ['all']),
      videoTasks: postgresVideoTaskRepo(db),
      redemptions: postgresRedemptionRepo(db),
      topUps: postgresTopUpRepo(db),
      accounts: told(accounts, 'users', ['finishCredits']),
      logs,
      bodies: postgresBodyStore(db),
      stats,
      // The records every call reads (a key's limit, a user's quota) show an administrator's change on every instance.
      quota: writingThrough(quota, syncCounters, () => loadCounters(db, quota, redis)),
      counters: redisRateCounters(redis),
      leases: redisLeases(redis),
      affinities: redisAffinities(redis),
      changes,
      catalog,
      syncCounters,
      cooldowns,
      instance: redis.instance,
      secrets,
      async close() {
        clearInterval(timer);
        catalog.close();
        cooldowns.stop();
        // The last closes (and their log lines) sent, the outbox written, then the heartbeat ended
        // (what a server that is down kept from being written is taken over by another instance).
        try {
          await quota.flushCloses().catch((error: unknown) => options.onError?.(error));
          await logs.close();
        } finally {
          await quota.stop();
          await syncCounters().catch((error: unknown) => options.onError?.(error));
          await Promise.allSettled([redis.close(), db.close()]);
        }
      },
    };
  } catch (error) {
    await Promise.allSettled([redis.close(), db.close()]);
    throw error;
  }
}

/** An administrator's change of a quota shows in the records at once (the console reads them next). */
function writingThrough(quota: RedisQuotaLedger, sync: () => Promise<unknown>, reload: () => Promise<void>): QuotaLedgerPort {
  // Counters Redis lost (restarted without persistence, flushed) are loaded again from PostgreSQL, once, and the call goes on.
  const reloading = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof QuotaNotLoadedError)) throw error;
      await reload();
      return work();
    }
  };
  return Object.assign(Object.create(quota) as RedisQuotaLedger, {
    reserve: (ask: ReserveAsk) => reloading(() => quota.reserve(ask)),
    standing: (userId: number, tokenId: number) => reloading(() => quota.standing(userId, tokenId)),
    usage: (userId: number, tokenId: number) => reloading(() => quota.usage(userId, tokenId)),
    async adjustUser(userId: number, delta: number) {
      const left = await quota.adjustUser(userId, delta);
      await sync();
      return left;
    },
    async setKeyQuota(...args: Parameters<RedisQuotaLedger['setKeyQuota']>) {
      await quota.setKeyQuota(...args);
      await sync();
    },
  });
}

/** A new user's counters go to Redis as it is created (the ledger refuses an unknown user). */
function seededUsers(users: UserRepo, quota: RedisQuotaLedger): UserRepo {
  return {
    ...users,
    async create(user, options) {
      const created = await users.create(user, options);
      if (created) await quota.load([created]);
      return created;
    },
  };
}

function seededTokens(tokens: TokenRepo, quota: RedisQuotaLedger): TokenRepo {
  return {
    ...tokens,
    async create(token) {
      const made = await tokens.create(token);
      await quota.load([], [made.record]);
      return made;
    },
  };
}

/** Every user's, key's and channel's counters into Redis where it has none yet (another instance may have loaded them). */
async function loadCounters(db: PostgresClient, quota: RedisQuotaLedger, redis: RedisClient): Promise<void> {
  const [users, tokens, channels] = await Promise.all([
    db.query('SELECT id, quota, used_quota, request_count FROM users'),
    db.query('SELECT id, remain_quota, unlimited_quota, used_quota, request_count, accessed_at FROM tokens'),
    db.query('SELECT id, used_quota FROM channels'),
  ]);
  await quota.load(users.rows as never, tokens.rows as never, channels.rows as never);
  const spend = await db.query<{ value: PeriodSpend[] }>("SELECT value FROM relay_meta WHERE name = 'period_spend'");
  await seedPeriodSpend(redis, spend.rows[0]?.value ?? []);
}

/** pg_advisory_xact_lock's key for the counter write-back ("RDcount" in ASCII). */
const COUNTER_WRITE_LOCK = '23156141952691828';

/**
 * The live counters written back in one statement per table, rows whose counters did not
 * move left alone (no dead row each time; of instances writing the same values, one moves
 * them); answers the ids of the users and keys it moved.
 */
async function writeCounters(db: PostgresClient, quota: RedisQuotaLedger, redis: RedisClient): Promise<{ users: number[]; tokens: number[] }> {
  return db.transaction(async (client) => {
    // One writer at a time, on every instance, each reading the counters once it holds the lock:
    // two write-backs at once could otherwise commit an older reading after a newer one.
    await client.query('SELECT pg_advisory_xact_lock($1)', [COUNTER_WRITE_LOCK]);
    const snapshot = await quota.snapshot();
    const update = async (rows: readonly object[], sql: string) =>
      rows.length === 0 ? [] : (await client.query<{ id: number }>(sql, [JSON.stringify(rows)])).rows.map((row) => Number(row.id));
    const users = await update(
      snapshot.users,
      `UPDATE users u SET quota = s.quota, used_quota = s.used_quota, request_count = s.request_count
       FROM jsonb_to_recordset($1::jsonb) AS s(id bigint, quota bigint, used_quota bigint, request_count bigint)
       WHERE u.id = s.id AND (u.quota, u.used_quota, u.request_count) IS DISTINCT FROM (s.quota, s.used_quota, s.request_count) RETURNING u.id`,
    );
    const tokens = await update(
      snapshot.tokens,
      `UPDATE tokens t SET remain_quota = s.remain_quota, unlimited_quota = s.unlimited_quota, used_quota = s.used_quota, request_count = s.request_count, accessed_at = s.accessed_at
       FROM jsonb_to_recordset($1::jsonb) AS s(id bigint, remain_quota bigint, unlimited_quota boolean, used_quota bigint, request_count bigint, accessed_at bigint)
       WHERE t.id = s.id AND (t.remain_quota, t.unlimited_quota, t.used_quota, t.request_count, t.accessed_at) IS DISTINCT FROM (s.remain_quota, s.unlimited_quota, s.used_quota, s.request_count, s.accessed_at)
       RETURNING t.id`,
    );
    await update(snapshot.channels, `UPDATE channels c SET used_quota = s.used_quota FROM jsonb_to_recordset($1::jsonb) AS s(id bigint, used_quota bigint) WHERE c.id = s.id AND c.used_quota <> s.used_quota RETURNING c.id`);
    // What the periods spent, as one value (what a Redis that lost its data is given back).
    await client.query(
      "INSERT INTO relay_meta (name, value) VALUES ('period_spend', $1::jsonb) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value WHERE relay_meta.value IS DISTINCT FROM EXCLUDED.value",
      [JSON.stringify(await readPeriodSpend(redis))],
    );
    return { users, tokens };
  });
}
