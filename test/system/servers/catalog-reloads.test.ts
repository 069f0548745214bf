// What a change costs the other instances: a write announces the rows it changed, and each
// instance's call catalog reloads those rows, not the table (a change made in the table that
// nobody announced stays unseen, while the announced row is seen within a second); the
// counters' write-back announces only the keys and users whose counters moved; an instance
// skips the echo of its own announcements, its copy being refreshed before it announced.
import type { QueryResultRow } from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NewLogRecord } from '../../../relay/store/logs/types.js';
import { openServerCatalog } from '../../../relay/store/postgres/call-catalog.js';
import { PostgresClient } from '../../../relay/store/postgres/pool.js';
import type { Queryable } from '../../../relay/store/postgres/record-table.js';
import { redisChangeFeed } from '../../../relay/store/redis/change-feed.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisPubSub } from '../../../relay/store/redis/pubsub.js';
import { openServerPorts } from '../../../relay/store/server-ports.js';
import { freshServerStore } from '../../helpers/server-db.js';

async function twoInstances() {
  const { options, redis, databaseUrl } = await freshServerStore();
  const open = () => openServerPorts({ ...options, counterSyncMs: 200 });
  const [a, b] = [await open(), await open()];
  const db = new PostgresClient(databaseUrl);
  onTestFinished(async () => void (await Promise.allSettled([a.close(), b.close(), db.close()])));
  return { a, b, db, redis, databaseUrl };
}

describe('call catalog reloads across instances', () => {
  it('reloads the rows a change names: an unannounced change to another row stays unseen, the announced one is seen within a second', async () => {
    const { a, b, db } = await twoInstances();
    const user = (await a.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
    await a.quota.adjustUser(user.id, 100_000);
    const first = (await a.tokens.create({ user_id: user.id, name: 'first', unlimited_quota: true })).record;
    const second = (await a.tokens.create({ user_id: user.id, name: 'second', unlimited_quota: true })).record;
    await expect.poll(() => b.catalog.token(second.id)?.name, { timeout: 1_000 }).toBe('second');

    // Both rows changed behind the relays' back; then the first renamed through instance A.
    await db.query(`UPDATE tokens SET name = 'unannounced' WHERE id = ANY($1::bigint[])`, [[first.id, second.id]]);
    await a.tokens.update(first.id, { name: 'renamed' });
    expect(a.catalog.token(first.id)?.name, 'the writing instance, before the write answered').toBe('renamed');
    await expect.poll(() => b.catalog.token(first.id)?.name, { timeout: 1_000 }).toBe('renamed');
    expect(b.catalog.token(second.id)?.name).toBe('second');
    expect(a.catalog.token(second.id)?.name).toBe('second');

    // Calls on the first key: the write-back announces its row and its user's, not the second key's.
    const call = { type: 2, user_id: user.id, token_id: first.id, username: 'ada', model: 'm', created_at: Date.now() } as NewLogRecord;
    const reserved = await a.quota.reserve({ userId: user.id, tokenId: first.id, amount: 500, call });
    if (!('reservation' in reserved)) throw new Error('refused');
    await a.quota.settle(reserved.reservation.id, 321, 0, a.logs.encode({ ...call, quota: 321 }));
    await expect.poll(() => b.catalog.token(first.id)?.used_quota, { timeout: 1_500 }).toBe(321);
    expect(b.catalog.user(user.id)).toMatchObject({ used_quota: 321, quota: 100_000 - 321, request_count: 1 });
    expect(b.catalog.token(second.id)?.name).toBe('second');

    // A key removed and a regenerated key: gone from the other instance's catalog, the new key known.
    const regenerated = (await a.tokens.regenerate(first.id))!;
    await a.tokens.remove([second.id]);
    await expect.poll(() => b.catalog.tokenByKey(regenerated.key)?.id, { timeout: 1_000 }).toBe(first.id);
    await expect.poll(() => b.catalog.token(second.id), { timeout: 1_000 }).toBeUndefined();
  });

  it('reads one row for a change of one row, the whole table for a change of the table, and nothing for its own echo', async () => {
    const { a, db, redis } = await twoInstances();
    const user = (await a.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
    for (let i = 0; i < 20; i++) await a.tokens.create({ user_id: user.id, name: `key ${i}` });
    const some = (await a.tokens.list())[7]!;

    // A catalog of its own, counting the rows it reads, on a feed of its own (its instance id).
    let rowsRead = 0;
    const counting: Queryable = {
      query: async <R extends QueryResultRow>(text: string, values?: unknown[]) => {
        const result = await db.query<R>(text, values);
        if (/\bFROM tokens\b/.test(text)) rowsRead += result.rows.length;
        return result;
      },
    };
    const client = new RedisClient(redis.url, { prefix: redis.prefix });
    const pubsub = new RedisPubSub(client);
    const feed = redisChangeFeed(pubsub, 'counted');
    const catalog = await openServerCatalog(counting, async () => [], async (channel) => channel.proxy, feed);
    onTestFinished(async () => {
      catalog.close();
      await client.close();
    });
    await pubsub.ready();
    expect(rowsRead).toBe(20);

    const read = async (publish: () => Promise<void>, settled: () => boolean) => {
      rowsRead = 0;
      await publish();
      await expect.poll(settled, { timeout: 1_000 }).toBe(true);
      return rowsRead;
    };
    await db.query(`UPDATE tokens SET name = 'seen' WHERE id = $1`, [some.id]);
    expect(await read(() => a.changes.publish('tokens', some.id), () => catalog.token(some.id)?.name === 'seen')).toBe(1);
    await db.query(`UPDATE tokens SET name = 'everywhere'`);
    expect(await read(() => a.changes.publish('tokens'), () => catalog.token(some.id)?.name === 'everywhere')).toBe(20);

    // Its own announcement (its copy refreshed first): the echo reads nothing, and the row is not reloaded.
    const marker = (await a.tokens.create({ user_id: user.id, name: 'marker' })).record;
    await expect.poll(() => catalog.token(marker.id)?.name, { timeout: 1_000 }).toBe('marker');
    await db.query(`UPDATE tokens SET name = CASE WHEN id = $1 THEN 'own' ELSE 'marked' END WHERE id IN ($1, $2)`, [some.id, marker.id]);
    rowsRead = 0;
    await feed.publishRows('tokens', [some.id], true);
    // A later change announced by another instance is heard after the echo (one subscriber connection, in order).
    await a.changes.publish('tokens', marker.id);
    await expect.poll(() => catalog.token(marker.id)?.name, { timeout: 1_000 }).toBe('marked');
    expect(rowsRead).toBe(1);
    expect(catalog.token(some.id)?.name).toBe('everywhere');
  });
});
