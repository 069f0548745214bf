import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { EncodedLogRecord, LogRecord } from '../../../relay/store/logs/types.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { QuotaNotLoadedError, RedisQuotaLedger, type RedisQuotaLedgerOptions, type SweptReservation } from '../../../relay/store/redis/quota-ledger.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

// The quota ledger on a real Redis, several instances (each its own connection and
// instance id) on one installation's keys.

function encoded(quota: number, type = 2): EncodedLogRecord {
  const record = { id: 0, created_at: Date.now(), type, quota } as LogRecord;
  return { record, json: JSON.stringify(record) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function installation(options: RedisQuotaLedgerOptions = {}) {
  const { url, prefix } = freshRedisPrefix();
  const logs: LogRecord[] = [];
  const instance = (name: string, own: RedisQuotaLedgerOptions = {}) => {
    const client = new RedisClient(url, { prefix, instance: name });
    const ledger = new RedisQuotaLedger(client, { appendLog: (log) => logs.push(log.record), ...options, ...own });
    onTestFinished(async () => {
      await ledger.stop();
      await client.close();
    });
    return ledger;
  };
  return { url, prefix, logs, instance };
}

const seedUser = (id: number, quota: number) => ({ id, quota, used_quota: 0, request_count: 0 });
const seedKey = (id: number, remain: number | null) => ({ id, remain_quota: remain ?? 0, unlimited_quota: remain === null, used_quota: 0, request_count: 0, accessed_at: 0 });

describe('Redis quota ledger', () => {
  it('1,000 concurrent calls on three instances never hold more than the key has left, and the counters equal the log sums', async () => {
    const { url, prefix, logs, instance } = installation();
    const ledgers = [instance('a'), instance('b'), instance('c')];
    const USER = 1_000_000;
    const KEY = 30_000;
    await ledgers[0]!.load([seedUser(1, USER)], [seedKey(1, KEY)], [{ id: 1, used_quota: 0 }]);

    // A fourth connection watches the key's and user's counters all through the burst. What a
    // reservation holds is taken from what is left at once, so "the open reservations never
    // add up to more than what is left" reads: what is left after them is never below zero.
    const watcher = new RedisClient(url, { prefix });
    onTestFinished(() => watcher.close());
    const broken: string[] = [];
    let samples = 0;
    let bursting = true;
    const watching = (async () => {
      while (bursting) {
        const [[, key], [, user]] = (await watcher.redis.pipeline().hgetall(`${prefix}q:k:1`).hgetall(`${prefix}q:u:1`).exec()) as [[unknown, Record<string, string>], [unknown, Record<string, string>]];
        const k = { remain: Number(key.remain), held: Number(key.held), used: Number(key.used) };
        const u = { quota: Number(user.quota), held: Number(user.held), used: Number(user.used) };
        if (k.remain < 0) broken.push(`key left ${k.remain}`);
        if (k.remain + k.held + k.used !== KEY) broken.push(`key sums ${JSON.stringify(k)}`);
        if (u.quota + u.held + u.used !== USER) broken.push(`user sums ${JSON.stringify(u)}`);
        samples++;
      }
    })();

    let refused = 0;
    let settled = 0;
    let refunded = 0;
    await Promise.all(
      Array.from({ length: 1_000 }, async (_, i) => {
        const ledger = ledgers[i % 3]!;
        await sleep(i % 300); // spread over 0.3 s, so the watcher sees the burst under way
        const amount = 50 + ((i * 37) % 101);
        const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount, call: { type: 2, request_id: `call-${i}` } });
        if ('refused' in answer) {
          refused++;
          expect(answer.refused.keyLeft).toBeLessThan(amount);
          return;
        }
        await sleep(i % 15);
        if (i % 10 === 0) {
          await ledger.refund(answer.reservation.id, encoded(0, 5));
          refunded++;
        } else {
          const cost = amount - (i % 50);
          await ledger.settle(answer.reservation.id, cost, 1 + (i % 2), encoded(cost));
          settled++;
        }
      }),
    );
    bursting = false;
    await watching;

    expect(broken).toEqual([]);
    expect(samples).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(0);
    expect(settled).toBeGreaterThan(100);
    const snapshot = await ledgers[1]!.snapshot();
    const charged = logs.filter((log) => log.type === 2);
    const used = charged.reduce((sum, log) => sum + log.quota, 0);
    expect(charged.length).toBe(settled);
    expect(logs.length).toBe(settled + refunded);
    expect(snapshot.open).toEqual([]);
    expect(snapshot.tokens).toEqual([{ id: 1, remain_quota: KEY - used, unlimited_quota: false, used_quota: used, request_count: settled, accessed_at: expect.any(Number), held: 0 }]);
    expect(snapshot.users).toEqual([{ id: 1, quota: USER - used, used_quota: used, request_count: settled, held: 0 }]);
    expect(snapshot.channels.reduce((sum, channel) => sum + channel.used_quota, 0)).toBe(used);
  });

  it('refunds the reservations of an instance killed mid-burst, once, within a bounded time', async () => {
    const { url, prefix, logs, instance } = installation();
    const swept: Array<SweptReservation & { by: string; at: number }> = [];
    const sweeper = (name: string) =>
      instance(name, { heartbeatMs: 1_000, renewEveryMs: 250, sweepEveryMs: 200, onSwept: (refunds) => swept.push(...refunds.map((r) => ({ ...r, by: name, at: Date.now() }))) });
    const [b, c] = [sweeper('b'), sweeper('c')];
    await b.load([seedUser(1, 100_000)], [seedKey(1, 50_000)]);
    await Promise.all([b.start(), c.start()]);

    const doomed = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'quota-instance.ts'), url, prefix, '40', '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    onTestFinished(() => void doomed.kill('SIGKILL'));
    const lines = createInterface({ input: doomed.stdout! });
    let burst = true;
    const bursting = Promise.all(
      [b, c].map(async (ledger, n) => {
        for (let i = 0; burst; i++) {
          const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount: 20, call: { type: 2 } });
          if ('reservation' in answer) {
            await sleep(3);
            await ledger.settle(answer.reservation.id, 15 + ((i + n) % 5), 1, encoded(15 + ((i + n) % 5)));
          }
        }
      }),
    );
    const [line] = (await Promise.race([once(lines, 'line'), once(doomed, 'exit').then(() => ['{"ids":[]}'])])) as [string];
    const { ids } = JSON.parse(line) as { ids: number[] };
    expect(ids).toHaveLength(40);
    await sleep(1_500); // alive and renewing: nothing of it is swept
    expect(swept).toEqual([]);

    doomed.kill('SIGKILL');
    const killedAt = Date.now();
    while (swept.length < 40 && Date.now() - killedAt < 15_000) await sleep(50);
    burst = false;
    await bursting;

    // Heartbeat 1 s + sweep every 0.2 s: refunded well within 5 s on a loaded machine.
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(swept.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(swept.map((r) => r.id)).size).toBe(40);
    expect(swept.every((r) => r.call.request_id?.startsWith('doomed-') && r.userId === 1 && r.tokenId === 1)).toBe(true);
    // A later sweep finds nothing more.
    expect(await b.sweep()).toEqual([]);

    const snapshot = await b.snapshot();
    const used = logs.reduce((sum, log) => sum + log.quota, 0);
    expect(used).toBeGreaterThan(0);
    expect(snapshot.open).toEqual([]);
    expect(snapshot.tokens[0]).toMatchObject({ remain_quota: 50_000 - used, used_quota: used, request_count: logs.length, held: 0 });
    expect(snapshot.users[0]).toMatchObject({ quota: 100_000 - used, used_quota: used, held: 0 });
  });

  it('settling or refunding a closed reservation does nothing', async () => {
    const { logs, instance } = installation();
    const [a, b] = [instance('a'), instance('b')];
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    const first = await a.reserve({ userId: 1, tokenId: 1, amount: 100, call: { type: 2 } });
    if (!('reservation' in first)) throw new Error('refused');
    const { id } = first.reservation;
    expect(await b.held(id)).toEqual({ id, amount: 100 });
    await Promise.all([a.settle(id, 60, 1, encoded(60)), b.settle(id, 60, 1, encoded(60)), b.refund(id, encoded(0, 5))]);
    await a.settle(id, 60, 1, encoded(60));
    await a.refund(id);
    expect(await a.held(id)).toBeUndefined();
    expect(logs).toHaveLength(1);
    expect((await a.snapshot()).users).toEqual([{ id: 1, quota: 1_000 - logs[0]!.quota, used_quota: logs[0]!.quota, request_count: logs[0]!.type === 2 ? 1 : 0, held: 0 }]);

    const second = await b.reserve({ userId: 1, tokenId: 1, amount: 50, call: { type: 2 } });
    if (!('reservation' in second)) throw new Error('refused');
    const before = await a.snapshot();
    await b.refund(second.reservation.id);
    await a.refund(second.reservation.id);
    await a.settle(second.reservation.id, 50, 1, encoded(50));
    const after = await a.snapshot();
    expect(after.users[0]!.quota).toBe(before.users[0]!.quota + 50);
    expect(after.users[0]!.used_quota).toBe(before.users[0]!.used_quota);
  });

  it('never gives a reservation an id one made before Redis lost its data had: a late settlement of the old one charges nothing new', async () => {
    const { url, prefix, instance } = installation();
    const a = instance('a');
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    const before = await a.reserve({ userId: 1, tokenId: 1, amount: 100, call: { type: 2 } });
    if (!('reservation' in before)) throw new Error('refused');
    // Redis restarted empty: the installation's keys are gone, the counters come back from PostgreSQL.
    const admin = new Redis(url);
    onTestFinished(() => void admin.disconnect());
    const keys = await admin.keys(`${prefix}*`);
    await admin.del(...keys);
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    const after = await a.reserve({ userId: 1, tokenId: 1, amount: 200, call: { type: 2 } });
    if (!('reservation' in after)) throw new Error('refused');
    expect(after.reservation.id).not.toBe(before.reservation.id);
    expect(after.reservation.id).toBeGreaterThan(before.reservation.id);
    // The stream that began before the restart ends now: its settlement finds nothing to close.
    await a.settle(before.reservation.id, 100, 1, encoded(100));
    expect(await a.held(after.reservation.id)).toEqual({ id: after.reservation.id, amount: 200 });
    expect((await a.snapshot()).users).toEqual([{ id: 1, quota: 800, used_quota: 0, request_count: 0, held: 200 }]);
  });

  it('refuses an amount larger than any quota can hold (2^53, Infinity) as not fitting, instead of failing', async () => {
    const { instance } = installation();
    const a = instance('a');
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    for (const amount of [2 ** 53, Infinity]) {
      expect(await a.reserve({ userId: 1, tokenId: 1, amount, call: { type: 2 } })).toEqual({ refused: expect.objectContaining({ userLeft: 1_000 }) });
    }
  });

  it('refuses what the binding quota cannot hold and says what binds and what calls in progress hold', async () => {
    const { instance } = installation();
    const ledger = instance('a');
    await ledger.load([seedUser(1, 1_000), seedUser(2, 100)], [seedKey(1, 300), seedKey(2, null), { ...seedKey(3, 5_000), id: 3 }]);
    const reserve = (userId: number, tokenId: number, amount: number) => ledger.reserve({ userId, tokenId, amount, call: { type: 2 } });

    expect(await reserve(1, 1, 200)).toMatchObject({ reservation: { amount: 200 } });
    // The key binds: 100 left of it, 200 held on it.
    expect(await reserve(1, 1, 150)).toEqual({ refused: { userLeft: 800, keyLeft: 100, held: 200, userHeld: 200, keyHeld: 200 } });
    expect(await ledger.standing(1, 1)).toEqual({ userLeft: 800, keyLeft: 100, held: 200, userHeld: 200, keyHeld: 200 });
    // Unlimited key of user 2: the user's quota binds.
    expect(await reserve(2, 2, 100)).toMatchObject({ reservation: { amount: 100 } });
    expect(await reserve(2, 2, 1)).toEqual({ refused: { userLeft: 0, keyLeft: null, held: 100, userHeld: 100, keyHeld: 100 } });
    // A key limited above its user's quota: the user binds, with everything the user holds.
    expect(await ledger.standing(1, 3)).toEqual({ userLeft: 800, keyLeft: 5_000, held: 200, userHeld: 200, keyHeld: 0 });

    await expect(reserve(9, 1, 1)).rejects.toEqual(new QuotaNotLoadedError('user', 9));
    await expect(reserve(1, 9, 1)).rejects.toEqual(new QuotaNotLoadedError('key', 9));
    await expect(reserve(1, 1, 1.5)).rejects.toThrow(/whole number/);
  });

  it('seeds only the counters Redis lacks, adjusts quotas, and reads them back', async () => {
    const { instance } = installation();
    const ledger = instance('a');
    expect(await ledger.load([seedUser(1, 500), { id: 2, quota: 7, used_quota: 3, request_count: 2 }], [seedKey(1, 100)], [{ id: 4, used_quota: 9 }])).toBe(4);
    expect(await ledger.adjustUser(1, 250)).toBe(750);
    expect(await ledger.adjustUser(1, -50)).toBe(700);
    await expect(ledger.adjustUser(3, 1)).rejects.toBeInstanceOf(QuotaNotLoadedError);
    // Loading again (another instance starting) leaves the newer counters as they are.
    expect(await ledger.load([seedUser(1, 500), seedUser(3, 1)], [seedKey(1, 100)], [{ id: 4, used_quota: 0 }])).toBe(1);
    await ledger.setKeyQuota(1, null); // unlimited, what is left kept for when it binds again
    await ledger.setKeyQuota(2, 40); // a new key
    await ledger.setKeyQuota(3, 70, true);
    const snapshot = await ledger.snapshot();
    expect(snapshot.users).toEqual([
      { id: 1, quota: 700, used_quota: 0, request_count: 0, held: 0 },
      { id: 2, quota: 7, used_quota: 3, request_count: 2, held: 0 },
      { id: 3, quota: 1, used_quota: 0, request_count: 0, held: 0 },
    ]);
    expect(snapshot.tokens).toEqual([
      { id: 1, remain_quota: 100, unlimited_quota: true, used_quota: 0, request_count: 0, accessed_at: 0, held: 0 },
      { id: 2, remain_quota: 40, unlimited_quota: false, used_quota: 0, request_count: 0, accessed_at: 0, held: 0 },
      { id: 3, remain_quota: 70, unlimited_quota: true, used_quota: 0, request_count: 0, accessed_at: 0, held: 0 },
    ]);
    expect(snapshot.channels).toEqual([{ id: 4, used_quota: 9 }]);
    expect(await ledger.standing(1, 1)).toEqual({ userLeft: 700, keyLeft: null, held: 0, userHeld: 0, keyHeld: 0 });
    await ledger.setKeyQuota(1, 20);
    expect(await ledger.standing(1, 1)).toEqual({ userLeft: 700, keyLeft: 20, held: 0, userHeld: 0, keyHeld: 0 });
  });

  it('a detached reservation (a video task) outlives its instance; the others are swept once its heartbeat ends', async () => {
    const { instance } = installation();
    const a = instance('a', { heartbeatMs: 300 });
    const b = instance('b');
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    const ids: number[] = [];
    for (const amount of [100, 200]) {
      const answer = await a.reserve({ userId: 1, tokenId: 1, amount, call: { type: 2, request_id: `r${amount}` } });
      if ('reservation' in answer) ids.push(answer.reservation.id);
    }
    expect(await a.detach(ids[1]!)).toBe(true);
    expect(await b.sweep()).toEqual([]); // a's heartbeat (set by its reservations) still lives
    await sleep(600);
    expect((await b.sweep()).map((r) => [r.id, r.amount, r.call.request_id])).toEqual([[ids[0], 100, 'r100']]);
    expect(await b.held(ids[1]!)).toEqual({ id: ids[1], amount: 200 });
    await b.settle(ids[1]!, 180, 1, encoded(180));
    expect((await b.snapshot()).users).toEqual([{ id: 1, quota: 820, used_quota: 180, request_count: 1, held: 0 }]);
    expect(await a.detach(ids[0]!)).toBe(false);
  });

  it('makes one round trip per call: a settlement rides with the next reservation, or goes on its own when none comes', async () => {
    const { url, prefix, logs, instance } = installation();
    const a = instance('a');
    await a.load([seedUser(1, 1_000_000)], [seedKey(1, 500_000)]);
    // The scripts the ledger sends (MONITOR: every command as Redis receives it; those run inside scripts left out).
    const monitor = await new Redis(url).monitor();
    onTestFinished(() => void monitor.disconnect());
    let scripts = 0;
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua' && /^eval/i.test(args[0]!) && args.includes(prefix)) scripts++;
    });
    const settled: Array<Promise<void>> = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 20; i++) {
          const answer = await a.reserve({ userId: 1, tokenId: 1, amount: 100, call: { type: 2 } });
          if (!('reservation' in answer)) throw new Error('refused');
          // As a call's: its answer went out before it settles, so the next call does not wait for the settlement.
          settled.push(a.settle(answer.reservation.id, 60, 1, encoded(60)));
        }
      }),
    );
    await Promise.all(settled);
    expect(logs).toHaveLength(200);
    const snapshot = await a.snapshot();
    expect(snapshot.open).toEqual([]);
    expect(snapshot.tokens[0]).toMatchObject({ remain_quota: 500_000 - 12_000, used_quota: 12_000, request_count: 200, held: 0 });
    await sleep(100); // MONITOR's last lines
    // 200 reservations carrying the settlements before them; the last ones sent on their own.
    expect(scripts).toBeGreaterThanOrEqual(200);
    expect(scripts).toBeLessThanOrEqual(210);
  });

  it('wakes a waiter at the next settlement of its instance', async () => {
    const { instance } = installation();
    const a = instance('a');
    await a.load([seedUser(1, 1_000)], [seedKey(1, null)]);
    const answer = await a.reserve({ userId: 1, tokenId: 1, amount: 10, call: { type: 2 } });
    if (!('reservation' in answer)) throw new Error('refused');
    const started = Date.now();
    const waiting = a.nextRelease(30_000);
    await a.settle(answer.reservation.id, 10, 1, encoded(10));
    await waiting;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
