// `npm run bench -- --server`: the relay in server mode (PostgreSQL + Redis), measured beside
// the embedded relay and the baseline of the same run. A throwaway PostgreSQL cluster and
// redis-server are started as the system tests start theirs, but PostgreSQL durable (fsync and
// synchronous_commit at their defaults): the log batches and counter write-backs then cost
// what they cost in production. Both servers run on the load core, as if on other machines;
// the relays on the core under test. Two instances share the database and Redis.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RELAY_V8_FLAGS } from '../../relay/config/runtime-flags.js';
import { startPostgresCluster } from '../helpers/postgres-cluster.js';
import { startRedisServer } from '../helpers/redis-server.js';
import type { Target } from './load.js';
import { cpuMicros, hasTaskset, startPinned } from './processes.js';
import { benchTargets, configureRelay } from './relay-setup.js';

export interface ServerBench {
  /** `server`: chat pass-through on the first instance; `server_b`: the same on the second. */
  targets: { server: Target; server_b: Target };
  /** The first instance's targets of every kind (benchTargets' names), for the soak. */
  soakTargets: Record<string, Target>;
  relayPids: [number, number];
  /** CPU so far of the postmaster and all its processes (µs). */
  postgresCpu(): number;
  redisPid: number;
  /** Redis commands run so far, by name (the bench's own INFO left out). */
  redisCommands(): Promise<Record<string, number>>;
  /**
   * What the relays send while `work` runs: SQL statements of their database (statement logging on only
   * then) and Redis commands sent over the network (round trips: MONITOR, on only then), by name,
   * besides the commands run inside scripts.
   */
  countTrips(work: () => Promise<void>): Promise<Trips>;
  stop(): Promise<void>;
}

