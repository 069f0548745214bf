// `npm run bench`: the relay against a bare pass-through proxy measured in the same run.
// Upstream, baseline and relay are separate processes; the system under test runs on one
// core, the fake upstream and the load generators on the other. Prints ratios to the
// baseline and writes everything to test/bench/results/<time>.json.
//
// Every target is first warmed up under load (WARM_SECONDS per kind of call), so the figures
// are the steady state, not V8 still compiling. `--rounds=N` repeats the throughput runs; each
// CPU ratio is taken within one round (same minutes, same neighbours on the machine), and the
// table shows their median and range.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { RELAY_V8_FLAGS } from '../../relay/config/runtime-flags.js';
import { benchLogStore } from './log-store-bench.js';
import { startPortkey } from './peers.js';
import { percentile, runAutocannon, timedCall } from './load.js';
import type { LoadResult, Target } from './load.js';
import { cpuMicros, hasTaskset, pinSelf, rssMb, startPinned, stopChild } from './processes.js';
import { benchTargets, configureRelay } from './relay-setup.js';
import { GROWTH_BOUND_MB_PER_100K_CALLS, printSoak, soak, soakMix } from './soak.js';
import type { SoakResult } from './soak.js';
import { printServerTable, printTable } from './report.js';
import { serverCosts, startServerBench } from './server-mode.js';
import type { ServerBench, ServerCosts, Trips } from './server-mode.js';

const args = new Set(process.argv.slice(2));
/** `--peers`: other gateways (Portkey) measured in the same run, installed on first use. */
const PEERS = args.has('--peers');
/** `--server`: the relay on PostgreSQL + Redis too (one instance, and two sharing the load), see server-mode.ts. */
const SERVER = args.has('--server');
/** `--soak` (600 s per store) or `--soak=N`: the memory soak alone (soak.ts), embedded and on PostgreSQL + Redis. */
const soakArg = [...args].find((a) => a === '--soak' || a.startsWith('--soak='));
const SOAK_SECONDS = soakArg ? Number(soakArg.slice('--soak='.length) || 600) : 0;
const SECONDS = args.has('--quick') ? 2 : 5;
const WARM_SECONDS = args.has('--quick') ? 2 : 4;
const ROUNDS = Math.max(1, Number([...args].find((a) => a.startsWith('--rounds='))?.slice(9) ?? (args.has('--quick') ? 1 : 3)));
const IDLE_ROUNDS = args.has('--quick') ? 100 : 400;
const LOG_RECORDS = args.has('--quick') ? 100_000 : 1_000_000;
const root = join(import.meta.dirname, '../..');
const SUT_CORE = 0;
const LOAD_CORE = cpus().length > 1 ? 1 : 0;
const log = (text: string) => process.stdout.write(`${text}\n`);

