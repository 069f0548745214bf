import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

const child = join(import.meta.dirname, '../../fixtures/state-burst-child.ts');

/** Runs the burst writer until it has acknowledged at least `acks` changes, then SIGKILLs it. */
function runAndKill(file: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acked: number[] = [];
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
      if (acked.length >= acks) proc.kill('SIGKILL');
    });
    proc.on('error', reject);
    proc.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`child exited without being killed`))));
  });
}

describe('state file under a crash', () => {
  it.each([40, 130, 333])('SIGKILL after %i acknowledged changes leaves a valid file holding all of them', async (acks) => {
    const file = join(await tempDir(), 'state.json');
    const acked = await runAndKill(file, acks);
    expect(acked.length).toBeGreaterThanOrEqual(acks);
    const data = JSON.parse(await readFile(file, 'utf8')) as { options: Record<string, number> };
    for (const n of acked) expect(data.options[`change-${n}`]).toBe(n);
  });
});
