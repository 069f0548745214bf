import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ImportEdge, findCycles, inFolder, relayDir, relayImportGraph } from './import-graph.js';

// The walls of relay/ (README, Development: Layout), read from the import specifiers of every
// .ts file under relay/. A failure names the file and what it imports across the wall.

const graph = relayImportGraph();

/** `file → target` for every relative import from a file in `from` to a file in `to` (minus `allowed`). */
function crossings(from: readonly string[], to: readonly string[], allowed: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    if (!inFolder(file, from)) continue;
    for (const edge of edges) {
      if (edge.target !== undefined && inFolder(edge.target, to) && !allowed.includes(`${file} → ${edge.target}`)) found.push(`${file} → ${edge.target}`);
    }
  }
  return found;
}

describe('relay/ walls', () => {
  it('reads the whole of relay/', () => {
    expect(graph.size).toBeGreaterThan(100);
    for (const folder of ['protocols', 'providers', 'wire', 'billing', 'routing', 'store']) {
      expect([...graph.keys()].some((file) => inFolder(file, [folder])), folder).toBe(true);
    }
  });

  it('client codecs (protocols/) never import provider adapters (providers/)', () => {
    expect(crossings(['protocols'], ['providers'])).toEqual([]);
  });

  it('provider adapters (providers/) never import client codecs (protocols/)', () => {
    expect(crossings(['providers'], ['protocols'])).toEqual([]);
  });

  it('the shared wire vocabulary (wire/) imports neither side', () => {
    expect(crossings(['wire'], ['protocols', 'providers'])).toEqual([]);
  });

  it('codecs, adapters and the wire vocabulary know no HTTP server, store, management, call flow, routing or billing', () => {
    expect(crossings(['protocols', 'providers', 'wire'], ['http', 'store', 'management', 'pipeline', 'routing', 'upstream', 'billing'])).toEqual([]);
  });

  it('codecs and adapters import nothing of relay/ but the IR, the wire vocabulary and their own side', () => {
    // What a codec needs beyond its wire (an estimate, a setting) comes in through the IR or
    // its per-call context, not from another part of the relay.
    const found: string[] = [];
    for (const [file, edges] of graph) {
      const side = file.split('/')[0]!;
      if (!['protocols', 'providers', 'wire'].includes(side)) continue;
      for (const edge of edges) {
        if (edge.target !== undefined && !inFolder(edge.target, ['ir', 'wire', side])) found.push(`${file} → ${edge.target}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('billing, routing and store know no wire format, HTTP, management presentation or call flow', () => {
    // management/contract.ts is allowed: import-free constants (roles, statuses) the console shares.
    const above = ['protocols', 'providers', 'wire', 'http', 'pipeline', 'upstream', 'management'];
    const found = crossings(['billing', 'routing', 'store'], above).filter((crossing) => !crossing.endsWith('→ management/contract.ts'));
    expect(found).toEqual([]);
  });

  it('only relay/store/ imports a database client (lowdb, pg, redis)', () => {
    const database = /^(lowdb|pg|pg-[\w-]+|postgres|redis|ioredis|@redis\/[\w-]+)(\/|$)/;
    const found: string[] = [];
    for (const [file, edges] of graph) {
      if (inFolder(file, ['store'])) continue;
      for (const edge of edges) if (database.test(edge.specifier)) found.push(`${file} → ${edge.specifier}`);
    }
    expect(found).toEqual([]);
    // The check sees what it looks for: the state file does use lowdb.
    expect(graph.get('store/state-file.ts')?.some((edge: ImportEdge) => database.test(edge.specifier))).toBe(true);
  });

  it('nothing outside relay/store/ sees the state file, the quota book or journal (only the storage ports)', () => {
    const kept = /\b(StateFile|QuotaBook|QuotaJournal)\b/;
    const found = [...graph.keys()].filter((file) => !inFolder(file, ['store']) && kept.test(readFileSync(join(relayDir, file), 'utf8')));
    expect(found).toEqual([]);
    // The check sees what it looks for.
    expect(kept.test(readFileSync(join(relayDir, 'store/embedded/open.ts'), 'utf8'))).toBe(true);
  });

  it('has no import cycles, type-only imports included', () => {
    // Type-only imports count: they are erased at run time, but a type cycle still means neither
    // module can be read, tested or moved without the other, and it turns into a run-time cycle
    // the first time a value is imported along it.
    const cycles = findCycles(graph, { includeTypeOnly: true }).map((cycle) => cycle.join(' → '));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle and names its path (the search itself works)', () => {
    const edge = (target: string, typeOnly = false): ImportEdge => ({ specifier: `./${target}`, typeOnly, target });
    const sample = new Map<string, ImportEdge[]>([
      ['a.ts', [edge('b.ts')]],
      ['b.ts', [edge('c.ts', true)]],
      ['c.ts', [edge('a.ts')]],
      ['d.ts', [edge('a.ts')]],
    ]);
    expect(findCycles(sample, { includeTypeOnly: true })).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(findCycles(sample, { includeTypeOnly: false })).toEqual([]);
  });
});
