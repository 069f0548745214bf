import type { AffinityTarget, SessionAffinities } from '../ports.js';
import type { RedisClient } from './client.js';

// Session affinities shared by every instance: one key per session holding `channel:key`,
// expiring `ttlMs` after its last use (read and renewed in one script).

const RECALL = {
  numberOfKeys: 1,
  lua: `
local value = redis.call('GET', KEYS[1])
if value then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value`,
};

type Recall = (key: string, ttlMs: number) => Promise<string | null>;

export function redisAffinities(client: RedisClient): SessionAffinities {
  client.redis.defineCommand('affinityRecall', RECALL);
  const commands = client.redis as unknown as { affinityRecall: Recall };
  const ttl = (ms: number) => Math.max(1, Math.round(ms));
  return {
    async recall(session, ttlMs) {
      return parse(await commands.affinityRecall(client.key('affinity', session), ttl(ttlMs)).catch(client.failed));
    },
    async remember(session, target, ttlMs) {
      await client.redis.set(client.key('affinity', session), `${target.channelId}:${target.keyIndex}`, 'PX', ttl(ttlMs)).catch(client.failed);
    },
  };
}

function parse(value: string | null): AffinityTarget | undefined {
  const match = value ? /^(\d+):(\d+)$/.exec(value) : null;
  return match ? { channelId: Number(match[1]), keyIndex: Number(match[2]) } : undefined;
}
