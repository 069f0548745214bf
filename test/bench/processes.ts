// Child processes for the bench, pinned to a core with taskset where it exists.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Starts `node args…` on `core` and waits for a stdout line containing `ready`. */
export async function startPinned(core: number, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const [command, commandArgs] = hasTaskset ? ['taskset', ['-c', String(core), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = output.match(ready);
      if (found) {
        child.stdout!.off('data', onData);
        resolve(found);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, match };
}

/** Stops a child with SIGTERM and waits for it to exit (at once when it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Pins this process (the load side) to a core. */
export function pinSelf(core: number): void {
  if (hasTaskset) execFileSync('taskset', ['-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** User + system CPU of a process so far, in microseconds (from /proc). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}
