// The bench's table: CPU per call, calls/s, latency and memory, as ratios to the baseline.

/** One measured pair or triple: keys are `${target} ${kind} c${connections}` in `results.load`. */
const ROWS = [
  { suffixes: ['json c10', 'json c50', 'sse c10', 'sse c50'], columns: ['baseline', 'relay', 'translated'] },
  { suffixes: ['embeddings c10', 'embeddings c50'], columns: ['baseline_embeddings', 'relay_embeddings'] },
];

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** `2.10×` for one round; `2.10× (1.95–2.31)` (median, then the range) over several. */
function ratioCell(load: Record<string, any>, name: string, base: string, suffix: string): string {
  const rounds: number[] = load[`${name} ${suffix}`].rounds_cpu_us_per_call;
  const baseRounds: number[] = load[`${base} ${suffix}`].rounds_cpu_us_per_call;
  const ratios = rounds.map((cpu, i) => cpu / baseRounds[i]!).sort((a, b) => a - b);
  const middle = ratios.length / 2;
  const median = ratios.length % 2 === 1 ? ratios[Math.floor(middle)]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
  return ratios.length > 1 ? `${median.toFixed(2)}× (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})` : `${median.toFixed(2)}×`;
}

export function printTable(results: any, log: (text: string) => void): void {
  const rows: string[][] = [['measure', 'baseline', 'relay', 'ratio', 'translated', 'ratio']];
  for (const { suffixes, columns } of ROWS) {
    for (const suffix of suffixes) {
      const [b, r, t] = columns.map((n) => results.load[`${n} ${suffix}`]);
      const [base, relay, translated] = columns;
      rows.push([`CPU µs/call ${suffix}`, b.cpu_us_per_call.toFixed(0), r.cpu_us_per_call.toFixed(0), ratioCell(results.load, relay!, base!, suffix), t?.cpu_us_per_call.toFixed(0) ?? '', translated ? ratioCell(results.load, translated, base!, suffix) : '']);
      rows.push([`calls/s ${suffix}`, b.rps.toFixed(0), r.rps.toFixed(0), ratio(r.rps, b.rps), t?.rps.toFixed(0) ?? '', t ? ratio(t.rps, b.rps) : '']);
      rows.push([`p50 / p99 ms ${suffix}`, `${b.p50} / ${b.p99}`, `${r.p50} / ${r.p99}`, '', t ? `${t.p50} / ${t.p99}` : '', '']);
      rows.push([`RSS peak MB ${suffix}`, b.rss_peak_mb.toFixed(0), r.rss_peak_mb.toFixed(0), ratio(r.rss_peak_mb, b.rss_peak_mb), t?.rss_peak_mb.toFixed(0) ?? '', '']);
      const failed = (x: any) => (x ? x.non2xx + x.errors : 0);
      if (failed(r) + failed(t) > 0) rows.push([`  failed calls ${suffix}`, String(failed(b)), String(failed(r)), '', t ? String(failed(t)) : '', '']);
    }
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
  if (results.rounds > 1) log(`CPU ratios: the median of ${results.rounds} rounds (each ratio within one round), then the range.`);
  if (results.peers?.portkey) {
    log(`\n${results.peers.portkey} (whole JSON chat answers; streams and embeddings fail in it on this Node), CPU per call:`);
    for (const suffix of ['json c10', 'json c50']) {
      const p = results.load[`portkey ${suffix}`];
      log(`  ${suffix}: ${p.cpu_us_per_call.toFixed(0)} µs, ${ratioCell(results.load, 'portkey', 'relay', suffix)} the relay's, ${ratioCell(results.load, 'portkey', 'baseline', suffix)} the baseline's; ${p.rps.toFixed(0)} calls/s${p.non2xx + p.errors > 0 ? `, ${p.non2xx + p.errors} failed` : ''}`);
    }
  }
  const l = results.logs;
  if (l) log(`\nLog store (${l.records.toLocaleString()} records): write ${l.write_us_per_record_at_10k.toFixed(1)} µs/record at 10k, ${l.write_us_per_record_at_1m.toFixed(1)} at the end (${l.write_ratio_1m_to_10k.toFixed(2)}×)`);
  for (const [name, q] of Object.entries(l?.queries_ms ?? {}) as [string, any][]) log(`  query ${name}: ${q.ms.toFixed(1)} ms (${q.total} matching)`);
}

/** `--server`: the relay on PostgreSQL + Redis beside the embedded relay (and the baseline) of the same rounds. */
export function printServerTable(results: any, log: (text: string) => void): void {
  const load = results.load;
  const rows: string[][] = [['measure', 'baseline', 'embedded', 'server', 'server ÷ embedded', 'PostgreSQL', 'Redis', 'Redis commands', 'two instances']];
  for (const suffix of ['json c10', 'json c50', 'sse c10', 'sse c50']) {
    const [b, e, s, pair] = ['baseline', 'relay', 'server', 'server_pair'].map((n) => load[`${n} ${suffix}`]);
    rows.push([`CPU µs/call ${suffix}`, b.cpu_us_per_call.toFixed(0), e.cpu_us_per_call.toFixed(0), s.cpu_us_per_call.toFixed(0), ratioCell(load, 'server', 'relay', suffix), s.server.postgres_cpu_us_per_call.toFixed(1), s.server.redis_cpu_us_per_call.toFixed(1), s.server.redis_commands_per_call.toFixed(1), pair.cpu_us_per_call.toFixed(0)]);
    rows.push([`calls/s ${suffix}`, b.rps.toFixed(0), e.rps.toFixed(0), s.rps.toFixed(0), ratio(s.rps, e.rps), '', '', '', pair.rps.toFixed(0)]);
    const failed = (x: any) => x.non2xx + x.errors;
    if (failed(s) + failed(pair) > 0) rows.push([`  failed calls ${suffix}`, '', '', String(failed(s)), '', '', '', '', String(failed(pair))]);
  }
  log('\nServer mode (PostgreSQL + Redis), the same rounds; PostgreSQL, Redis: their CPU µs per call; Redis commands per call (those run inside scripts included: INFO commandstats); two instances: CPU per call of both and their summed calls/s:');
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const row of rows) log(row.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join('  '));
  const listed = (counts: Record<string, number>, calls: number) =>
    Object.entries(counts).sort((x, y) => y[1] - x[1]).map(([name, n]) => `${name} ${((n * 1000) / calls).toFixed(1)}`).join(', ') || 'none';
  for (const [kind, t] of Object.entries(results.server_trips ?? {}) as [string, any][]) {
    const calls = Math.max(1, t.calls);
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    log(`Per 1,000 calls, ${kind} (${t.calls} calls and the 3.5 s after them):`);
    log(`  Redis round trips ${((sum(t.redisSent) * 1000) / calls).toFixed(0)}: ${listed(t.redisSent, calls)}; commands inside scripts ${((t.redisScripted * 1000) / calls).toFixed(0)}`);
    log(`  SQL statements ${((sum(t.statements) * 1000) / calls).toFixed(1)}: ${listed(t.statements, calls)}`);
  }
}
