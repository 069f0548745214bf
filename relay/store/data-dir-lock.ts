import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The data folder ${dataDir} is already open in this process.`
        : `Another Relaydesk (pid ${pid}) is using the data folder ${dataDir}. Stop it, or start with another --data-dir.`,
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * One process, one open state per data folder: this is what keeps exactly one lowdb
 * instance per state file. A lock left by a process that died (SIGKILL, power loss) is
 * taken over, since its pid no longer runs (or is a zombie its parent has not reaped).
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = join(dataDir, 'relaydesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await unlink(file).catch(() => {});
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid > 0 && (await isRunning(pid))) throw new DataDirLockedError(dataDir, pid);
      await unlink(file).catch(() => {});
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

/** The pid of the live process holding the data folder's lock, if any; reads the lock file only (a stale one is left as it is). */
export async function dataDirHolder(dataDir: string): Promise<number | undefined> {
  const pid = Number((await readFile(join(dataDir, 'relaydesk.lock'), 'utf8').catch(() => '')).trim());
  return pid > 0 && (await isRunning(pid)) ? pid : undefined;
}

/**
 * Whether `pid` still runs. A zombie (exited, not yet reaped by its parent) still answers
 * signal 0, so on Linux its state in /proc decides: `Z` (zombie) or `X` (dead) is gone.
 */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  // Unreadable (no /proc): assume it runs, as before; never take a live process's folder.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const state = processState(stat);
  return state !== 'Z' && state !== 'X';
}

/**
 * The state letter of a `/proc/<pid>/stat` line (`R`, `S`, `Z` …): the field after the
 * command name, which is in parentheses and may itself hold spaces and parentheses.
 */
export function processState(stat: string): string | undefined {
  const end = stat.lastIndexOf(')');
  if (end < 0) return undefined;
  return /^ (\S)/.exec(stat.slice(end + 1))?.[1];
}
