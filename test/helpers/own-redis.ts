import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { onTestFinished } from 'vitest';
import { freePort } from './free-port.js';

// A redis-server of the test's own, for tests that stop and restart it (the shared one of
// test/system/servers-setup.ts must stay up for the others). Stopped when the test ends.

export interface OwnRedis {
  port: number;
  /** Stops the server at once (SIGKILL): connections drop as when Redis crashes. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'relaydesk-own-redis-'));
  let child: ChildProcess | undefined;
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => {}); // refused until the server listens
    try {
      await probe.ping();
    } finally {
      probe.disconnect();
    }
  };
  onTestFinished(async () => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  });
  await start();
  return { port, kill, start };
}

export { freePort };
