import type { RateCounters } from '../ports.js';
import type { RedisClient } from './client.js';

// Fixed-window counters shared by every instance: the window starts at its first hit and
// ends with its key's expiry. INCR and PEXPIRE in one script, so a window never lives on
// without an end (an instance stopping between the two would leave one).

const HIT = {
  numberOfKeys: 1,
  lua: `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }`,
};

// Amounts counted in several windows at once, all or none (rate limits of a call: its key's,
// user's, model's…). A window is a hash: n the count, w its id (the Redis clock at its start),
// so that a correction made after the window ended never lands in the next one.
// KEYS: the windows; ARGV: window ms, then limit and amount of each.
const TAKE = {
  lua: `
local window = tonumber(ARGV[1])
for i = 1, #KEYS do
  local count = tonumber(redis.call('HGET', KEYS[i], 'n')) or 0
  if count > 0 and count + tonumber(ARGV[2 * i + 1]) > tonumber(ARGV[2 * i]) then
    local left = redis.call('PTTL', KEYS[i])
    return { 0, i - 1, left > 0 and left or window }
  end
end
local now = redis.call('TIME')
local ids = { 1 }
for i = 1, #KEYS do
  local w = redis.call('HGET', KEYS[i], 'w')
  if not w or redis.call('PTTL', KEYS[i]) < 0 then
    w = now[1] .. '.' .. now[2]
    redis.call('HSET', KEYS[i], 'w', w, 'n', 0)
    redis.call('PEXPIRE', KEYS[i], window)
  end
  redis.call('HINCRBY', KEYS[i], 'n', ARGV[2 * i + 1])
  table.insert(ids, w)
end
return ids`,
};

// KEYS[1]: a window; ARGV: its id, the delta. Never below 0.
const CORRECT = {
  numberOfKeys: 1,
  lua: `
if redis.call('HGET', KEYS[1], 'w') ~= ARGV[1] then return 0 end
if redis.call('HINCRBY', KEYS[1], 'n', ARGV[2]) < 0 then redis.call('HSET', KEYS[1], 'n', 0) end
return 1`,
};

type Hit = (key: string, windowMs: number) => Promise<[number, number]>;
type Take = (keys: number, ...args: Array<string | number>) => Promise<Array<number | string>>;
type Correct = (key: string, window: string, delta: number) => Promise<number>;

export function redisRateCounters(client: RedisClient): RateCounters {
  client.redis.defineCommand('rateHit', HIT);
  client.redis.defineCommand('rateTake', TAKE);
  client.redis.defineCommand('rateCorrect', CORRECT);
  const commands = client.redis as unknown as { rateHit: Hit; rateTake: Take; rateCorrect: Correct };
  return {
    async hit(key, limit, windowMs) {
      const [count, left] = await commands.rateHit(client.key('rl', key), Math.max(1, Math.round(windowMs))).catch(client.failed);
      return count <= limit ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: left };
    },
    async take(counts, windowMs) {
      if (counts.length === 0) return { allowed: true, windows: [] };
      const keys = counts.map((count) => client.key('rw', count.key));
      const limits = counts.flatMap((count) => [Math.floor(count.limit), Math.ceil(count.amount)]);
      const answer = await commands.rateTake(keys.length, ...keys, Math.max(1, Math.round(windowMs)), ...limits).catch(client.failed);
      if (Number(answer[0]) === 1) return { allowed: true, windows: answer.slice(1).map(String) };
      return { allowed: false, index: Number(answer[1]), retryAfterMs: Number(answer[2]) };
    },
    async correct(key, window, delta) {
      if (delta === 0) return;
      await commands.rateCorrect(client.key('rw', key), window, Math.round(delta)).catch(client.failed);
    },
  };
}