async function main() {
  pinSelf(LOAD_CORE);
  const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-bench-'));
  const tsx = ['--import', 'tsx'];
  const upstream = await startPinned(LOAD_CORE, [...tsx, join(import.meta.dirname, 'fake-upstream-server.ts'), '0'], /listening (\d+)/);
  const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
  const baseline = await startPinned(SUT_CORE, [join(import.meta.dirname, 'baseline-proxy.mjs'), '0', upstreamUrl], /listening (\d+)/);
  const startRelay = (port: string) =>
    startPinned(SUT_CORE, [...RELAY_V8_FLAGS, join(root, 'dist/node/relay/start.js'), '--port', port, '--data-dir', dataDir, '--secrets', 'encrypted-file'], /Relay API: (http:\/\/[^\s]+)\/v1/);
  const configuring = await startRelay('0');
  const children = [upstream.child, baseline.child, configuring.child];
  let server: ServerBench | undefined;
  try {
    const key = await configureRelay(configuring.match[1]!, upstreamUrl);
    // Configured once (management API and console code loaded: that memory is reported too),
    // then restarted as it runs day to day: serving model calls.
    const configuredRss = rssMb(configuring.child.pid!);
    await stopChild(configuring.child);
    const relay = await startRelay(new URL(configuring.match[1]!).port);
    children.push(relay.child);
    const relayOrigin = relay.match[1]!;
    const targets = benchTargets(`http://127.0.0.1:${baseline.match[1]}`, relayOrigin, key);
    const portkey = PEERS ? await startPortkey(SUT_CORE, upstreamUrl, log) : undefined;
    if (portkey) {
      children.push(portkey.child);
      targets.portkey = portkey.target;
      await timedCall(portkey.target, false);
    }
    if (SOAK_SECONDS > 0) return await soakStores(targets, relay.child.pid!, upstreamUrl, (s) => (server = s));
    if (SERVER) {
      log('Starting PostgreSQL, Redis and two server-mode relays…');
      server = await startServerBench({ root, sutCore: SUT_CORE, serverCore: LOAD_CORE, upstreamUrl });
      Object.assign(targets, server.targets);
      await timedCall(server.targets.server, false);
    }
    const pidOf = (name: string) =>
      name.startsWith('baseline') ? baseline.child.pid! : name === 'portkey' ? portkey!.child.pid! : name === 'server' ? server!.relayPids[0] : name === 'server_b' ? server!.relayPids[1] : relay.child.pid!;
    await timedCall(targets.translated!, false); // fails loudly if the translated pair does not work
    await timedCall(targets.relay_embeddings!, false);

    log(`Relaydesk bench: system under test on core ${SUT_CORE}, upstream and load on core ${LOAD_CORE}${hasTaskset ? '' : ' (taskset missing: not pinned)'}`);
    log(`Warm-up under load, ${WARM_SECONDS} s per target and kind…`);
    // Two passes: V8 settles what it compiled for the mix of calls only once it has seen every kind.
    for (let pass = 0; pass < 2; pass++) {
      for (const target of Object.values(targets)) {
        for (const stream of target.jsonOnly ? [false] : [false, true]) await runAutocannon(target, stream, 10, WARM_SECONDS / 2, LOAD_CORE);
      }
    }
    for (const target of Object.values(targets)) for (let i = 0; i < 20; i++) await timedCall(target, i % 2 === 0 && !target.jsonOnly); // the idle rounds' connections
    const idle = { baseline: rssMb(baseline.child.pid!), relay: rssMb(relay.child.pid!), relay_after_configuration: configuredRss };

    log('Idle latency (one call at a time, interleaved)…');
    const latency = await idleLatency(targets);

    type Measured = LoadResult & { cpu_us_per_call: number; rss_peak_mb: number; server?: ServerCosts };
    /** One target under load: its process's CPU per call and peak memory; in server mode what PostgreSQL and Redis spent too. */
    const measureRun = async (name: string, stream: boolean, connections: number): Promise<Measured> => {
      const pid = pidOf(name);
      const costs = server && name === 'server' ? await serverCosts(server) : undefined;
      const cpuBefore = cpuMicros(pid);
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      const result = await runAutocannon(targets[name]!, stream, connections, SECONDS, LOAD_CORE);
      clearInterval(sampler);
      const cpu = cpuMicros(pid) - cpuBefore;
      return { ...result, cpu_us_per_call: cpu / Math.max(1, result.requests), rss_peak_mb: peak, ...(costs ? { server: await costs(result.requests) } : {}) };
    };
    /** Two server-mode instances, the connections split between them (one load generator each); CPU and calls/s summed. */
    const measurePair = async (s: ServerBench, stream: boolean, connections: number): Promise<Measured> => {
      const costs = await serverCosts(s);
      const cpuBefore = s.relayPids.map(cpuMicros);
      const [x, y] = await Promise.all([runAutocannon(s.targets.server, stream, connections / 2, SECONDS, LOAD_CORE), runAutocannon(s.targets.server_b, stream, connections / 2, SECONDS, LOAD_CORE)]);
      const cpu = s.relayPids.reduce((sum, pid, i) => sum + cpuMicros(pid) - cpuBefore[i]!, 0);
      const requests = x.requests + y.requests;
      return { requests, errors: x.errors + y.errors, non2xx: x.non2xx + y.non2xx, rps: x.rps + y.rps, p50: Math.max(x.p50, y.p50), p99: Math.max(x.p99, y.p99), cpu_us_per_call: cpu / Math.max(1, requests), rss_peak_mb: 0, server: await costs(requests) };
    };
    /** Each kind's SQL statements and Redis round trips over a run and the 3.5 s after it (the log batch and one counter write-back land). */
    const countTrips = async (s: ServerBench) => {
      const out: Record<string, Trips & { calls: number }> = {};
      for (const stream of [false, true]) {
        let calls = 0;
        const trips = await s.countTrips(async () => {
          calls = (await runAutocannon(s.targets.server, stream, 10, SECONDS, LOAD_CORE)).requests;
          await new Promise((resolve) => setTimeout(resolve, 3_500));
        });
        out[stream ? 'sse c10' : 'json c10'] = { calls, ...trips };
      }
      return out;
    };

    log(`Throughput, ${SECONDS} s per run, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}…`);
    const runs: { key: string; name: string; stream: boolean; connections: number }[] = [];
    for (const stream of [false, true]) {
      for (const connections of [10, 50]) for (const name of ['baseline', 'relay', 'translated']) runs.push({ key: `${name} ${stream ? 'sse' : 'json'} c${connections}`, name, stream, connections });
    }
    for (const connections of [10, 50]) for (const name of ['baseline_embeddings', 'relay_embeddings']) runs.push({ key: `${name} embeddings c${connections}`, name, stream: false, connections });
    if (portkey) for (const connections of [10, 50]) runs.push({ key: `portkey json c${connections}`, name: 'portkey', stream: false, connections });
    if (server) {
      for (const stream of [false, true]) {
        for (const connections of [10, 50]) for (const name of ['server', 'server_pair']) runs.push({ key: `${name} ${stream ? 'sse' : 'json'} c${connections}`, name, stream, connections });
      }
    }
    const measured: Record<string, Measured[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of runs) (measured[run.key] ??= []).push(run.name === 'server_pair' ? await measurePair(server!, run.stream, run.connections) : await measureRun(run.name, run.stream, run.connections));
    }
    const load = Object.fromEntries(Object.entries(measured).map(([key, rounds]) => [key, medianRound(rounds)]));
    const trips = server ? await countTrips(server) : undefined;

    log('200 concurrent slow streams…');
    const slow = { baseline: await slowStreams(targets.baseline!, baseline.child.pid!), relay: await slowStreams(targets.relay!, relay.child.pid!) };

    const logs = args.has('--no-logs') ? undefined : (log(`Log store, ${LOG_RECORDS.toLocaleString()} records…`), await benchLogStore(LOG_RECORDS, log));

    const results = { server_trips: trips, date: new Date().toISOString(), cpus: cpus().length, pinned: hasTaskset, seconds_per_run: SECONDS, warm_up_seconds: WARM_SECONDS, rounds: ROUNDS, idle_rss_mb: idle, latency, load, slow_streams: slow, logs, peers: portkey ? { portkey: portkey.target.name } : {} };
    printTable(results, log);
    if (server) printServerTable(results, log);
    await saveResults(results);
  } finally {
    // Gone before their data folder is removed: a relay writes its logs as it stops.
    await Promise.all(children.map(stopChild));
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The round of median CPU per call (the lower middle one of an even count), with every round's CPU per call beside it. */
function medianRound<T extends { cpu_us_per_call: number }>(rounds: T[]): T & { rounds_cpu_us_per_call: number[] } {
  const sorted = [...rounds].sort((x, y) => x.cpu_us_per_call - y.cpu_us_per_call);
  return { rounds_cpu_us_per_call: rounds.map((r) => r.cpu_us_per_call), ...sorted[Math.floor((sorted.length - 1) / 2)]! };
}

async function idleLatency(targets: Record<string, Target>) {
  const out: Record<string, Record<string, number>> = {};
  for (const stream of [false, true]) {
    const diffs: Record<string, number[]> = { relay: [], translated: [] };
    const own: Record<string, number[]> = { baseline: [], relay: [], translated: [] };
    for (let round = 0; round < IDLE_ROUNDS; round++) {
      const order = round % 2 === 0 ? ['baseline', 'relay', 'translated'] : ['translated', 'relay', 'baseline'];
      const measured: Record<string, number> = {};
      for (const name of order) {
        const timing = await timedCall(targets[name]!, stream);
        measured[name] = stream ? timing.firstByte : timing.total;
        own[name]!.push(measured[name]!);
      }
      diffs.relay!.push(measured.relay! - measured.baseline!);
      diffs.translated!.push(measured.translated! - measured.baseline!);
    }
    const kind = stream ? 'stream_first_byte' : 'json';
    out[kind] = {
      baseline_p50_ms: percentile(own.baseline!, 50),
      relay_p50_ms: percentile(own.relay!, 50),
      translated_p50_ms: percentile(own.translated!, 50),
      relay_added_p50_ms: percentile(diffs.relay!, 50),
      relay_added_p90_ms: percentile(diffs.relay!, 90),
      translated_added_p50_ms: percentile(diffs.translated!, 50),
      translated_added_p90_ms: percentile(diffs.translated!, 90),
    };
  }
  return out;
}

/** Opens 200 streams that each take 2 s upstream, all at once; the peak RSS while they run. */
async function slowStreams(target: Target, pid: number) {
  const agent = new Agent({ connections: 250, keepAliveTimeout: 1_000 });
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: 200 }, async () => {
      const response = await request(target.url, { method: 'POST', headers: { 'content-type': 'application/json', ...target.headers }, body: target.body(true, 'slow please'), dispatcher: agent });
      await response.body.text();
      return response.statusCode;
    }),
  );
  clearInterval(sampler);
  await agent.close();
  return { ok: results.filter((r) => r.status === 'fulfilled' && r.value === 200).length, seconds: (performance.now() - started) / 1000, rss_peak_mb: peak };
}

