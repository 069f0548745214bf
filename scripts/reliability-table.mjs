// The README's Reliability table from a run's figures: `node scripts/reliability-table.mjs
// [test-results/reliability-figures.jsonl]` prints one Markdown row per scenario and store
// (the last figure written of each, sorted by scenario), so the table is copied from what a
// run measured rather than typed by hand.
import { readFileSync } from 'node:fs';

const STORE_NAMES = { embedded: 'embedded', server: 'PostgreSQL + Redis', both: 'both stores' };
const file = process.argv[2] ?? 'test-results/reliability-figures.jsonl';
const latest = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const figure = JSON.parse(line);
  const key = `${figure.scenario}\u0000${figure.store}`;
  latest.set(key, figure);
}
const cell = (value) => String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
const rows = [...latest.values()].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.store.localeCompare(b.store));
console.log('| scenario | store | runs | cases | what held | worst case seen |');
console.log('|---|---|---|---|---|---|');
for (const f of rows) {
  console.log(`| ${cell(f.scenario)} | ${STORE_NAMES[f.store] ?? cell(f.store)} | ${f.runs} | ${f.cases} | ${cell(f.held)} | ${cell(f.worst)} |`);
}
