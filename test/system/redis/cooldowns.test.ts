import { describe, expect, it, onTestFinished } from 'vitest';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { sharedCooldowns } from '../../../relay/store/redis/cooldowns.js';
import { RedisPubSub } from '../../../relay/store/redis/pubsub.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

// Cooldowns kept in step between two instances over a real Redis.

async function twoInstances() {
  const { url, prefix } = freshRedisPrefix();
  const [a, b] = ['a', 'b'].map((name) => {
    const client = new RedisClient(url, { prefix, instance: name });
    const pubsub = new RedisPubSub(client);
    const cooldowns = sharedCooldowns(pubsub, client.instance);
    onTestFinished(async () => {
      cooldowns.stop();
      await client.close();
    });
    return { cooldowns, pubsub };
  }) as [{ cooldowns: ReturnType<typeof sharedCooldowns>; pubsub: RedisPubSub }, { cooldowns: ReturnType<typeof sharedCooldowns>; pubsub: RedisPubSub }];
  await Promise.all([a.pubsub.ready(), b.pubsub.ready()]);
  return [a.cooldowns, b.cooldowns] as const;
}

/** Waits until `check` holds, at most a second: what the issue allows for another instance to see a cooldown. */
async function withinASecond(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 1_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not seen within a second');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('shared cooldowns', () => {
  it("a channel's failure on one instance cools it on the other, and a success on the other ends it on both", async () => {
    const [a, b] = await twoInstances();
    const now = Date.now();
    const state = a.fail({ channelId: 1 }, { baseMs: 5_000 }, now);
    expect(state).toEqual({ until: now + 5_000, failures: 1 });
    await withinASecond(() => b.get({ channelId: 1 }).until > 0);
    expect(b.get({ channelId: 1 })).toEqual(state);

    // The second failure, on b, doubles the wait, and a sees it.
    const second = b.fail({ channelId: 1 }, { baseMs: 5_000 }, now + 6_000);
    expect(second).toEqual({ until: now + 16_000, failures: 2 });
    await withinASecond(() => a.get({ channelId: 1 }).failures === 2);
    expect(a.get({ channelId: 1 })).toEqual(second);

    b.succeed(1, 0);
    expect(b.get({ channelId: 1 })).toEqual({ until: 0, failures: 0 });
    await withinASecond(() => a.get({ channelId: 1 }).failures === 0);
    expect(a.get({ channelId: 1 })).toEqual({ until: 0, failures: 0 });
  });

  it("a key's rate limit is shared too, with when its failure was counted: a call sent before it does not count again", async () => {
    const [a, b] = await twoInstances();
    const now = Date.now();
    const key = { channelId: 2, keyIndex: 1 };
    a.fail(key, { baseMs: 5_000, retryAfterMs: 1_000 }, now);
    await withinASecond(() => b.get(key).failures === 1);
    expect(b.get({ channelId: 2 })).toEqual({ until: 0, failures: 0 });
    // On b, a call sent before a's failure was counted fails after that cooldown: not counted again.
    expect(b.fail(key, { baseMs: 5_000 }, now + 2_000, now - 100)).toEqual({ until: now + 1_000, failures: 1 });
  });
});
