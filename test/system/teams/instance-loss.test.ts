// One instance of three killed with SIGKILL in the middle of a burst, streams in progress on
// it: the others refund what its calls held within about ten seconds (the key's usage shows
// nothing held), nothing is charged twice or lost (what the key was given = left + used),
// each stream the kill cut short is logged once, as refunded, and every call answered (on the
// killed instance too) is logged once.
import { describe, expect, it } from 'vitest';
import { REFUNDED_AFTER_LOSS } from '../../../relay/store/server-ports.js';
import { KEY_QUOTA, killMidBurst } from './kill-mid-burst.js';
import { callLogs, sum, usage } from './team.js';

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

  it('every call it answered is logged once, and the counters equal the sums of the logs', async () => {
    const { team, key, one, results } = await killMidBurst();
    await expect.poll(async () => (await usage(one, key)).key.held, { timeout: 12_000, interval: 500 }).toBe(0);

    const answered = results.filter((r) => r.answered);
    await expect
      .poll(async () => {
        const times = new Map<string, number>();
        for (const r of await callLogs(team)) times.set(r.request_id, (times.get(r.request_id) ?? 0) + 1);
        return answered.filter((r) => times.get(r.requestId!) !== 1).map((r) => `${r.instance} ${r.requestId}: logged ${times.get(r.requestId!) ?? 0} times`);
      }, { timeout: 10_000, interval: 250 })
      .toEqual([]);
    const end = await usage(one, key);
    const consumed = (await callLogs(team)).filter((r) => r.type === 2);
    expect({ requests: consumed.length, quota: sum(consumed.map((r) => r.quota)) }).toEqual({ requests: end.key.requests, quota: end.key.used });
    expect(end.key.used + end.key.left).toBe(KEY_QUOTA);
  }, 90_000);
});
