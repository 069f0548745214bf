// Relays in child processes for the crash scenario: started on a data folder (and in server
// mode a database and Redis prefix), killed with SIGKILL, started again on the same state.
// Every child is killed when the test ends (before its database is dropped); what it printed
// is left for the secret sweep.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { appendOutput, sweptOutputFile, sweptRelayOrigin } from '../helpers/secret-sweep.js';
import { freshDatabase, freshRedisPrefix } from '../helpers/server-db.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { StoreKind } from './stores.js';

const CHILD = join(import.meta.dirname, 'crash-child.ts');
const REPO = join(import.meta.dirname, '../..');

export interface ChildRelay {
  origin: string;
  pid: number;
  /** SIGKILL: no close, no flush; resolves once it is gone. */
  kill(): Promise<void>;
  stderr(): string;
}

export interface Launcher {
  /** Starts a relay on the store's state: `dataDir` its own folder (default: the scenario's one). */
  start(dataDir?: string): Promise<ChildRelay>;
  /**
   * Starts a relay on the scenario's folder and kills it, ready or not, after `fraction` of the
   * time the last start took (a crash during start-up and recovery); answers whether it was ready.
   */
  startAndKill(fraction: number): Promise<boolean>;
  dataDir: string;
}

export async function launcher(store: StoreKind): Promise<Launcher> {
  const dataDir = await tempDir('relaydesk-crash-');
  const server = store.name === 'server' ? { databaseUrl: await freshDatabase(), ...renamed(freshRedisPrefix()) } : undefined;
  const secretKey = randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  onTestFinished(async () => void (await Promise.all(children.map(killed))));
  let lastStartMs = 1_000;
  const start = async (folder = dataDir): Promise<ChildRelay> => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify({ dataDir: folder, server })], {
      cwd: REPO,
      env: { ...process.env, RELAYDESK_SECRET_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let told = '';
    child.stderr!.on('data', (chunk: Buffer) => void (told += chunk.toString()));
    // Its stdout and stderr, for the secret sweep to search after the suite.
    const output = sweptOutputFile(`crash relay ${child.pid}`);
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => appendOutput(output, chunk.toString('latin1')));
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /ready (\S+) (\S+)\n/.exec(out);
        if (ready && ready[2] === (server ? 'server' : 'embedded')) resolve(ready[1]!);
        else if (ready) reject(new Error(`started in ${ready[2]} mode`));
      });
      child.once('exit', (code, signal) => reject(new Error(`the relay exited (${code ?? signal}) before it was ready:\n${told.slice(-4000)}`)));
      setTimeout(() => reject(new Error(`not ready after 60 s:\n${told.slice(-4000)}`)), 60_000).unref();
    });
    lastStartMs = Date.now() - startedAt;
    sweptRelayOrigin(origin);
    return { origin, pid: child.pid!, kill: () => killed(child), stderr: () => told };
  };
  const startAndKill = async (fraction: number): Promise<boolean> => {
    const before = children.length;
    const afterMs = fraction * lastStartMs;
    const started = start().then(() => true, () => false);
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await killed(children[before]!);
    return started;
  };
  return { start, startAndKill, dataDir };
}

const renamed = (redis: { url: string; prefix: string }) => ({ redisUrl: redis.url, redisPrefix: redis.prefix });

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
