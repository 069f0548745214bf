import { afterEach, describe, expect, it } from 'vitest';
import { type PostgresLogStore, openPostgresLogStore } from '../../../relay/store/postgres/log-store.js';
import { migrate } from '../../../relay/store/postgres/migrations.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisLogOutbox } from '../../../relay/store/redis/log-outbox.js';
import { RedisQuotaLedger } from '../../../relay/store/redis/quota-ledger.js';
import { freshDatabase, freshRedisPrefix } from '../../helpers/server-db.js';

// A call's log record kept in Redis with its charge (the quota ledger's close) until the
// PostgreSQL log store has written it: read back at once by the instance that wrote it, and
// written once each, also when the instance that had claimed a batch died before finishing.

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

/** One instance as server mode wires it: its outbox, its log store draining it, its ledger filling it. */
async function instance(databaseUrl: string, redis: { url: string; prefix: string }, name: string) {
  const db = new PostgresClient(databaseUrl);
  const client = new RedisClient(redis.url, { prefix: redis.prefix, instance: name });
  closers.push(() => db.close(), () => client.close());
  await migrate(db);
  const outbox = new RedisLogOutbox(client);
  const logs = await openPostgresLogStore({ db, outbox, refunded: (call, amount, reason) => ({ ...call, type: 5, quota: amount, error: reason }) });
  const ledger = new RedisQuotaLedger(client, { logLine: (log) => logs.outboxLine(log), onLogged: (n) => logs.outboxGrew(n), logRefunds: true, heartbeatMs: 500, renewEveryMs: 100 });
  outbox.pending = () => ledger.flushCloses();
  await ledger.start();
  closers.push(() => ledger.stop(), () => logs.close());
  await ledger.load([{ id: 1, quota: 1_000_000, used_quota: 0, request_count: 0 }], [{ id: 1, remain_quota: 0, unlimited_quota: true, used_quota: 0, request_count: 0, accessed_at: 0 }]);
  return { db, client, outbox, logs, ledger };
}

async function settledCalls(ledger: RedisQuotaLedger, logs: PostgresLogStore, n: number, tag: string): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount: 100, call: { type: 2, request_id: `${tag}-${i}` } });
      if (!('reservation' in answer)) throw new Error('refused');
      await ledger.settle(answer.reservation.id, 10, 1, logs.encode({ type: 2, user_id: 1, token_id: 1, quota: 10, request_id: `${tag}-${i}` }));
    }),
  );
}

async function loggedTimes(db: PostgresClient): Promise<Map<string, number>> {
  const { rows } = await db.query<{ request_id: string; n: number }>('SELECT request_id, count(*)::int AS n FROM logs GROUP BY request_id');
  return new Map(rows.map((row) => [row.request_id, row.n]));
}

