import { describe, expect, it, onTestFinished } from 'vitest';
import type { ChangeTopic } from '../../../relay/store/ports.js';
import { redisChangeFeed } from '../../../relay/store/redis/change-feed.js';
import type { RowChangeFeed } from '../../../relay/store/redis/change-feed.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisPubSub } from '../../../relay/store/redis/pubsub.js';
import { ownRedis } from '../../helpers/own-redis.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

// The change feed between instances on a real Redis.

function instance(url: string, prefix?: string) {
  const client = new RedisClient(url, { prefix });
  onTestFinished(() => client.close());
  const pubsub = new RedisPubSub(client);
  const feed = redisChangeFeed(pubsub);
  const heard: Array<[ChangeTopic, string | undefined]> = [];
  const unsubscribe = feed.subscribe((topic, id) => heard.push([topic, id]));
  return { feed, pubsub, heard, unsubscribe };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Redis change feed', () => {
  it('tells every instance of the installation, this one included, what changed', async () => {
    const { url, prefix } = freshRedisPrefix();
    const [a, b] = [instance(url, prefix), instance(url, prefix)];
    const stranger = instance(url, freshRedisPrefix().prefix);
    await Promise.all([a.pubsub.ready(), b.pubsub.ready(), stranger.pubsub.ready()]);

    await a.feed.publish('channels', 7);
    await b.feed.publish('settings');
    const expected = [
      ['channels', '7'],
      ['settings', undefined],
    ];
    await until(() => a.heard.length === 2 && b.heard.length === 2);
    expect(a.heard).toEqual(expected);
    expect(b.heard).toEqual(expected);

    b.unsubscribe();
    await a.feed.publish('tokens', 'key 3');
    await until(() => a.heard.length === 3);
    expect(a.heard[2]).toEqual(['tokens', 'key 3']);
    expect(b.heard).toHaveLength(2);
    expect(stranger.heard).toEqual([]);
  });

  it('names the records changed, and tells the instance that sent a change after refreshing its own copy that the change is its own', async () => {
    const { url, prefix } = freshRedisPrefix();
    const [a, b] = [instance(url, prefix), instance(url, prefix)];
    const rows = (feed: RowChangeFeed) => {
      const heard: Array<[ChangeTopic, string[] | undefined, boolean]> = [];
      feed.subscribeRows((topic, ids, fromHere) => heard.push([topic, ids, fromHere]));
      return heard;
    };
    const [onA, onB] = [rows(a.feed), rows(b.feed)];
    await Promise.all([a.pubsub.ready(), b.pubsub.ready()]);
    await a.feed.publishRows('tokens', [3, 'x9'], true);
    await a.feed.publishRows('users', undefined);
    await until(() => onA.length === 2 && onB.length === 2);
    expect(onA).toEqual([
      ['tokens', ['3', 'x9'], true],
      ['users', undefined, false],
    ]);
    expect(onB).toEqual([
      ['tokens', ['3', 'x9'], false],
      ['users', undefined, false],
    ]);
    // The port's listeners hear one id at a time.
    expect(b.heard).toEqual([
      ['tokens', '3'],
      ['tokens', 'x9'],
      ['users', undefined],
    ]);
  });

  it('after Redis comes back, listeners hear that anything may have changed, and later changes again', async () => {
    const server = await ownRedis();
    const url = `redis://127.0.0.1:${server.port}`;
    const [a, b] = [instance(url), instance(url)];
    await Promise.all([a.pubsub.ready(), b.pubsub.ready()]);
    await server.kill();
    await expect(a.feed.publish('users', 1)).rejects.toMatchObject({ status: 503 });
    await server.start();
    await until(() => b.heard.length >= 10);
    expect(new Set(b.heard.map(([topic]) => topic)).size).toBe(10);
    expect(b.heard.every(([, id]) => id === undefined)).toBe(true);
    b.heard.length = 0;
    await until(() => a.heard.length >= 10);
    await a.feed.publish('users', 1);
    await until(() => b.heard.length === 1);
    expect(b.heard).toEqual([['users', '1']]);
  });

  it('an instance that starts while Redis is down hears changes once it is up', async () => {
    const server = await ownRedis();
    const url = `redis://127.0.0.1:${server.port}`;
    await server.kill();
    const late = instance(url);
    await expect(late.pubsub.ready()).rejects.toMatchObject({ status: 503 });
    await server.start();
    const other = instance(url);
    await other.pubsub.ready();
    // Published again and again: the late instance subscribes once its connection is up, at some point.
    const probed = () => late.heard.some(([topic, id]) => topic === 'models' && id === 'probe');
    for (const deadline = Date.now() + 15_000; !probed() && Date.now() < deadline; ) {
      await other.feed.publish('models', 'probe');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(late.heard).toContainEqual(['models', 'probe']);
  });
});
