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

type Hit = (key: string, windowMs: number) => Promise<[number, number]>;

export function redisRateCounters(client: RedisClient): RateCounters {
  client.redis.defineCommand('rateHit', HIT);
  const hit = (client.redis as unknown as { rateHit: Hit }).rateHit.bind(client.redis);
  return {
    async hit(key, limit, windowMs) {
      const [count, left] = await hit(client.key('rl', key), Math.max(1, Math.round(windowMs))).catch(client.failed);
      return count <= limit ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: left };
    },
  };
}