export async function startServerBench(options: { root: string; sutCore: number; serverCore: number; upstreamUrl: string; relayFlags?: string[] }): Promise<ServerBench> {
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => console.error(error));
  };
  try {
    const [cluster, redisServer] = await Promise.all([startPostgresCluster({ durable: true }), startRedisServer()]);
    stops.push(() => cluster.remove(), () => redisServer.stop());
    pinTree(cluster.pid(), options.serverCore);
    pinTree(redisServer.pid, options.serverCore);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    stops.push(() => admin.end());
    await admin.query('CREATE DATABASE relaydesk_bench');
    await admin.query(`ALTER SYSTEM SET log_line_prefix = '%d '`);
    await admin.query('SELECT pg_reload_conf()');
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/relaydesk_bench');
    const redis = new Redis(redisServer.url);
    stops.push(async () => redis.disconnect());

    const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-bench-server-'));
    stops.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { RELAYDESK_SECRET_KEY: randomBytes(32).toString('hex') };
    const start = async (port: string) => {
      const started = await startPinned(
        options.sutCore,
        [...RELAY_V8_FLAGS, ...(options.relayFlags ?? []), join(options.root, 'dist/node/relay/start.js'), '--port', port, '--data-dir', dataDir, '--database-url', databaseUrl, '--redis-url', redisServer.url],
        /Relay API: (http:\/\/[^\s]+)\/v1/,
        env,
      );
      stops.push(() => stopChild(started.child));
      return { origin: started.match[1]!, pid: started.child.pid!, stop: () => stopChild(started.child) };
    };
    // Set up as the embedded relay is (owner, key, channels, prices), then started again to serve.
    const configuring = await start('0');
    const key = await configureRelay(configuring.origin, options.upstreamUrl);
    await configuring.stop();
    const [a, b] = [await start('0'), await start('0')];
    const targetOf = (origin: string, name: string) => ({ ...benchTargets('', origin, key).relay!, name });
    let logOffset = 0;
    return {
      targets: { server: targetOf(a.origin, 'relay, server mode'), server_b: targetOf(b.origin, 'relay, server mode (second instance)') },
      soakTargets: benchTargets('', a.origin, key),
      relayPids: [a.pid, b.pid],
      postgresCpu: () => treePids(cluster.pid()).reduce((sum, pid) => sum + cpuOrZero(pid), 0),
      redisPid: redisServer.pid,
      async redisCommands() {
        const info = await redis.info('commandstats');
        const counts: Record<string, number> = {};
        for (const [, name, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) if (name !== 'info') counts[name!] = Number(calls);
        return counts;
      },
      async countTrips(work) {
        logOffset = (await stat(cluster.logFile)).size;
        await admin.query(`ALTER SYSTEM SET log_statement = 'all'`);
        await admin.query('SELECT pg_reload_conf()');
        const redisSent: Record<string, number> = {};
        let redisScripted = 0;
        const monitor = await redis.monitor();
        // Lines still arriving as it disconnects make ioredis report a queue error: nothing to act on.
        monitor.on('error', () => undefined);
        monitor.on('monitor', (_time: string, args: string[], source: string) => {
          if (source === 'lua') redisScripted++;
          else redisSent[args[0]!.toLowerCase()] = (redisSent[args[0]!.toLowerCase()] ?? 0) + 1;
        });
        try {
          await work();
        } finally {
          monitor.disconnect();
          await admin.query('ALTER SYSTEM RESET log_statement');
          await admin.query('SELECT pg_reload_conf()');
        }
        return { statements: statementsIn(await readFrom(cluster.logFile, logOffset)), redisSent, redisScripted };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Trips {
  statements: Record<string, number>;
  redisSent: Record<string, number>;
  redisScripted: number;
}

export interface ServerCosts {
  postgres_cpu_us_per_call: number;
  redis_cpu_us_per_call: number;
  redis_commands_per_call: number;
  redis_commands: Record<string, number>;
}

/** Starts counting what PostgreSQL and Redis do; the answer divides it by the calls served. */
export async function serverCosts(server: ServerBench): Promise<(calls: number) => Promise<ServerCosts>> {
  const [pgBefore, redisBefore, commandsBefore] = [server.postgresCpu(), cpuMicros(server.redisPid), await server.redisCommands()];
  return async (calls) => {
    const [pgCpu, redisCpu, commands] = [server.postgresCpu() - pgBefore, cpuMicros(server.redisPid) - redisBefore, await server.redisCommands()];
    const delta: Record<string, number> = {};
    for (const [name, n] of Object.entries(commands)) if (n > (commandsBefore[name] ?? 0)) delta[name] = n - (commandsBefore[name] ?? 0);
    const per = Math.max(1, calls);
    return {
      postgres_cpu_us_per_call: pgCpu / per,
      redis_cpu_us_per_call: redisCpu / per,
      redis_commands_per_call: Object.values(delta).reduce((a, b) => a + b, 0) / per,
      redis_commands: delta,
    };
  };
}

/** Statements of the relay's database, by their first words (`BEGIN`, `INSERT INTO logs`…). */
function statementsIn(log: string): Record<string, number> {
  const counts: Record<string, number> = {};
  // A statement starting on a new line is shown from the next line.
  for (const [, first, next] of log.matchAll(/^relaydesk_bench LOG:\s+(?:statement|execute [^:]*): ([^\n]*)(?=\n([^\n]*)|$)/gm)) {
    const head = (first!.trim() || (next ?? '').trim()).replace(/\s+/g, ' ').split(' ').slice(0, 3).join(' ');
    counts[head] = (counts[head] ?? 0) + 1;
  }
  return counts;
}

async function readFrom(file: string, offset: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    await handle.read(buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A process and its children (PostgreSQL: the postmaster, its backends and workers). */
function treePids(root: number): number[] {
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === root) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

function cpuOrZero(pid: number): number {
  try {
    return cpuMicros(pid);
  } catch {
    return 0; // a backend that exited
  }
}

/** The server and the children it has: those it forks later inherit its core. */
function pinTree(pid: number, core: number): void {
  if (!hasTaskset) return;
  for (const p of treePids(pid)) execFileSync('taskset', ['-a', '-p', '-c', String(core), String(p)], { stdio: 'ignore' });
}

function stopChild(child: import('node:child_process').ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
