import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../helpers/postgres-cluster.js';
import { startRedisServer } from '../helpers/redis-server.js';

// The system project's global setup: a throwaway PostgreSQL cluster and redis-server on
// 127.0.0.1 (free ports, temporary folders, nothing kept), unless RELAYDESK_TEST_DATABASE_URL /
// RELAYDESK_TEST_REDIS_URL name servers to use instead. Tests read the URLs with
// inject('databaseUrl') / inject('redisUrl') through test/helpers/server-db.ts.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's URL of the test PostgreSQL server (its `postgres` database). */
    databaseUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const [databaseUrl, redisUrl] = await Promise.all([
      process.env.RELAYDESK_TEST_DATABASE_URL || startPostgres(stops),
      process.env.RELAYDESK_TEST_REDIS_URL || startRedis(stops),
    ]);
    project.provide('databaseUrl', databaseUrl);
    project.provide('redisUrl', redisUrl);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function startPostgres(stops: Array<() => Promise<void>>): Promise<string> {
  const cluster = await startPostgresCluster();
  stops.push(() => cluster.remove());
  return cluster.url;
}

async function startRedis(stops: Array<() => Promise<void>>): Promise<string> {
  const server = await startRedisServer();
  stops.push(() => server.stop());
  return server.url;
}
