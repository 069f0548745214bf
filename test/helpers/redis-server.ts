import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { findOnPath } from './postgres-cluster.js';

// A throwaway redis-server on 127.0.0.1 (a free port, a temporary folder, no persistence):
// the system project's shared server (test/system/servers-setup.ts) and the bench's
// (`npm run bench -- --server`).

export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const binary = findOnPath('redis-server') ? 'redis-server' : ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find(existsSync);
  if (!binary) {
    throw new Error(
      'The server-mode tests need Redis: redis-server is not on PATH. ' +
        'Install Debian\'s `redis-server` package (apt-get install redis-server), or set RELAYDESK_TEST_REDIS_URL to a server to use.',
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'relaydesk-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    await stopChild(child, exited);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPong(port, child);
  } catch (error) {
    await stop();
    throw new Error(`The test redis-server did not start: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`);
  }
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, stop };
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
