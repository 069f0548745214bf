// The server store (PostgreSQL + Redis) through the storage ports: the same contract as the embedded store.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { LogType } from '../../../relay/store/logs/types.js';
import type { NewLogRecord } from '../../../relay/store/logs/types.js';
import type { RedisQuotaLedger } from '../../../relay/store/redis/quota-ledger.js';
import { openServerPorts, REFUNDED_AFTER_LOSS } from '../../../relay/store/server-ports.js';
import { freshServerStore } from '../../helpers/server-db.js';
import { storagePortsContract } from '../../helpers/storage-ports-contract.js';
import type { OpenPorts } from '../../helpers/storage-ports-contract.js';
import { accountsContract } from '../../helpers/accounts-contract.js';
import { limitsContract } from '../../helpers/limits-contract.js';
import { budgetHoldsOf } from '../../../relay/billing/period-budgets.js';

const openFresh: OpenPorts = async () => {
    const ports = await openServerPorts((await freshServerStore()).options);
    return Object.assign(ports, { dispose: () => ports.close(), settled: async () => void (await ports.syncCounters()) });
};

describe('server storage ports (PostgreSQL + Redis)', () => {
  storagePortsContract(openFresh);
});

describe('server storage ports: accounts and money', () => {
  accountsContract(openFresh);
});

describe('server storage ports: rate windows and period budgets', () => {
  limitsContract(openFresh);
});

