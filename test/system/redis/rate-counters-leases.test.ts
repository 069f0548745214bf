import { describe, expect, it, onTestFinished } from 'vitest';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { redisLeases } from '../../../relay/store/redis/leases.js';
import { redisRateCounters } from '../../../relay/store/redis/rate-counters.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

// Rate-limit counters and leases on a real Redis, seen from two instances (connections).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function twoInstances() {
  const { url, prefix } = freshRedisPrefix();
  return [0, 1].map(() => {
    const client = new RedisClient(url, { prefix });
    onTestFinished(() => client.close());
    return client;
  }) as [RedisClient, RedisClient];
}

describe('Redis rate counters', () => {
  it('holds a limit across instances: 30 a minute, whichever instance is hit', async () => {
    const [a, b] = twoInstances().map(redisRateCounters);
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => (i % 2 ? a : b)!.hit('usage:user:1', 30, 60_000)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(30);
    for (const refused of answers.filter((answer) => !answer.allowed)) {
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    expect(await a!.hit('usage:user:2', 30, 60_000)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('starts a new window when the last one ends', async () => {
    const [a, b] = twoInstances().map(redisRateCounters);
    expect((await a!.hit('login:1.2.3.4', 1, 300)).allowed).toBe(true);
    expect((await b!.hit('login:1.2.3.4', 1, 300)).allowed).toBe(false);
    await sleep(400);
    expect((await b!.hit('login:1.2.3.4', 1, 300)).allowed).toBe(true);
  });

  it('keeps installations apart', async () => {
    const one = redisRateCounters(twoInstances()[0]);
    const other = redisRateCounters(twoInstances()[0]);
    expect((await one.hit('k', 1, 60_000)).allowed).toBe(true);
    expect((await other.hit('k', 1, 60_000)).allowed).toBe(true);
  });
});

describe('Redis leases', () => {
  it('one holder at a time; only the holder renews or releases it', async () => {
    const [a, b] = twoInstances().map(redisLeases);
    expect(await a!.acquire('video:task-1', 'instance-a', 60_000)).toBe(true);
    expect(await b!.acquire('video:task-1', 'instance-b', 60_000)).toBe(false);
    expect(await a!.acquire('video:task-1', 'instance-a', 60_000)).toBe(true); // renewed
    await b!.release('video:task-1', 'instance-b');
    expect(await b!.acquire('video:task-1', 'instance-b', 60_000)).toBe(false);
    expect(await b!.acquire('video:task-2', 'instance-b', 60_000)).toBe(true);
    await a!.release('video:task-1', 'instance-a');
    expect(await b!.acquire('video:task-1', 'instance-b', 60_000)).toBe(true);
  });

  it('a lease its holder stops renewing passes to another, and the old holder can no longer touch it', async () => {
    const [a, b] = twoInstances().map(redisLeases);
    expect(await a!.acquire('video:task-1', 'instance-a', 200)).toBe(true);
    await sleep(300);
    expect(await b!.acquire('video:task-1', 'instance-b', 60_000)).toBe(true);
    expect(await a!.acquire('video:task-1', 'instance-a', 200)).toBe(false);
    await a!.release('video:task-1', 'instance-a');
    expect(await a!.acquire('video:task-1', 'instance-a', 200)).toBe(false);
  });
});
