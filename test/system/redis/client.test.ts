import { describe, expect, it, onTestFinished } from 'vitest';
import { RelayError } from '../../../relay/ir/relay-error.js';
import { RedisClient } from '../../../relay/store/redis/client.js';
import { cuttableLink } from '../../helpers/cuttable-link.js';
import { freePort, ownRedis } from '../../helpers/own-redis.js';
import { freshRedisPrefix } from '../../helpers/server-db.js';

function open(url: string, prefix?: string, silenceTimeoutMs?: number): RedisClient {
  const client = new RedisClient(url, { prefix, silenceTimeoutMs });
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

  it('refuses a command at once however long Redis has been down, not when a reconnection attempt gives up', async () => {
    const server = await ownRedis();
    const client = open(`redis://127.0.0.1:${server.port}`);
    await client.ready();
    await server.kill();
    for (const after of [100, 1_500, 3_000]) {
      await new Promise((resolve) => setTimeout(resolve, after));
      const startedAt = Date.now();
      expect((await failure(client.redis.get(client.key('k')).catch(client.failed))).status).toBe(503);
      expect(Date.now() - startedAt, `a command ${after} ms into the outage`).toBeLessThan(200);
    }
  });

  it('fails a command whose connection drops before its answer, and never sends it again', async () => {
    const { url, prefix } = freshRedisPrefix();
    const client = open(url, prefix);
    const other = open(url, prefix);
    await Promise.all([client.ready(), other.ready()]);
    const id = await client.redis.client('ID');
    // Writes wait while paused: the INCR is sent, unanswered, when its connection is cut.
    await other.redis.call('CLIENT', 'PAUSE', '1500', 'WRITE');
    const incr = failure(client.redis.incr(client.key('n')).catch(client.failed)).then((error) => ({ status: error.status, at: Date.now() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cutAt = Date.now();
    await other.redis.call('CLIENT', 'KILL', 'ID', String(id));
    const refused = await incr;
    expect(refused.status).toBe(503);
    expect(refused.at - cutAt, 'refused when the connection dropped, not when the pause ended').toBeLessThan(1_000);
    await other.redis.call('CLIENT', 'UNPAUSE');
    // Reconnected, the client works; the INCR was not sent again (it might have run already).
    await expect.poll(() => client.redis.get(client.key('m')).then(() => 'up', () => 'down'), { timeout: 5_000, interval: 50 }).toBe('up');
    expect(await other.redis.get(client.key('n'))).toBeNull();
  });

  it('takes a connection that falls silent for lost (a host that vanished): its command fails, the next are refused at once, and it reconnects once the server answers', async () => {
    const { url, prefix } = freshRedisPrefix();
    const server = new URL(url);
    const link = await cuttableLink({ host: server.hostname, port: Number(server.port) });
    const client = open(`redis://127.0.0.1:${link.port}${server.pathname}`, prefix, 1_000);
    await client.ready();
    link.stall();
    const startedAt = Date.now();
    expect((await failure(client.redis.get(client.key('k')).catch(client.failed))).status).toBe(503);
    expect(Date.now() - startedAt, 'the silent connection given up after 1 s').toBeLessThan(3_000);
    const next = Date.now();
    expect((await failure(client.redis.get(client.key('k')).catch(client.failed))).status).toBe(503);
    expect(Date.now() - next, 'refused at once while it reconnects').toBeLessThan(200);
    link.mend();
    await expect.poll(() => client.redis.set(client.key('k'), 'back').then(() => 'up', () => 'down'), { timeout: 10_000, interval: 100 }).toBe('up');
  });
});
