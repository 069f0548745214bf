import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

// A throwaway PostgreSQL cluster on 127.0.0.1 (a free port, a temporary folder, no fsync
// unless `durable`): the system project's shared server (test/system/servers-setup.ts), a
// test's own, for a test that stops and restarts it (ownPostgres in own-postgres.ts), and the
// bench's (`npm run bench -- --server`, durable: it measures what production pays).

export interface PostgresCluster {
  /** A superuser's URL of its `postgres` database. */
  url: string;
  port: number;
  /** The server's log file (readable by this process). */
  logFile: string;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  /** Stops the server: 'immediate' drops every connection at once, as a crash does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  remove(): Promise<void>;
}

const run = promisify(execFile);

export interface ClusterOptions {
  /** fsync, synchronous_commit and full_page_writes left at PostgreSQL's defaults (on). */
  durable?: boolean;
}

export async function startPostgresCluster({ durable = false }: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(join(tmpdir(), 'relaydesk-pg-'));
  try {
    // PostgreSQL refuses to run as root: then the cluster belongs to the `postgres` OS user.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
        throw new Error("The tests run as root, and PostgreSQL must run as another user: no `postgres` OS user (Debian's `postgresql` package makes it).");
      });
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout), Number(gid));
    }
    const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
    const data = join(dir, 'data');
    await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']).catch((error: Error) => {
      throw new Error(`initdb failed for the test PostgreSQL cluster: ${error.message}`);
    });
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      ...(durable ? [] : ['-c fsync=off -c synchronous_commit=off -c full_page_writes=off']),
      '-c max_connections=300 -c shared_buffers=32MB',
    ].join(' ');
    const pgCtl = join(bin, 'pg_ctl');
    let running = false;
    const start = async () => {
      await as(pgCtl, ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']).catch((error: Error) => {
        throw new Error(`The test PostgreSQL server did not start (log in ${dir}/server.log): ${error.message}`);
      });
      running = true;
    };
    const stop = async (mode: 'fast' | 'immediate' = 'immediate') => {
      if (!running) return;
      running = false;
      await as(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
    };
    await start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      logFile: join(dir, 'server.log'),
      pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
      start,
      stop,
      async remove() {
        await stop().catch((error: unknown) => console.error(error));
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function postgresBinDir(): string {
  const onPath = findOnPath('initdb');
  if (onPath && existsSync(join(onPath, 'pg_ctl'))) return onPath;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return join(root, newest, 'bin');
  throw new Error(
    "The server-mode tests need PostgreSQL: initdb and pg_ctl are neither on PATH nor in /usr/lib/postgresql/*/bin. " +
      "Install Debian's `postgresql` package (apt-get install postgresql), or set RELAYDESK_TEST_DATABASE_URL to a server to use.",
  );
}

export function findOnPath(command: string): string | undefined {
  return (process.env.PATH ?? '').split(delimiter).find((dir) => dir && existsSync(join(dir, command)));
}
