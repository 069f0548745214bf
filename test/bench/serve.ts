// For profiling by hand: the bench's upstream, baseline and configured relay, left running.
// `node --import tsx test/bench/serve.ts [relay node flags, e.g. --cpu-prof --perf-basic-prof]`
// prints one JSON line (origins, pids, the key); SIGTERM stops all three.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAY_V8_FLAGS } from '../../relay/config/runtime-flags.js';
import { startPinned } from './processes.js';
import { startConfiguredRelay } from './relay-setup.js';

const flags = process.argv.slice(2);
const root = join(import.meta.dirname, '../..');
const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-serve-'));
const upstream = await startPinned(1, ['--import', 'tsx', join(import.meta.dirname, 'fake-upstream-server.ts'), '0'], /listening (\d+)/);
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
const baseline = await startPinned(0, [join(import.meta.dirname, 'baseline-proxy.mjs'), '0', upstreamUrl], /listening (\d+)/);
const start = (port: string, extra: string[]) =>
  startPinned(0, [...RELAY_V8_FLAGS, ...extra, join(root, 'dist/node/relay/start.js'), '--port', port, '--data-dir', dataDir, '--secrets', 'encrypted-file'], /Relay API: (http:\/\/[^\s]+)\/v1/);
const relay = await startConfiguredRelay(start, upstreamUrl, flags);
const origin = (url: string) => url.replace(/\/v1$/, '');
console.log(JSON.stringify({ relay: origin(relay.apiOrigin), relayPid: relay.child.pid, baseline: `http://127.0.0.1:${baseline.match[1]}`, baselinePid: baseline.child.pid, upstreamPid: upstream.child.pid, key: relay.key, dataDir }));
process.on('SIGTERM', () => {
  for (const child of [relay.child, baseline.child, upstream.child]) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500);
});
setInterval(() => {}, 1 << 30);
