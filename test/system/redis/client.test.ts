import { describe, expect, it, onTestFinished } from 'vitest';
import { RelayError } from '../../../relay/ir/relay-error.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { freePort, ownRedis } from '../../helpers/own-redis.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

function open(url: string, prefix?: string): RedisClient {
  const client = new RedisClient(url, { prefix });
  onTestFinished(() => client.close());
  return client;
}

async function failure(promise: Promise<unknown>): Promise<RelayError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RelayError);
  return error as RelayError;
}

describe('Redis client', () => {
  it('keeps the installation\'s keys under its prefix', async () => {
    const { url, prefix } = freshRedisPrefix();
    const client = open(url, prefix);
    await client.ready();
    await client.redis.set(client.key('a', 1), 'x');
    expect(await client.redis.get(`${prefix}a:1`)).toBe('x');
  });

  it('connects only when first used, and says which host:port is unreachable, never the password', async () => {
    const port = await freePort();
    const started = Date.now();
    const client = open(`redis://relay:s3cret-word@127.0.0.1:${port}/0`);
    expect(client.redis.status).toBe('wait');
    const error = await failure(client.ready());
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.status).toBe(503);
    expect(error.message).toContain(`Redis at 127.0.0.1:${port} is unavailable`);
    expect(error.message).not.toContain('s3cret');
  });

  it('refuses a URL that is not redis:// without quoting it', () => {
    expect(() => new RedisClient('postgres://admin:hunter2@db:5432/x')).toThrow(/must start with redis:\/\/ or rediss:\/\/ \(it starts with postgres:\/\/\)/);
    expect(() => new RedisClient('not a url hunter2')).toThrow(/^The Redis URL is not a URL/);
  });

  it('fails commands cleanly while Redis is down and reconnects on its own when it is back', async () => {
    const server = await ownRedis();
    const client = open(`redis://127.0.0.1:${server.port}`);
    await client.redis.set(client.key('k'), 'before');
    await server.kill();
    const error = await failure(client.redis.get(client.key('k')).catch(client.failed));
    expect(error.status).toBe(503);
    expect(error.message).toContain(`127.0.0.1:${server.port}`);
    await server.start();
    const deadline = Date.now() + 15_000;
    let answer: string | null | undefined;
    while (answer === undefined && Date.now() < deadline) {
      answer = await client.redis.set(client.key('k'), 'after').then(
        () => client.redis.get(client.key('k')),
        () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200)),
      );
    }
    expect(answer).toBe('after');
  });
});
