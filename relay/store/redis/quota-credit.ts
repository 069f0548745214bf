import type { RedisClient } from './client.js';
import { QuotaNotLoadedError } from './quota-ledger.js';

// Credits to a user's quota counter in Redis (quota-scripts.ts has the key layout), each
// applied at most once: a credit names its operation (`topup:<id>`), remembered for 30 days,
// so finishing a credit again after a crash (account-ledger.ts) never doubles it.

const OPERATION_MEMORY_S = 30 * 24 * 3600;

const CREDIT = {
  numberOfKeys: 0,
  // ARGV: P, user, delta, operation. Answers {1, quota} when applied, {0, quota} when it was before, {-1} when the user's counters are not loaded.
  lua: `
local P = ARGV[1]
local u = P .. 'q:u:' .. ARGV[2]
if redis.call('EXISTS', u) == 0 then return { -1 } end
if not redis.call('SET', P .. 'q:op:' .. ARGV[4], '1', 'NX', 'EX', ${OPERATION_MEMORY_S}) then
  return { 0, tonumber(redis.call('HGET', u, 'quota')) }
end
local quota = redis.call('HINCRBY', u, 'quota', ARGV[3])
-- Calls waiting for quota on any instance look again (see P q:wait in quota-scripts.ts).
if tonumber(ARGV[3]) > 0 and redis.call('EXISTS', P .. 'q:wait') == 1 then redis.call('PUBLISH', P .. 'ch:quota', '') end
return { 1, quota }`,
};

export class RedisQuotaCredit {
  private readonly script: (...args: Array<string | number>) => Promise<number[]>;

  constructor(client: RedisClient) {
    client.redis.defineCommand('quotaCredit', CREDIT);
    const command = (client.redis as unknown as { quotaCredit: (...args: Array<string | number>) => Promise<number[]> }).quotaCredit.bind(client.redis);
    this.script = (...args) => command(client.prefix, ...args).catch(client.failed);
  }

  /** Adds `delta` to the user's quota unless `operation` was applied before; answers the quota after. */
  async credit(userId: number, delta: number, operation: string): Promise<{ applied: boolean; quota: number }> {
    if (!Number.isSafeInteger(delta)) throw new Error(`Quota credit must be a whole number (got ${delta}).`);
    const [applied, quota] = await this.script(userId, delta, operation);
    if (applied === -1) throw new QuotaNotLoadedError('user', userId);
    return { applied: applied === 1, quota: quota ?? 0 };
  }
}
