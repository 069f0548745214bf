import type { RedisClient } from './client.js';

// What the period budgets spent (quota-scripts.ts: P q:b:<budget>, listed in P q:budgets), read
// for the write-back to PostgreSQL and seeded from it into a Redis that has none: at start, and
// after Redis lost its data, like the quota counters (server-ports.ts).

export interface PeriodSpend {
  /** `k:<key>:day`, `u:<user>:month`… */
  key: string;
  /** The period it counts now (`2026-11-24`…). */
  period: string;
  spent: number;
}

/** How long a seeded budget is kept: past the end of any period it can count (a month). */
const SEEDED_MS = 32 * 86_400_000;

// ARGV: per budget: its Redis key, its name, period, spent, ms to keep it. Seeds those absent; answers how many.
const SEED = {
  numberOfKeys: 0,
  lua: `
local seeded = 0
for i = 2, #ARGV, 5 do
  if redis.call('EXISTS', ARGV[i]) == 0 then
    redis.call('HSET', ARGV[i], 'p', ARGV[i + 2], 's', ARGV[i + 3])
    redis.call('PEXPIRE', ARGV[i], ARGV[i + 4])
    redis.call('SADD', ARGV[1], ARGV[i + 1])
    seeded = seeded + 1
  end
end
return seeded`,
};

type Seed = (...args: Array<string | number>) => Promise<number>;

/** Every budget counted now; those whose counter expired (their period long over) leave the list. */
export async function readPeriodSpend(client: RedisClient): Promise<PeriodSpend[]> {
  const names = await client.redis.smembers(client.key('q', 'budgets')).catch(client.failed);
  const pipeline = client.redis.pipeline();
  for (const name of names) pipeline.hmget(client.key('q', 'b', name), 'p', 's');
  const spend: PeriodSpend[] = [];
  const gone: string[] = [];
  ((await pipeline.exec().catch(client.failed)) ?? []).forEach(([error, fields], i) => {
    if (error) throw client.explain(error);
    const [period, spent] = fields as [string | null, string | null];
    if (period === null) gone.push(names[i]!);
    else spend.push({ key: names[i]!, period, spent: Number(spent ?? 0) });
  });
  if (gone.length > 0) await client.redis.srem(client.key('q', 'budgets'), ...gone).catch(client.failed);
  return spend.sort((a, b) => a.key.localeCompare(b.key));
}

/** Seeds the budgets Redis has no counter of (one counted since is newer: left as it is); answers how many. */
export async function seedPeriodSpend(client: RedisClient, spend: readonly PeriodSpend[]): Promise<number> {
  if (!('periodSpendSeed' in client.redis)) client.redis.defineCommand('periodSpendSeed', SEED);
  const seed = (client.redis as unknown as { periodSpendSeed: Seed }).periodSpendSeed.bind(client.redis);
  let seeded = 0;
  for (let start = 0; start < spend.length; start += 500) {
    const fields = spend.slice(start, start + 500).flatMap((b) => [client.key('q', 'b', b.key), b.key, b.period, Math.round(b.spent), SEEDED_MS]);
    seeded += await seed(client.key('q', 'budgets'), ...fields).catch(client.failed);
  }
  return seeded;
}
