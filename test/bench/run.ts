// `npm run bench`: the relay against a bare pass-through proxy measured in the same run.
// Upstream, baseline and relay are separate processes; the system under test runs on one
// core, the fake upstream and the load generators on the other. Prints ratios to the
// baseline and writes everything to test/bench/results/<time>.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { RELAY_V8_FLAGS } from '../../relay/config/runtime-flags.js';
import { benchLogStore } from './log-store-bench.js';
import { percentile, runAutocannon, timedCall } from './load.js';
import type { LoadResult, Target } from './load.js';
import { cpuMicros, hasTaskset, pinSelf, rssMb, startPinned } from './processes.js';

const args = new Set(process.argv.slice(2));
/** `--soak=600`: after the figures, constant load for that many seconds, watching memory. */
const SOAK_SECONDS = Number([...args].find((a) => a.startsWith('--soak='))?.slice(7) ?? 0);
const SECONDS = args.has('--quick') ? 2 : 5;
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
  try {
    const key = await configureRelay(configuring.match[1]!, upstreamUrl);
    // Configured once (management API and console code loaded: that memory is reported too),
    // then restarted as it runs day to day: serving model calls.
    const configuredRss = rssMb(configuring.child.pid!);
    await stop(configuring.child);
    const relay = await startRelay(new URL(configuring.match[1]!).port);
    children.push(relay.child);
    const relayOrigin = relay.match[1]!;
    const chatBody = (stream: boolean, text = 'hello') => JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: text }] });
    const targets: Record<string, Target> = {
      baseline: { name: 'baseline', url: `http://127.0.0.1:${baseline.match[1]}/v1/chat/completions`, headers: {}, body: chatBody },
      relay: { name: 'relay (pass-through)', url: `${relayOrigin}/v1/chat/completions`, headers: { authorization: `Bearer ${key}` }, body: chatBody },
      translated: {
        name: 'relay (messages → OpenAI)',
        url: `${relayOrigin}/v1/messages`,
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
        body: (stream, text = 'hello') => JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 100, stream, messages: [{ role: 'user', content: text }] }),
      },
    };
    const pids: Record<string, number> = { baseline: baseline.child.pid!, relay: relay.child.pid!, translated: relay.child.pid! };
    await timedCall(targets.translated!, false); // fails loudly if the translated pair does not work

    log(`Relaydesk bench: system under test on core ${SUT_CORE}, upstream and load on core ${LOAD_CORE}${hasTaskset ? '' : ' (taskset missing: not pinned)'}`);
    for (const target of Object.values(targets)) for (let i = 0; i < 200; i++) await timedCall(target, i % 2 === 0); // warm up
    const idle = { baseline: rssMb(pids.baseline!), relay: rssMb(pids.relay!), relay_after_configuration: configuredRss };

    log('Idle latency (one call at a time, interleaved)…');
    const latency = await idleLatency(targets);

    log(`Throughput, ${SECONDS} s per run…`);
    const load: Record<string, LoadResult & { cpu_us_per_call: number; rss_peak_mb: number }> = {};
    for (const stream of [false, true]) {
      for (const connections of [10, 50]) {
        for (const name of ['baseline', 'relay', 'translated'] as const) {
          const pid = pids[name]!;
          const cpuBefore = cpuMicros(pid);
          let peak = rssMb(pid);
          const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
          const result = await runAutocannon(targets[name]!, stream, connections, SECONDS, LOAD_CORE);
          clearInterval(sampler);
          const cpu = cpuMicros(pid) - cpuBefore;
          load[`${name} ${stream ? 'sse' : 'json'} c${connections}`] = { ...result, cpu_us_per_call: cpu / Math.max(1, result.requests), rss_peak_mb: peak };
        }
      }
    }

    log('200 concurrent slow streams…');
    const slow = { baseline: await slowStreams(targets.baseline!, pids.baseline!), relay: await slowStreams(targets.relay!, pids.relay!) };

    const logs = args.has('--no-logs') ? undefined : (log(`Log store, ${LOG_RECORDS.toLocaleString()} records…`), await benchLogStore(LOG_RECORDS, log));

    const soak = SOAK_SECONDS > 0 ? await soakRelay(targets.relay!, pids.relay!) : undefined;

    const results = { date: new Date().toISOString(), cpus: cpus().length, pinned: hasTaskset, seconds_per_run: SECONDS, idle_rss_mb: idle, latency, load, slow_streams: slow, logs, soak };
    printTable(results);
    const folder = join(import.meta.dirname, 'results');
    await mkdir(folder, { recursive: true });
    const file = join(folder, `${results.date.replace(/[:.]/g, '-')}.json`);
    await writeFile(file, JSON.stringify(results, null, 2));
    log(`\nResults: ${file}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

function stop(child: import('node:child_process').ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** An owner, three channels (the first serves; the others wait lower), a priced model, one key. */
async function configureRelay(origin: string, upstreamUrl: string): Promise<string> {
  const call = async (method: string, path: string, body: unknown, cookie = '') => {
    const response = await fetch(origin + path, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const json = (await response.json()) as { success: boolean; message: string; data: any };
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return { json, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie };
  };
  await call('POST', '/api/setup', { username: 'bench', password: 'bench-password' });
  const { cookie } = await call('POST', '/api/user/login', { username: 'bench', password: 'bench-password' });
  const channel = { type: 1, key: 'sk-upstream', base_url: upstreamUrl, models: 'gpt-4o-mini,gpt-4o', group: 'default' };
  await call('POST', '/api/channel/', { ...channel, name: 'primary', priority: 10 }, cookie);
  await call('POST', '/api/channel/', { ...channel, name: 'secondary', priority: 5 }, cookie);
  await call('POST', '/api/channel/', { ...channel, name: 'fallback', priority: 0, key: 'sk-a\nsk-b' }, cookie);
  const { json } = await call('POST', '/api/token/', { name: 'bench', remain_quota: 1_000_000_000_000 }, cookie);
  return json.data.key as string;
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

/**
 * Constant load (10 connections, SSE and JSON alternating) in 30 s segments; RSS after each.
 * Flat memory means the growth between the second and the last sample, per 100k calls, is ~0.
 */
async function soakRelay(target: Target, pid: number) {
  log(`Soak: ${SOAK_SECONDS} s…`);
  const samples: { calls: number; rss_mb: number }[] = [];
  let calls = 0;
  for (let elapsed = 0, i = 0; elapsed < SOAK_SECONDS; elapsed += 30, i++) {
    const result = await runAutocannon(target, i % 2 === 1, 10, Math.min(30, SOAK_SECONDS - elapsed), LOAD_CORE);
    calls += result.requests;
    samples.push({ calls, rss_mb: rssMb(pid) });
    log(`  ${calls} calls, RSS ${samples.at(-1)!.rss_mb.toFixed(0)} MB`);
  }
  const first = samples[Math.min(1, samples.length - 1)]!;
  const last = samples.at(-1)!;
  return { samples, growth_mb_per_100k_calls: last.calls > first.calls ? ((last.rss_mb - first.rss_mb) * 100_000) / (last.calls - first.calls) : 0 };
}

function printTable(results: any) {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  const rows: string[][] = [['measure', 'baseline', 'relay', 'ratio', 'translated', 'ratio']];
  for (const key of Object.keys(results.load).filter((k: string) => k.startsWith('baseline '))) {
    const suffix = key.slice('baseline '.length);
    const [b, r, t] = ['baseline', 'relay', 'translated'].map((n) => results.load[`${n} ${suffix}`]);
    rows.push([`CPU µs/call ${suffix}`, b.cpu_us_per_call.toFixed(0), r.cpu_us_per_call.toFixed(0), ratio(r.cpu_us_per_call, b.cpu_us_per_call), t.cpu_us_per_call.toFixed(0), ratio(t.cpu_us_per_call, b.cpu_us_per_call)]);
    rows.push([`calls/s ${suffix}`, b.rps.toFixed(0), r.rps.toFixed(0), ratio(r.rps, b.rps), t.rps.toFixed(0), ratio(t.rps, b.rps)]);
    rows.push([`p50 / p99 ms ${suffix}`, `${b.p50} / ${b.p99}`, `${r.p50} / ${r.p99}`, '', `${t.p50} / ${t.p99}`, '']);
    rows.push([`RSS peak MB ${suffix}`, b.rss_peak_mb.toFixed(0), r.rss_peak_mb.toFixed(0), ratio(r.rss_peak_mb, b.rss_peak_mb), t.rss_peak_mb.toFixed(0), '']);
    if (r.non2xx + r.errors + t.non2xx + t.errors > 0) rows.push([`  failed calls ${suffix}`, String(b.non2xx + b.errors), String(r.non2xx + r.errors), '', String(t.non2xx + t.errors), '']);
  }
  for (const kind of ['json', 'stream_first_byte']) {
    const l = results.latency[kind];
    rows.push([`idle ${kind} p50 ms (added p50/p90)`, l.baseline_p50_ms.toFixed(2), `${l.relay_p50_ms.toFixed(2)} (+${l.relay_added_p50_ms.toFixed(2)}/+${l.relay_added_p90_ms.toFixed(2)})`, '', `${l.translated_p50_ms.toFixed(2)} (+${l.translated_added_p50_ms.toFixed(2)}/+${l.translated_added_p90_ms.toFixed(2)})`, '']);
  }
  rows.push(['RSS idle MB', results.idle_rss_mb.baseline.toFixed(0), results.idle_rss_mb.relay.toFixed(0), ratio(results.idle_rss_mb.relay, results.idle_rss_mb.baseline), '', '']);
  rows.push(['RSS idle MB, management API in use', '', results.idle_rss_mb.relay_after_configuration.toFixed(0), '', '', '']);
  const s = results.slow_streams;
  rows.push(['200 slow streams: ok / peak RSS MB', `${s.baseline.ok} / ${s.baseline.rss_peak_mb.toFixed(0)}`, `${s.relay.ok} / ${s.relay.rss_peak_mb.toFixed(0)}`, ratio(s.relay.rss_peak_mb, s.baseline.rss_peak_mb), '', '']);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  log('');
  for (const row of rows) log(row.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  '));
  const l = results.logs;
  if (l) log(`\nLog store (${l.records.toLocaleString()} records): write ${l.write_us_per_record_at_10k.toFixed(1)} µs/record at 10k, ${l.write_us_per_record_at_1m.toFixed(1)} at the end (${l.write_ratio_1m_to_10k.toFixed(2)}×)`);
  for (const [name, q] of Object.entries(l?.queries_ms ?? {}) as [string, any][]) log(`  query ${name}: ${q.ms.toFixed(1)} ms (${q.total} matching)`);
  if (results.soak) log(`\nSoak: RSS ${results.soak.samples.map((s: any) => s.rss_mb.toFixed(0)).join(' → ')} MB; growth ${results.soak.growth_mb_per_100k_calls.toFixed(2)} MB per 100k calls`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
