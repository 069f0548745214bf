// Two builds (or two sets of V8 flags) of the relay compared under the same load at the same
// time, both on the core under test, for changes too small for `npm run bench` to see: one
// after the other, this machine's noise moves a run's CPU per call by up to a third; side by
// side, both relays share it, and two copies of one build differ by 1–6% in a round (less in
// the median of four): run it twice, each order once, and trust what both runs agree on.
//
//   node --import tsx test/bench/pair.ts [--rounds=4] [--seconds=3] [--kinds=json10,sse10,json50,trsse50,emb10] \
//     <name>=<build folder>[:<node flag>,…] <name>=<build folder>[:<node flag>,…]
//
// A build folder is a copy of dist/node kept inside the checkout (e.g. `cp -r dist/node dist/before`:
// its imports resolve through node_modules). Prints, per kind of call, the second's CPU per call
// ÷ the first's for each round and their median.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { runAutocannon } from './load.js';
import type { Target } from './load.js';
import { cpuMicros, pinSelf, startPinned, stopChild } from './processes.js';
import { benchTargets, startConfiguredRelay } from './relay-setup.js';

const SUT_CORE = 0;
const LOAD_CORE = 1;
const options = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
const sides = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (sides.length !== 2) throw new Error('pair.ts compares two: <name>=<build folder>[:<flag>,…] twice');
const rounds = Number(options.rounds ?? 4);
const seconds = Number(options.seconds ?? 3);
const kinds = (options.kinds ?? 'json10,sse10,json50').split(',');

/** A kind of call: json10, sse50, trjson10 / trsse50 (messages client, OpenAI-kind upstream), emb10. */
function kindOf(kind: string): { target: string; stream: boolean; connections: number } {
  const target = kind.startsWith('tr') ? 'translated' : kind.startsWith('emb') ? 'relay_embeddings' : 'relay';
  return { target, stream: kind.includes('sse'), connections: Number(/\d+$/.exec(kind)?.[0] ?? 10) };
}

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

async function startSide(spec: string, upstreamUrl: string) {
  const name = spec.slice(0, spec.indexOf('='));
  const rest = spec.slice(name.length + 1);
  const colon = rest.indexOf(':');
  const folder = colon < 0 ? rest : rest.slice(0, colon);
  const flags = colon < 0 ? [] : rest.slice(colon + 1).split(',');
  const dataDir = await mkdtemp(join(tmpdir(), 'relaydesk-pair-'));
  dataDirs.push(dataDir);
  const start = (port: string) => startPinned(SUT_CORE, [...flags, join(resolve(folder), 'relay/start.js'), '--port', port, '--data-dir', dataDir, '--secrets', 'encrypted-file'], /Relay API: (http:\/\/[^\s]+)\/v1/);
  const relay = await startConfiguredRelay(start, upstreamUrl);
  children.push(relay.child);
  return { name, pid: relay.child.pid!, targets: benchTargets('http://unused', relay.apiOrigin, relay.key) as Record<string, Target> };
}

async function main() {
  pinSelf(LOAD_CORE);
  const upstream = await startPinned(LOAD_CORE, ['--import', 'tsx', join(import.meta.dirname, 'fake-upstream-server.ts'), '0'], /listening (\d+)/);
  children.push(upstream.child);
  const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
  const pair = [await startSide(sides[0]!, upstreamUrl), await startSide(sides[1]!, upstreamUrl)];
  // Warm-up: V8 settles its code for the mix of calls only once it has seen every kind.
  for (let pass = 0; pass < 2; pass++) {
    for (const kind of kinds) {
      const { target, stream } = kindOf(kind);
      await Promise.all(pair.map((side) => runAutocannon(side.targets[target]!, stream, 10, 2, LOAD_CORE)));
    }
  }
  for (const kind of kinds) {
    const { target, stream, connections } = kindOf(kind);
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = pair.map((side) => cpuMicros(side.pid));
      const loads = await Promise.all(pair.map((side) => runAutocannon(side.targets[target]!, stream, connections, seconds, LOAD_CORE)));
      const perCall = pair.map((side, i) => (cpuMicros(side.pid) - before[i]!) / Math.max(1, loads[i]!.requests));
      ratios.push(perCall[1]! / perCall[0]!);
    }
    const median = [...ratios].sort((x, y) => x - y)[Math.floor((ratios.length - 1) / 2)]!;
    process.stdout.write(`${kind.padEnd(9)} ${pair[1]!.name} ÷ ${pair[0]!.name}: ${median.toFixed(3)} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})\n`);
  }
}

try {
  await main();
} finally {
  await Promise.all(children.map(stopChild));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
