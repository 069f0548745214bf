import { afterEach, describe, expect, it } from 'vitest';
import { type LogRecord, type LogStore, LogType, openLogStore } from '../../../relay/store/logs/index.js';
import { type PostgresLogStore, openPostgresLogStore } from '../../../relay/store/postgres/log-store.js';
import { migrate } from '../../../relay/store/postgres/migrations.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { postgresStatsStore } from '../../../relay/store/postgres/stats-store.js';
import { type StatsStore, openStatsStore } from '../../../relay/store/stats/index.js';
import { T0, logCases, logQueries, statsQueries } from '../../helpers/log-cases.js';
import { freshDatabase } from '../../helpers/server-db.js';
import { tempDir } from '../../helpers/temp-dir.js';

// The request log on a real PostgreSQL server answers as the embedded log files do, and
// writes in batches that never hold the caller.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function database(): Promise<PostgresClient> {
  const db = new PostgresClient(await freshDatabase());
  closers.push(() => db.close());
  await migrate(db);
  return db;
}

async function postgresStore(db: PostgresClient, options: { batchDelayMs?: number; onError?: (error: unknown) => void } = {}): Promise<PostgresLogStore> {
  const logs = await openPostgresLogStore({ db, clock: () => T0, ...options });
  closers.push(() => logs.close());
  return logs;
}

async function count(db: PostgresClient, sql = 'SELECT count(*) AS n FROM logs'): Promise<number> {
  return (await db.query<{ n: number }>(sql)).rows[0]!.n;
}

/** Both stores, given the same records, the stats of each fed as the relay feeds them (record after append). */
async function bothStores(): Promise<{ embedded: { logs: LogStore; stats: StatsStore }; postgres: { logs: LogStore; stats: StatsStore } }> {
  const dir = await tempDir();
  const embeddedLogs = await openLogStore({ dir: `${dir}/logs`, clock: () => T0 });
  const embeddedStats = await openStatsStore({ dir: `${dir}/stats`, clock: () => T0 });
  closers.push(() => embeddedLogs.close(), () => embeddedStats.close());
  const db = await database();
  const logs = await postgresStore(db);
  const stats = postgresStatsStore(db, logs);
  const embedded = { logs: embeddedLogs, stats: embeddedStats };
  const postgres = { logs, stats };
  for (const record of logCases()) {
    for (const store of [embedded, postgres]) store.stats.record(store.logs.append(record));
  }
  return { embedded, postgres };
}

async function scanAll(logs: LogStore, query: object): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  await logs.scan(query, (records) => void out.push(...records));
  return out;
}

