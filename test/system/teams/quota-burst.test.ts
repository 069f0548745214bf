// 1,000 chat calls (half streamed), 150 at a time, spread over three instances on one key whose
// quota pays for about a third of them. While they run, what calls hold never exceeds what the
// key has left; a refused call is refused in OpenAI's error shape (403, insufficient quota);
// afterwards the key ends at or above zero, and its counters, its user's and the logs agree
// exactly. The fake upstream charges at most what a call reserved (an honest upstream within
// max_tokens), so no call may take the key below zero: the in-flight excess is zero.
import { describe, expect, it } from 'vitest';
import { burst, callLogs, chat, fakeOpenAI, setUpTeam, startTeam, sum, usage } from './team.js';
import type { Instance } from './team.js';

const CALLS = 1_000;
const CONCURRENCY = 150;
/** gpt-4o, `repeat 10` answered in 12 tokens after a 9-token prompt: ~71 quota a call; ~280 calls. */
const KEY_QUOTA = 20_000;

describe('one limited key, 1,000 concurrent calls over three instances', () => {
  it('holds no more than the key has left, refuses in the client shape, and ends with counters equal to the logs', async () => {
    const upstream = await fakeOpenAI();
    const team = await startTeam({ instances: 3 });
    const { admin, key, tokenId } = await setUpTeam(team, upstream, ['gpt-4o'], { unlimited_quota: false, remain_quota: KEY_QUOTA });
    const [one] = team.instances;
    const start = await usage(one!, key);
    expect(start.key).toMatchObject({ granted: KEY_QUOTA, used: 0, held: 0, left: KEY_QUOTA });

    // What calls hold, sampled on every instance while the burst runs (few samples: /v1/usage allows 30 a minute).
    let running = true;
    const samples: Awaited<ReturnType<typeof usage>>[] = [];
    const sampler = (async () => {
      for (let i = 0; running && samples.length < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        samples.push(await usage(team.instances[i % 3]!, key));
      }
    })();
    const results = await burst(CALLS, CONCURRENCY, (i) => chat(team.instances[i % 3]!, key, { stream: i % 2 === 0 }));
    running = false;
    await sampler;

    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(served.every((r) => r.answered), 'every call answered 200 got its whole answer').toBe(true);
    for (const r of refused) {
      expect(r.status, `${r.instance}: ${JSON.stringify(r.error)}`).toBe(403);
      expect(r.error).toMatchObject({ code: 'insufficient_token_quota', type: expect.any(String), message: expect.stringMatching(/quota/) });
    }
    expect(served.length, 'the key paid for some calls').toBeGreaterThan(100);
    expect(refused.length, 'and its quota ran out').toBeGreaterThan(100);
    for (const instance of team.instances) expect(served.some((r) => r.instance === instance.name), `${instance.name} served`).toBe(true);

    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      expect(sample.key.left, 'held by calls in progress: never more than the key has left').toBeGreaterThanOrEqual(0);
    }

    // Nothing held once the calls are over; the key at or above zero, its quota all accounted for
    // (`used` comes from the records, which follow the live counters within a few seconds).
    await expect
      .poll(async () => {
        const { key: k } = await usage(one!, key);
        return { held: k.held, total: k.used + k.left, requests: k.requests };
      }, { timeout: 10_000, interval: 1_000 })
      .toEqual({ held: 0, total: KEY_QUOTA, requests: served.length });
    const end = await usage(one!, key);
    expect(end.key.left).toBeGreaterThanOrEqual(0);
    expect(end.account.used).toBe(end.key.used);
    expect(end.account.left).toBe(start.account.left - end.key.used);

    // The logs (written in batches) sum exactly to the counters: each served call once, no refused call charged.
    await expect.poll(async () => (await callLogs(team)).filter((r) => r.type === 2).length, { timeout: 10_000 }).toBe(served.length);
    const consumed = (await callLogs(team)).filter((r) => r.type === 2);
    expect(new Set(consumed.map((r) => r.request_id))).toEqual(new Set(served.map((r) => r.requestId)));
    expect(sum(consumed.map((r) => r.quota))).toBe(end.key.used);
    const stat = await admin.call('GET', '/api/log/stat?type=2&token_name=team%20key');
    expect(stat.json.data).toMatchObject({ quota: end.key.used, requests: served.length });

    // The management API's records agree once the counters are written back to PostgreSQL (every few seconds).
    await expect
      .poll(async () => {
        const token = (await admin.call('GET', `/api/token/${tokenId}`)).json.data;
        const user = (await admin.call('GET', '/api/user/self')).json.data;
        return { key: [token.used_quota, token.remain_quota, token.request_count], user: [user.used_quota, user.quota, user.request_count] };
      }, { timeout: 10_000, interval: 250 })
      .toEqual({ key: [end.key.used, end.key.left, served.length], user: [end.account.used, end.account.left, served.length] });
  }, 120_000);

  it('/v1/usage during a burst: used + held + left is what the key was given at every moment, and the requests count live', async () => {
    const upstream = await fakeOpenAI();
    const team = await startTeam({ instances: 2 });
    const { key } = await setUpTeam(team, upstream, ['gpt-4o'], { unlimited_quota: false, remain_quota: KEY_QUOTA });
    const start = await usage(team.instances[0]!, key);
    let running = true;
    const samples: Awaited<ReturnType<typeof usage>>[] = [];
    const sampler = (async () => {
      for (let i = 0; running && samples.length < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        samples.push(await usage(team.instances[i % 2]!, key));
      }
    })();
    const results = await burst(400, 40, (i) => chat(team.instances[i % 2]!, key, { stream: i % 2 === 0 }));
    running = false;
    await sampler;
    const served = results.filter((r) => r.status === 200).length;
    expect(served).toBeGreaterThan(100);
    expect(samples.length, 'samples taken while calls ran').toBeGreaterThan(3);
    expect(samples.map((s) => s.key.used + s.key.held + s.key.left)).toEqual(samples.map(() => KEY_QUOTA));
    expect(samples.map((s) => s.account.used + s.account.held + s.account.left)).toEqual(samples.map(() => start.account.granted));
    expect(samples.some((s) => s.key.requests > 0 && s.key.requests < served), 'requests counted as calls end').toBe(true);
    // Once the calls are over, at once (not after the counters are written back): every served call counted.
    const end = await usage(team.instances[1]!, key);
    expect({ held: end.key.held, requests: end.key.requests, total: end.key.used + end.key.left }).toEqual({ held: 0, requests: served, total: KEY_QUOTA });
  }, 60_000);

  it('a call waiting for quota held on another instance goes on within seconds of its release, not after the 30 s wait limit', async () => {
    // `repeat 30`: 25 chunks 100 ms apart, a stream of ~2.5 s costing ~200 quota on gpt-4o.
    const upstream = await fakeOpenAI({ chunkDelayMs: 100 });
    const team = await startTeam({ instances: 2 });
    // 400: the first call (bound ~515 with max_tokens 100) holds all of it while it runs.
    const { key } = await setUpTeam(team, upstream, ['gpt-4o'], { unlimited_quota: false, remain_quota: 400 });
    const [one, two] = team.instances as [Instance, Instance];

    const first = chat(one, key, { stream: true, words: 30, maxTokens: 100 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startedAt = Date.now();
    const second = await chat(two, key, { stream: true, words: 30, maxTokens: 100 });
    const firstResult = await first;
    expect(firstResult.answered).toBe(true);
    expect(second.answered, JSON.stringify(second.error)).toBe(true);
    // The first call ends ~2 s after the second started; the second then streams ~2.5 s. On one relay: ~5 s.
    expect(Date.now() - startedAt).toBeLessThan(15_000);
  }, 60_000);
});
