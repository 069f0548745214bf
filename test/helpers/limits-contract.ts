// Rate counters' windows and the quota ledger's period budgets, as every store must keep them
// (relay/store/ports.ts RateCounters.take, ReserveAsk.budgets): run against the embedded store
// in test/unit/store/embedded-ports.test.ts, against PostgreSQL + Redis in test/system.
import { expect, it } from 'vitest';
import { budgetHoldsOf } from '../../relay/billing/period-budgets.js';
import type { NewLogRecord } from '../../relay/store/logs/types.js';
import type { StoragePorts } from '../../relay/store/ports.js';
import type { OpenPorts } from './storage-ports-contract.js';

const call = (userId: number, tokenId: number): NewLogRecord => ({ type: 2, user_id: userId, token_id: tokenId, model: 'm', created_at: Date.now() }) as NewLogRecord;

async function richUser(ports: StoragePorts) {
  const user = (await ports.users.create({ username: `b${Math.random().toString(36).slice(2, 8)}`, password_hash: 'x', role: 1 }))!;
  await ports.quota.adjustUser(user.id, 1_000_000);
  const { record } = await ports.tokens.create({ user_id: user.id, name: 'k', unlimited_quota: true });
  await ports.quota.setKeyQuota(record.id, null);
  return { userId: user.id, tokenId: record.id };
}

export function limitsContract(open: OpenPorts): void {
  it('takes counts in several windows all or none, under concurrency never past a limit, and corrects a count only in its own window', async () => {
    const ports = await open();
    try {
      const taken = await Promise.all(Array.from({ length: 8 }, () => ports.counters.take([{ key: 'rpm:k:1', limit: 3, amount: 1 }], 60_000)));
      expect(taken.filter((t) => t.allowed)).toHaveLength(3);
      const refused = taken.find((t) => !t.allowed)!;
      expect(refused).toMatchObject({ allowed: false, index: 0 });
      expect(refused.allowed === false && refused.retryAfterMs).toBeGreaterThan(50_000);

      // Two windows: the second refuses, so the first counts nothing either.
      const first = await ports.counters.take([{ key: 'tpm:a', limit: 100, amount: 60 }], 60_000);
      expect(first.allowed).toBe(true);
      expect(await ports.counters.take([{ key: 'tpm:b', limit: 100, amount: 10 }, { key: 'tpm:a', limit: 100, amount: 50 }], 60_000)).toMatchObject({ allowed: false, index: 1 });
      expect((await ports.counters.take([{ key: 'tpm:a', limit: 100, amount: 40 }], 60_000)).allowed).toBe(true); // 100: exactly full
      // Corrected down (a call used less than it was counted for): room again.
      await ports.counters.correct('tpm:a', first.allowed ? first.windows[0]! : '', -50);
      expect((await ports.counters.take([{ key: 'tpm:a', limit: 100, amount: 50 }], 60_000)).allowed).toBe(true);
      // A correction naming another window changes nothing.
      await ports.counters.correct('tpm:a', 'some-ended-window', -100);
      expect((await ports.counters.take([{ key: 'tpm:a', limit: 100, amount: 1 }], 60_000)).allowed).toBe(false);
      // A call bigger than the whole limit still gets into an empty window.
      expect((await ports.counters.take([{ key: 'tpm:empty', limit: 10, amount: 10 }], 60_000)).allowed).toBe(true);
    } finally {
      await ports.dispose();
    }
  });

  it("counts reservations into a period budget, settles the cost into it, refunds out of it, and starts again at the zone's next midnight", async () => {
    const ports = await open();
    try {
      const { userId, tokenId } = await richUser(ports);
      // 23:30 on 24 November in Berlin (22:30 UTC), and one hour later: the next day there, the same day in UTC.
      const before = Date.parse('2026-11-24T22:30:00Z');
      const after = before + 3_600_000;
      const today = budgetHoldsOf(`k:${tokenId}`, { day: 100, month: 120 }, 'Europe/Berlin', before);
      expect(today.map((h) => h.period)).toEqual(['2026-11-24', '2026-11']);
      const reserve = (amount: number, budgets = today) => ports.quota.reserve({ userId, tokenId, amount, call: call(userId, tokenId), budgets });

      const first = await reserve(60);
      if (!('reservation' in first)) throw new Error('refused');
      const refused = await reserve(50);
      expect(refused).toMatchObject({ refused: { budget: { key: `k:${tokenId}:day`, left: 40 } } });
      expect(await ports.quota.periodSpent(today)).toEqual([60, 60]);

      await ports.quota.settle(first.reservation.id, 30, 0, ports.logs.encode(call(userId, tokenId)));
      expect(await ports.quota.periodSpent(today)).toEqual([30, 30]);
      const second = await reserve(50);
      if (!('reservation' in second)) throw new Error('refused');
      await ports.quota.refund(second.reservation.id);
      expect(await ports.quota.periodSpent(today)).toEqual([30, 30]);

      // After Berlin's midnight: a new day (the day's spending starts at 0), the same month.
      const tomorrow = budgetHoldsOf(`k:${tokenId}`, { day: 100, month: 120 }, 'Europe/Berlin', after);
      expect(tomorrow.map((h) => h.period)).toEqual(['2026-11-25', '2026-11']);
      expect(await ports.quota.periodSpent(tomorrow)).toEqual([0, 30]);
      const third = await reserve(80, tomorrow);
      if (!('reservation' in third)) throw new Error('refused');
      // The month binds now: 110 of 120 spent.
      expect(await reserve(15, tomorrow)).toMatchObject({ refused: { budget: { key: `k:${tokenId}:month`, left: 10 } } });
      await ports.quota.settle(third.reservation.id, 80, 0, ports.logs.encode(call(userId, tokenId)));
      expect(await ports.quota.periodSpent(tomorrow)).toEqual([80, 110]);
      // The old day's counter is another period's: it reads 0 for today's.
      expect(await ports.quota.periodSpent(today)).toEqual([0, 110]);
    } finally {
      await ports.dispose();
    }
  });
}
