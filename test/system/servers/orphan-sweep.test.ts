// A reservation whose script's answer was lost on the wire (made in Redis, never known to the
// call): its own instance refunds it within the orphan bound and logs it once as refunded,
// while a reservation a call holds and a video task's (detached) stay held.
import { describe, expect, it } from 'vitest';
import type { NewLogRecord } from '../../../relay/store/logs/types.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisQuotaLedger } from '../../../relay/store/redis/quota-ledger.js';
import { openServerPorts, REFUNDED_ORPHAN } from '../../../relay/store/server-ports.js';
import { freshServerStore } from '../../helpers/server-db.js';

const ORPHAN_AFTER_MS = 1_000;

describe('the orphan sweep', () => {
  it('refunds and logs an instance’s own reservation that no call holds, and leaves held and detached ones', async () => {
    const { options, redis } = await freshServerStore();
    const ports = await openServerPorts({ ...options, lossDetection: { heartbeatMs: 5_000, sweepEveryMs: 200, orphanAfterMs: ORPHAN_AFTER_MS } });
    // The same instance's connection as seen by a reservation whose answer never reached it.
    const wire = new RedisClient(redis.url, { prefix: redis.prefix, instance: ports.instance });
    try {
      const user = (await ports.users.create({ username: 'ada', password_hash: 'h', role: 1 }))!;
      await ports.quota.adjustUser(user.id, 1_000);
      const { record: token } = await ports.tokens.create({ user_id: user.id, name: 'k', unlimited_quota: true });
      const call = (request_id: string) => ({ type: 2, user_id: user.id, token_id: token.id, model: 'm', request_id, created_at: Date.now() }) as NewLogRecord;
      const reserve = async (quota: Pick<RedisQuotaLedger, 'reserve'>, amount: number, id: string) => {
        const answer = await quota.reserve({ userId: user.id, tokenId: token.id, amount, call: call(id) });
        if (!('reservation' in answer)) throw new Error('refused');
        return answer.reservation.id;
      };
      await reserve(ports.quota, 100, 'held-by-a-call');
      const video = await reserve(ports.quota, 200, 'video-task');
      expect(await ports.quota.detach!(video)).toBe(true);
      const lostAt = Date.now();
      await reserve(new RedisQuotaLedger(wire), 300, 'answer-lost');
      expect((await ports.quota.standing(user.id, token.id)).userHeld).toBe(600);

      await expect.poll(async () => (await ports.quota.standing(user.id, token.id)).userHeld, { timeout: 10_000, interval: 100 }).toBe(300);
      expect(Date.now() - lostAt).toBeGreaterThanOrEqual(ORPHAN_AFTER_MS);
      await ports.logs.flush();
      const logged = await ports.logs.query({ page_size: 100 });
      expect(logged.items.filter((r) => r.request_id !== '').map((r) => ({ request_id: r.request_id, quota: r.quota, error: r.error }))).toEqual([
        { request_id: 'answer-lost', quota: 0, error: REFUNDED_ORPHAN },
      ]);

      // Past the bound again: the call's and the video task's reservations are still held.
      await new Promise((resolve) => setTimeout(resolve, ORPHAN_AFTER_MS + 600));
      expect((await ports.quota.standing(user.id, token.id)).userHeld).toBe(300);
    } finally {
      await wire.close();
      await ports.close();
    }
  }, 30_000);
});
