// Load generation: autocannon in its own process (not the system under test), and single
// calls from this process for idle latency.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { hasTaskset } from './processes.js';

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: (stream: boolean, text?: string) => string;
  /** Measured with whole JSON answers only (no streamed kind). */
  jsonOnly?: boolean;
}

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p99: number;
}

const autocannonBin = join(import.meta.dirname, '../../node_modules/.bin/autocannon');

/** `connections` concurrent keep-alive connections for `seconds`, from another core. */
export function runAutocannon(target: Target, stream: boolean, connections: number, seconds: number, core: number): Promise<LoadResult> {
  const args = ['-c', String(connections), '-d', String(seconds), '-m', 'POST', '-j', '-b', target.body(stream)];
  for (const [name, value] of Object.entries({ 'content-type': 'application/json', ...target.headers })) args.push('-H', `${name}=${value}`);
  args.push(target.url);
  const [command, commandArgs] = hasTaskset ? ['taskset', ['-c', String(core), autocannonBin, ...args]] : [autocannonBin, args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout);
      resolve({
        requests: result.requests.total,
        errors: result.errors,
        non2xx: result.non2xx,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
      });
    });
  });
}

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4 });

/** One call: milliseconds to the first body byte and to the end. */
export async function timedCall(target: Target, stream: boolean, text?: string): Promise<{ firstByte: number; total: number }> {
  const start = performance.now();
  const response = await request(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body(stream, text),
    dispatcher: agent,
  });
  let firstByte = 0;
  for await (const chunk of response.body) {
    if (firstByte === 0 && chunk.length > 0) firstByte = performance.now() - start;
  }
  if (response.statusCode !== 200) throw new Error(`${target.name}: HTTP ${response.statusCode}`);
  return { firstByte, total: performance.now() - start };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