/** The soak on the embedded relay, then on one server-mode instance (when PostgreSQL and Redis can be started here). */
async function soakStores(targets: Record<string, Target>, pid: number, upstreamUrl: string, started: (server: ServerBench) => void) {
  const mixOf = (t: Record<string, Target>) => soakMix({ relay: t.relay!, translated: t.translated!, embeddings: t.relay_embeddings! });
  log(`Soak, embedded store: ${SOAK_SECONDS} s…`);
  const embedded = await soak(mixOf(targets), pid, SOAK_SECONDS, LOAD_CORE, log);
  let server: SoakResult | string;
  try {
    log('Starting PostgreSQL, Redis and a server-mode relay…');
    const bench = await startServerBench({ root, sutCore: SUT_CORE, serverCore: LOAD_CORE, upstreamUrl });
    started(bench);
    log(`Soak, PostgreSQL + Redis: ${SOAK_SECONDS} s…`);
    server = await soak(mixOf(bench.soakTargets), bench.relayPids[0], SOAK_SECONDS, LOAD_CORE, log);
  } catch (error) {
    server = `not run: ${(error as Error).message.split('\n')[0]}`;
  }
  const results = { date: new Date().toISOString(), cpus: cpus().length, soak: { embedded, server } };
  log('');
  const held = printSoak(results.soak, log);
  await saveResults(results);
  if (!held) {
    log(`The soak failed: memory grew more than ${GROWTH_BOUND_MB_PER_100K_CALLS} MB per 100k calls (exit status 1).`);
    process.exitCode = 1;
  }
}

async function saveResults(results: { date: string }) {
  const folder = join(import.meta.dirname, 'results');
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${results.date.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify(results, null, 2));
  log(`\nResults: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
