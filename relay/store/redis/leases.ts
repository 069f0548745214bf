import type { Leases } from '../ports.js';
import type { RedisClient } from './client.js';

// Short leases shared by every instance (a video task polled by one of them at a time): a
// key holding the holder's name, expiring with the lease. Taking it again renews it; only
// its holder renews or releases it (the compare and the change in one script).

const ACQUIRE = {
  numberOfKeys: 1,
  lua: `
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`,
};

const RELEASE = {
  numberOfKeys: 1,
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
};

type Script = (key: string, ...args: Array<string | number>) => Promise<number>;

export function redisLeases(client: RedisClient): Leases {
  client.redis.defineCommand('leaseAcquire', ACQUIRE);
  client.redis.defineCommand('leaseRelease', RELEASE);
  const commands = client.redis as unknown as { leaseAcquire: Script; leaseRelease: Script };
  return {
    async acquire(name, holder, ms) {
      return (await commands.leaseAcquire(client.key('lease', name), holder, Math.max(1, Math.round(ms))).catch(client.failed)) === 1;
    },
    async release(name, holder) {
      await commands.leaseRelease(client.key('lease', name), holder).catch(client.failed);
    },
  };
}