describe('PostgreSQL log store', () => {
  it('answers every log query as the embedded store does', async () => {
    const { embedded, postgres } = await bothStores();
    for (const [name, query] of logQueries) {
      const want = await embedded.logs.query(query);
      expect(await postgres.logs.query(query), name).toEqual(want);
    }
    // The table's queries cover what they should: pages, empty answers and ties in time.
    expect((await embedded.logs.query({})).total).toBe(94);
    expect((await embedded.logs.query({ token_ids: [] })).total).toBe(0);
  });

  it('scans and finds records as the embedded store does', async () => {
    const { embedded, postgres } = await bothStores();
    for (const [name, query] of logQueries) {
      expect(await scanAll(postgres.logs, query), name).toEqual(await scanAll(embedded.logs, query));
    }
    for (const id of [1, 45, 94, 95, 0]) expect(await postgres.logs.get(id)).toEqual(await embedded.logs.get(id));
  });

  it('scans past one batch in order, and stops when told', async () => {
    const db = await database();
    const logs = await postgresStore(db);
    for (let i = 0; i < 2_500; i++) logs.append({ type: LogType.consume, created_at: T0 + (i % 700), quota: 1 });
    const seen = await scanAll(logs, {});
    expect(seen).toHaveLength(2_500);
    expect(new Set(seen.map((r) => r.id)).size).toBe(2_500);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
    }
    let batches = 0;
    await logs.scan({}, () => (batches++, false));
    expect(batches).toBe(1);
  });

  it('counts hourly statistics as the embedded store does', async () => {
    const { embedded, postgres } = await bothStores();
    for (const [name, query] of statsQueries) {
      const key = (row: { hour: number; user_id: number; token_id: number; channel_id: number; family: string; model: string }) =>
        `${row.hour}/${row.user_id}/${row.token_id}/${row.channel_id}/${row.family}/${row.model}`;
      const sorted = <T extends Parameters<typeof key>[0]>(rows: T[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      const want = sorted(await embedded.stats.query(query));
      expect(sorted(await postgres.stats.query(query)), name).toEqual(want);
    }
    expect((await embedded.stats.query({})).length).toBeGreaterThan(10);
  });

  it('returns from append before anything is written, and writes it all in a batch', async () => {
    const db = await database();
    const logs = await postgresStore(db, { batchDelayMs: 50 });
    const appended = [];
    for (let i = 0; i < 300; i++) appended.push(logs.append({ type: LogType.consume, model: 'gpt-4o', quota: i, created_at: T0 + i }));
    // Every record has its id already, and none is in the table: the caller waited on no insert.
    expect(appended.map((r) => r.id)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(await count(db)).toBe(0);
    await expect.poll(() => count(db), { timeout: 10_000 }).toBe(300);
    expect(await count(db, 'SELECT sum(quota) AS n FROM logs')).toBe((299 * 300) / 2);
  });

  it('writes everything appended when closed, and refuses appends after', async () => {
    const db = await database();
    const logs = await postgresStore(db, { batchDelayMs: 60_000 });
    for (let i = 0; i < 1_234; i++) logs.append({ type: LogType.consume, quota: 2, created_at: T0 });
    expect(await count(db)).toBe(0);
    await logs.close();
    expect(await count(db)).toBe(1_234);
    expect(await count(db, 'SELECT sum(requests) AS n FROM stats_hourly')).toBe(1_234);
    expect(() => logs.append({ type: LogType.consume })).toThrow(/closed/);
  });

  it('keeps the records while PostgreSQL refuses them, and writes each once when it takes them again', async () => {
    const db = await database();
    const errors: unknown[] = [];
    const logs = await postgresStore(db, { batchDelayMs: 10, onError: (error) => errors.push(error) });
    await db.query('ALTER TABLE logs RENAME TO logs_away');
    for (let i = 0; i < 50; i++) logs.append({ type: LogType.consume, quota: 1, created_at: T0 });
    await expect(logs.flush()).rejects.toThrow(/logs/);
    expect(errors.length).toBeGreaterThan(0);
    await db.query('ALTER TABLE logs_away RENAME TO logs');
    for (let i = 0; i < 50; i++) logs.append({ type: LogType.error, quota: 0, created_at: T0 });
    await logs.flush();
    expect(await count(db)).toBe(100);
    expect(await count(db, 'SELECT count(DISTINCT id) AS n FROM logs')).toBe(100);
    expect((await db.query('SELECT requests, errors FROM stats_hourly')).rows).toEqual([{ requests: 50, errors: 50 }]);
  });

  it('gives two instances on one database distinct ids, and statistics that add up', async () => {
    const db = await database();
    const [a, b] = [await postgresStore(db), await postgresStore(db)];
    const ids = new Set<number>();
    for (let i = 0; i < 3_000; i++) {
      for (const logs of [a, b]) ids.add(logs.append({ type: LogType.consume, user_id: 1, model: 'gpt-4o', quota: 3, created_at: T0 + i }).id);
    }
    expect(ids.size).toBe(6_000);
    await Promise.all([a.close(), b.close()]);
    expect(await count(db)).toBe(6_000);
    expect((await db.query('SELECT sum(requests) AS requests, sum(quota) AS quota FROM stats_hourly')).rows).toEqual([{ requests: 6_000, quota: 18_000 }]);
  });

  it('stores what PostgreSQL text cannot hold as near as it can: NUL characters, lone surrogates, fractional counts', async () => {
    const db = await database();
    const logs = await postgresStore(db);
    const record = logs.append({
      type: LogType.consume,
      content: 'a\u0000b',
      error: 'lone \ud800 surrogate, paired \ud83d\ude00 one',
      other: { note: 'x\u0000y', path: 'C:\\u0000' },
      prompt_tokens: 2.6,
      created_at: T0 + 0.4,
    });
    const after = logs.append({ type: LogType.consume, content: 'the next record' });
    expect(record.prompt_tokens).toBe(3);
    expect(record.created_at).toBe(T0);
    expect(await logs.get(record.id)).toMatchObject({
      content: 'a\ufffdb',
      error: 'lone \ufffd surrogate, paired \ud83d\ude00 one',
      other: { note: 'x\ufffdy', path: 'C:\\u0000' },
      prompt_tokens: 3,
    });
    expect(await logs.get(after.id)).toMatchObject({ content: 'the next record' });
  });

  it('deletes the days older than the retention, as the embedded store does', async () => {
    const { embedded, postgres } = await bothStores();
    // Written first: the embedded store also applies retention when it writes a new current day.
    for (const logs of [embedded.logs, postgres.logs]) await logs.flush();
    for (const logs of [embedded.logs, postgres.logs]) logs.setRetentionDays(2);
    const removed = await embedded.logs.applyRetention(T0 + 12 * 3_600_000);
    expect(removed.removedDays).toEqual(['2025-01-07', '2025-01-08']);
    expect(await postgres.logs.applyRetention(T0 + 12 * 3_600_000)).toEqual(removed);
    expect(await postgres.logs.query({ page_size: 100 })).toEqual(await embedded.logs.query({ page_size: 100 }));
    expect(postgres.logs.stats()).toEqual(embedded.logs.stats());
  });
});