describe('the log outbox in Redis', () => {
  it('a settled call is read back at once by its instance, logged once, and counted once in the statistics', async () => {
    const databaseUrl = await freshDatabase();
    const { logs, ledger, db } = await instance(databaseUrl, freshRedisPrefix(), 'a');
    await settledCalls(ledger, logs, 50, 'call');
    const page = await logs.query({ type: 2, page_size: 100 });
    expect(page.total).toBe(50);
    expect([...(await loggedTimes(db)).values()]).toEqual(Array(50).fill(1));
    const { rows } = await db.query<{ requests: number; quota: number }>('SELECT sum(requests)::int AS requests, sum(quota)::int AS quota FROM stats_hourly');
    expect(rows[0]).toEqual({ requests: 50, quota: 500 });
  });

  it('a batch claimed by an instance that died is written by another, each record once, unnumbered ones numbered', async () => {
    const databaseUrl = await freshDatabase();
    const redis = freshRedisPrefix();
    const doomed = await instance(databaseUrl, redis, 'doomed');
    // Its last calls: charged, their lines in its outbox; one written already before it died, one not numbered (no id block was in hand).
    // It dies: its log store writes nothing more, its heartbeat ends.
    await doomed.logs.close();
    await doomed.ledger.stop();
    const lines = Array.from({ length: 5 }, (_, i) => doomed.logs.outboxLine(doomed.logs.encode({ type: 2, user_id: 1, token_id: 1, quota: 7, request_id: `lost-${i}` })));
    lines.push(`{"id":0,${lines[0]!.slice(lines[0]!.indexOf(',') + 1).replace('lost-0', 'unnumbered')}`);
    await doomed.client.redis.rpush(`${redis.prefix}q:out:doomed`, ...lines);
    await doomed.client.redis.sadd(`${redis.prefix}q:live`, 'doomed');
    expect(await doomed.outbox.claim(3)).toHaveLength(3);
    await doomed.db.query(`INSERT INTO logs SELECT * FROM json_populate_recordset(NULL::logs, $1::json)`, [`[${lines[0]}]`]);

    const survivor = await instance(databaseUrl, redis, 'survivor');
    await survivor.ledger.sweep();
    await survivor.logs.flush();
    const times = await loggedTimes(survivor.db);
    expect(Object.fromEntries(times)).toEqual({ 'lost-0': 1, 'lost-1': 1, 'lost-2': 1, 'lost-3': 1, 'lost-4': 1, unnumbered: 1 });
    expect(Number((await survivor.db.query<{ id: string }>("SELECT id FROM logs WHERE request_id = 'unnumbered'")).rows[0]!.id)).toBeGreaterThan(0);
    expect(await survivor.client.redis.exists(`${redis.prefix}q:out:doomed`, `${redis.prefix}q:fly:doomed`, `${redis.prefix}q:out:survivor`, `${redis.prefix}q:fly:survivor`)).toBe(0);
  });

  it('a record appended outside a close waits in the outbox, or in memory when Redis refuses it, and is written once either way', async () => {
    const databaseUrl = await freshDatabase();
    const redis = freshRedisPrefix();
    const { logs, outbox, db } = await instance(databaseUrl, redis, 'a');
    const pushed: string[] = [];
    const push = outbox.push.bind(outbox);
    outbox.push = (lines) => (pushed.push(...lines), push(lines));
    logs.append({ type: 5, user_id: 1, request_id: 'refused-kept' });
    expect(pushed, 'pushed within the turn, not at once').toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed.join()).toContain('refused-kept');
    // Redis cannot take the next: it goes to PostgreSQL from memory.
    outbox.push = () => Promise.reject(new Error('Redis down'));
    logs.append({ type: 5, user_id: 1, request_id: 'refused-in-memory' });
    await logs.flush();
    expect(Object.fromEntries(await loggedTimes(db))).toEqual({ 'refused-kept': 1, 'refused-in-memory': 1 });
  });

  it('a sweep keeps its refunds’ records in Redis in the same step: written once even when the sweeper dies right after', async () => {
    const databaseUrl = await freshDatabase();
    const redis = freshRedisPrefix();
    const lost = await instance(databaseUrl, redis, 'lost');
    for (const i of [1, 2, 3]) await lost.ledger.reserve({ userId: 1, tokenId: 1, amount: 100 * i, call: { type: 2, user_id: 1, request_id: `cut-${i}` } });
    await lost.logs.close();
    await lost.ledger.stop();
    // The sweeper refunds them, then dies before its log store writes anything.
    const sweeper = await instance(databaseUrl, redis, 'sweeper');
    await sweeper.logs.close();
    expect((await sweeper.ledger.sweep()).map((r) => r.call.request_id).sort()).toEqual(['cut-1', 'cut-2', 'cut-3']);
    await sweeper.ledger.stop();

    const survivor = await instance(databaseUrl, redis, 'survivor');
    await survivor.ledger.sweep();
    await survivor.logs.flush();
    const { rows } = await survivor.db.query<{ request_id: string; quota: string; error: string }>("SELECT request_id, quota, error FROM logs WHERE request_id LIKE 'cut-%' ORDER BY request_id");
    expect(rows.map((r) => [r.request_id, Number(r.quota), r.error])).toEqual([['cut-1', 100, 'lost'], ['cut-2', 200, 'lost'], ['cut-3', 300, 'lost']]);
  });
});
