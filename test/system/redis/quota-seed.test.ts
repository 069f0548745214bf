import { describe, expect, it, onTestFinished } from 'vitest';
import type { EncodedLogRecord, LogRecord } from '../../../relay/store/logs/types.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisQuotaLedger } from '../../../relay/store/redis/quota-ledger.js';
import { seedDetachedReservations } from '../../../relay/store/redis/quota-seed.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

// Reservations handed to the Redis ledger from a migrated install, on a real Redis.

function encoded(quota: number): EncodedLogRecord {
  const record = { id: 0, created_at: Date.now(), type: 2, quota } as LogRecord;
  return { record, json: JSON.stringify(record) };
}

describe('seeding detached reservations', () => {
  it('holds each once however often it is seeded, keeps its id clear of new reservations, and is settled by any instance', async () => {
    const { url, prefix } = freshRedisPrefix();
    const open = (name: string) => {
      const client = new RedisClient(url, { prefix, instance: name });
      const ledger = new RedisQuotaLedger(client, { heartbeatMs: 300, renewEveryMs: 100, sweepEveryMs: 100 });
      onTestFinished(async () => {
        await ledger.stop();
        await client.close();
      });
      return { client, ledger };
    };
    const [a, b] = [open('a'), open('b')];
    // The counters as migrate leaves them: what is left already net of the hold.
    await a.ledger.load([{ id: 1, quota: 10_000 - 700, used_quota: 0, request_count: 0 }], [{ id: 5, remain_quota: 3_000 - 700, unlimited_quota: false, used_quota: 0, request_count: 0, accessed_at: 0 }]);
    const held = { id: 41, userId: 1, tokenId: 5, amount: 700, tokenLimited: true, call: { type: 2, model: 'sora-2' } };
    const seeded = await Promise.all([seedDetachedReservations(a.client, [held]), seedDetachedReservations(b.client, [held])]);
    expect(seeded.sort()).toEqual([0, 1]);
    expect(await a.ledger.standing(1, 5)).toMatchObject({ userLeft: 9_300, keyLeft: 2_300, userHeld: 700, keyHeld: 700 });
    expect(await a.ledger.held(41)).toEqual({ id: 41, amount: 700 });

    // A new reservation takes a later id; a sweep (the seeding instances gone) leaves the detached one.
    const next = await a.ledger.reserve({ userId: 1, tokenId: 5, amount: 100, call: { type: 2 } });
    expect('reservation' in next && next.reservation.id).toBeGreaterThan(41);
    if ('reservation' in next) await a.ledger.refund(next.reservation.id);
    await a.ledger.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await b.ledger.sweep();
    expect(await b.ledger.held(41)).toEqual({ id: 41, amount: 700 });

    // Settled on another instance: charged once; seeding it again after it closed does nothing.
    await b.ledger.settle(41, 640, 3, encoded(640));
    expect(await seedDetachedReservations(b.client, [held])).toBe(0);
    expect(await b.ledger.standing(1, 5)).toMatchObject({ userLeft: 9_360, keyLeft: 2_360, userHeld: 0, keyHeld: 0 });
    const snapshot = await b.ledger.snapshot();
    expect(snapshot.users[0]).toMatchObject({ used_quota: 640, request_count: 1 });
    expect(snapshot.open).toEqual([]);
  });
});
