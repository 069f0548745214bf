// One instance of three killed with SIGKILL in the middle of a burst, streams in progress on
// it: the others refund what its calls held within about ten seconds (the key's usage shows
// nothing held), nothing is charged twice or lost (what the key was given = left + used), and
// each stream the kill cut short is logged once, as refunded.
import { describe, expect, it } from 'vitest';
import { REFUNDED_AFTER_LOSS } from '../../../relay/store/server-ports.js';
import { KEY_QUOTA, killMidBurst } from './kill-mid-burst.js';
import { callLogs, usage } from './team.js';

describe('an instance killed mid-burst', () => {
  it('has its open reservations refunded by the others within ~10 s, nothing charged twice, each cut stream logged once as refunded', async () => {
    const { team, key, one, victim, results, runningOnVictim, killedAt } = await killMidBurst();

    const cut = results.filter((r) => r.instance === victim.name && r.cut);
    expect(cut.length, `calls cut by the kill (${runningOnVictim} were running on it)`).toBeGreaterThan(0);
    expect(results.filter((r) => r.instance !== victim.name && !r.answered), 'the other instances answered every call').toEqual([]);

    // The victim's reservations come back within ~10 s (its heartbeat expires, another instance sweeps).
    await expect.poll(async () => (await usage(one, key)).key.held, { timeout: 12_000, interval: 500 }).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(13_000);
    // What the key was given is what is left plus what was used: nothing charged twice, nothing
    // lost (`used` comes from the records, which follow the live counters within a few seconds).
    await expect
      .poll(async () => {
        const { key: k, account } = await usage(one, key);
        return { held: k.held + account.held, total: k.used + k.left };
      }, { timeout: 10_000, interval: 1_000 })
      .toEqual({ held: 0, total: KEY_QUOTA });

    // Each stream the kill cut mid-answer was refunded by another instance and logged once, as such.
    const cutIds = cut.map((r) => r.requestId).filter((id): id is string => id !== null);
    expect(cutIds.length, 'streams cut mid-answer').toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const logs = await callLogs(team);
        return cutIds.filter((id) => {
          const mine = logs.filter((r) => r.request_id === id);
          return mine.length !== 1 || mine[0]!.error !== REFUNDED_AFTER_LOSS || mine[0]!.quota !== 0;
        });
      }, { timeout: 10_000, interval: 250 })
      .toEqual([]);
    const logged = new Map<string, number>();
    for (const r of await callLogs(team)) logged.set(r.request_id, (logged.get(r.request_id) ?? 0) + 1);
    expect([...logged.entries()].filter(([, n]) => n > 1), 'calls logged more than once').toEqual([]);
  }, 90_000);

  // Fails in server mode (2 runs of 3 here): calls the killed instance answered and settled in
  // its last moments are charged (the ledger's counters in Redis) but never logged: the log
  // records were still in its in-process batch queue (postgres/log-store.ts: "a crash loses the
  // records still queued"). Needs the record to outlive the instance with the settlement (e.g.
  // kept in Redis with it until written). The test: instance-loss-logs.failing.test.ts (not committed).
  it.todo('every call the killed instance answered is logged once, and the counters equal the sums of the logs');
});