describe('server storage ports: an instance lost mid-call', () => {
  it('has its open reservation refunded by another instance, which logs the call as refunded', async () => {
    const { options } = await freshServerStore();
    const open = () => openServerPorts(options);
    const [lost, survivor] = [await open(), await open()];
    try {
      const user = (await lost.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      await lost.quota.adjustUser(user.id, 1_000);
      const { record: token } = await lost.tokens.create({ user_id: user.id, name: 'k', unlimited_quota: true });
      const call = { type: 2, user_id: user.id, token_id: token.id, username: 'ada', model: 'm', created_at: Date.now() } as NewLogRecord;
      const reserved = await lost.quota.reserve({ userId: user.id, tokenId: token.id, amount: 400, call });
      expect(reserved).toHaveProperty('reservation');
      // The instance stops without settling (its heartbeat ends): the survivor's sweep refunds the call once.
      await (lost.quota as RedisQuotaLedger).stop();
      await expect.poll(async () => (await (survivor.quota as RedisQuotaLedger).sweep()).length + (await survivor.quota.standing(user.id, token.id)).userLeft, { timeout: 10_000 }).toBe(1_000);
      await survivor.logs.flush();
      const page = await survivor.logs.query({ page: 1, page_size: 10 });
      expect(page.items).toMatchObject([{ type: LogType.error, quota: 0, error: REFUNDED_AFTER_LOSS, other: { refunded_quota: 400 } }]);
    } finally {
      await Promise.allSettled([lost.close(), survivor.close()]);
    }
  });
});

describe('server storage ports: what calls read, on every instance', () => {
  it('sees a key, a channel and a setting changed on another instance within a second, without a database round trip per read', async () => {
    const { options } = await freshServerStore();
    const open = () => openServerPorts(options);
    const [a, b] = [await open(), await open()];
    try {
      const user = (await a.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      const made = await a.tokens.create({ user_id: user.id, name: 'k' });
      await expect.poll(() => b.catalog.tokenByKey(made.key)?.id, { timeout: 1_000 }).toBe(made.record.id);
      expect(b.catalog.user(user.id)?.username).toBe('ada');

      const channel = await a.channels.create({ type: 1, name: 'openai', base_url: '', models: ['m'], groups: ['default'], families: [], model_mapping: {}, priority: 0, weight: 0, status: 1, auto_ban: true, header_override: {}, proxy: '', key_mode: 'random', settings: {}, test_model: '', tag: '', remark: '' } as never, ['sk-1']);
      await expect.poll(() => b.catalog.channel(channel.id)?.name, { timeout: 1_000 }).toBe('openai');
      expect(await b.catalog.channelKeys(channel.id)).toEqual(['sk-1']);
      await a.channels.update(channel.id, { status: 2 });
      await a.channels.editKeys(channel.id, (keys, states) => {
        keys.push('sk-2');
        states.push({ ...states[0]! });
      });
      await expect.poll(() => b.catalog.channel(channel.id)?.status, { timeout: 1_000 }).toBe(2);
      await expect.poll(async () => await b.catalog.channelKeys(channel.id), { timeout: 1_000 }).toEqual(['sk-1', 'sk-2']);

      const before = b.catalog.revision;
      await a.settings.set({ retry_times: 5 });
      await expect.poll(() => b.catalog.settings().retry_times, { timeout: 1_000 }).toBe(5);
      expect(b.catalog.revision).toBeGreaterThan(before);
      // The key regenerated on one instance stops working on the other.
      const again = (await a.tokens.regenerate(made.record.id))!;
      await expect.poll(() => b.catalog.tokenByKey(made.key), { timeout: 1_000 }).toBeUndefined();
      expect(b.catalog.tokenByKey(again.key)?.id).toBe(made.record.id);
    } finally {
      await Promise.allSettled([a.close(), b.close()]);
    }
  });
});

/** Server ports on a fresh database and Redis prefix, and a wipe of the installation's Redis keys (a Redis restarted empty). */
async function portsLosingRedis() {
  const { options, redis } = await freshServerStore();
  const ports = await openServerPorts(options);
  const wipe = new Redis(redis.url);
  return {
    ports,
    /** Answers how many keys it deleted. */
    async lose() {
      const keys = (await wipe.keys(`${redis.prefix}*`)).filter((k) => !k.includes('heartbeat'));
      if (keys.length > 0) await wipe.del(...keys);
      return keys.length;
    },
    async close() {
      wipe.disconnect();
      await ports.close();
    },
  };
}

describe('server storage ports: Redis lost its data', () => {
  it('gives the period budgets back what they spent, as last written to PostgreSQL', async () => {
    const { ports, lose, close } = await portsLosingRedis();
    try {
      const user = (await ports.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      await ports.quota.adjustUser(user.id, 1_000);
      const { record: token } = await ports.tokens.create({ user_id: user.id, name: 'k', unlimited_quota: true });
      await ports.quota.setKeyQuota(token.id, null);
      const budgets = budgetHoldsOf(`k:${token.id}`, { day: 100 }, 'UTC', Date.now());
      const call = { type: 2, user_id: user.id, token_id: token.id, model: 'm', created_at: Date.now() } as NewLogRecord;
      const held = await ports.quota.reserve({ userId: user.id, tokenId: token.id, amount: 70, call, budgets });
      if (!('reservation' in held)) throw new Error('refused');
      await ports.quota.settle(held.reservation.id, 60, 0, ports.logs.encode(call));
      await ports.syncCounters();
      await lose();
      // The next reservation finds the counters gone, loads them again, and the day's 60 with them.
      expect(await ports.quota.reserve({ userId: user.id, tokenId: token.id, amount: 50, call, budgets })).toMatchObject({ refused: { budget: { key: `k:${token.id}:day`, left: 40 } } });
      expect(await ports.quota.periodSpent(budgets)).toEqual([60]);
    } finally {
      await close();
    }
  });

  it('loads the quota counters again from PostgreSQL and serves the next reservation', async () => {
    const { ports, lose, close } = await portsLosingRedis();
    try {
      const user = (await ports.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      await ports.quota.adjustUser(user.id, 1_000);
      const { record: token } = await ports.tokens.create({ user_id: user.id, name: 'k', unlimited_quota: false, remain_quota: 500 });
      await ports.quota.setKeyQuota(token.id, 500);
      // Redis restarted without persistence: everything of this installation is gone.
      expect(await lose()).toBeGreaterThan(0);
      const call = { type: 2, user_id: user.id, token_id: token.id, model: 'm', created_at: Date.now() } as NewLogRecord;
      expect(await ports.quota.reserve({ userId: user.id, tokenId: token.id, amount: 200, call })).toMatchObject({ reservation: { amount: 200 } });
      expect(await ports.quota.standing(user.id, token.id)).toMatchObject({ userLeft: 800, keyLeft: 300 });
    } finally {
      await close();
    }
  });
});
