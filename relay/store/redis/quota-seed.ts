import type { RedisClient } from './client.js';

// Open reservations handed to the Redis quota ledger from elsewhere: those of an embedded
// install that `migrate` copied into PostgreSQL (a video task in progress holds one). Each is
// given as a detached reservation (owner '': no sweeper refunds it; whichever instance
// follows its task settles or refunds it), under the key layout of quota-scripts.ts, plus
//   P q:seeded   set   the ids ever seeded (each is seeded once, whoever asks and however often)
// The counters given to Redis are already net of the hold (what is left excludes it), so
// seeding adds the amount to `held` only. The reservation ids stay as they were (tasks name
// them); q:seq is moved past them so new reservations never take one.

const SEED = {
  numberOfKeys: 0,
  /** ARGV: P, then per reservation: id, user, key, amount, limited (1/0), call JSON. Answers how many it seeded. */
  lua: `
local P = ARGV[1]
local seeded = 0
for i = 2, #ARGV, 6 do
  local id, user, key, amount, limited, call = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3], ARGV[i + 4], ARGV[i + 5]
  if tonumber(redis.call('GET', P .. 'q:seq') or '0') < tonumber(id) then redis.call('SET', P .. 'q:seq', id) end
  if redis.call('SADD', P .. 'q:seeded', id) == 1 and redis.call('HEXISTS', P .. 'q:r', id) == 0 then
    redis.call('HSET', P .. 'q:r', id, user .. ':' .. key .. ':' .. amount .. ':' .. limited .. ':')
    redis.call('HSET', P .. 'q:call', id, call)
    local u = P .. 'q:u:' .. user
    if redis.call('EXISTS', u) == 1 then redis.call('HINCRBY', u, 'held', amount) end
    local k = P .. 'q:k:' .. key
    if key ~= '0' and redis.call('EXISTS', k) == 1 then redis.call('HINCRBY', k, 'held', amount) end
    seeded = seeded + 1
  end
end
return seeded`,
};

export interface SeededReservation {
  id: number;
  userId: number;
  tokenId: number;
  amount: number;
  /** The key's quota held too (it was limited when reserved). */
  tokenLimited: boolean;
  /** The call's log record as reserved (JSON-able). */
  call: unknown;
}

type SeedCommand = (prefix: string, ...args: Array<string | number>) => Promise<number>;

/**
 * Gives the reservations to the ledger as detached ones, each once ever (ids seeded before
 * are left, even if closed since). Needs the users' and keys' counters loaded first. Answers
 * how many it seeded.
 */
export async function seedDetachedReservations(client: RedisClient, reservations: readonly SeededReservation[]): Promise<number> {
  if (reservations.length === 0) return 0;
  client.redis.defineCommand('quotaSeedDetached', SEED);
  const seed = (client.redis as unknown as { quotaSeedDetached: SeedCommand }).quotaSeedDetached.bind(client.redis);
  let seeded = 0;
  for (let start = 0; start < reservations.length; start += 500) {
    const args = reservations.slice(start, start + 500).flatMap((r) => [r.id, r.userId, r.tokenId, whole(r.amount), r.tokenLimited ? 1 : 0, JSON.stringify(r.call)]);
    seeded += await seed(client.prefix, ...args).catch(client.failed);
  }
  return seeded;
}

function whole(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`A reservation's amount must be a whole number (got ${amount}).`);
  return amount;
}
