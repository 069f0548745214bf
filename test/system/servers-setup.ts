import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port.js';
import { findOnPath, startPostgresCluster } from '../helpers/postgres-cluster.js';

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
  const binary = findOnPath('redis-server') ? 'redis-server' : ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find(existsSync);
  if (!binary) {
    throw new Error(
      'The server-mode tests need Redis: redis-server is not on PATH. ' +
        'Install Debian\'s `redis-server` package (apt-get install redis-server), or set RELAYDESK_TEST_REDIS_URL to a server to use.',
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'relaydesk-redis-'));
  stops.push(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(() => stopChild(child, exited));
  await waitForPong(port, child).catch((error: Error) => {
    throw new Error(`The test redis-server did not start: ${error.message}${stderr ? `\n${stderr}` : ''}`);
  });
  return `redis://127.0.0.1:${port}`;
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until redis-server answers PING (the plain RESP exchange, no client needed). */
async function waitForPong(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
      socket.once('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('+PONG'))));
      socket.once('error', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('it did not answer PING within 10 s');
}
