import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LogRecord, type LogStore, openLogStore } from '../../../../relay/store/logs/index.js';

const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);
const DAY_KEY = '2025-01-10';
const ROW = 56;

let dir: string;
let jsonlPath: string;
let idxPath: string;
const open: LogStore[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'relaydesk-logs-recovery-'));
  jsonlPath = path.join(dir, `${DAY_KEY}.jsonl`);
  idxPath = path.join(dir, `${DAY_KEY}.idx`);
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await fs.rm(dir, { recursive: true, force: true });
});

/** Opens the store with a clock later than anything `seed` wrote (same UTC day). */
async function openStore(): Promise<LogStore> {
  let t = T0 + 3600_000;
  const store = await openLogStore({ dir, clock: () => (t += 1000) });
  open.push(store);
  return store;
}

/** Writes `n` records with a store, closes it, and returns them. */
async function seed(n: number): Promise<LogRecord[]> {
  const store = await openLogStore({ dir, clock: (() => {
    let t = T0;
    return () => (t += 1000);
  })() });
  const all: LogRecord[] = [];
  for (let i = 0; i < n; i++) all.push(store.append({ type: 2, user_id: i % 3, model: `m${i % 4}`, request_id: `r${i}`, content: 'x'.repeat(i) }));
  await store.close();
  return all;
}

async function ids(store: LogStore, query = {}): Promise<number[]> {
  return (await store.query({ page_size: 100, ...query })).items.map((r) => r.id);
}

function desc(records: readonly LogRecord[]): number[] {
  return records.map((r) => r.id).reverse();
}

async function lineOffsets(): Promise<number[]> {
  const text = await fs.readFile(jsonlPath);
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === 0x0a && i + 1 < text.length) starts.push(i + 1);
  return starts;
}

describe('request log store crash recovery', () => {
  it('drops a torn last line (jsonl truncated mid-line) and its index row', async () => {
    const all = await seed(20);
    const size = (await fs.stat(jsonlPath)).size;
    await fs.truncate(jsonlPath, size - 5);
    const store = await openStore();
    expect(store.stats().records).toBe(19);
    expect(await ids(store)).toEqual(desc(all.slice(0, 19)));
    expect(await store.get(20)).toBeUndefined();
    expect(await store.get(19)).toEqual(all[18]);
    const text = await fs.readFile(jsonlPath, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').filter(Boolean)).toHaveLength(19);
    expect((await fs.stat(idxPath)).size).toBe(19 * ROW);
    const next = store.append({ type: 2, user_id: 1 });
    expect(next.id).toBeGreaterThan(19);
    expect((await ids(store, { user_id: 1 }))[0]).toBe(next.id);
  });

  it('drops index rows whose lines are gone (jsonl cut by whole lines)', async () => {
    const all = await seed(20);
    const starts = await lineOffsets();
    await fs.truncate(jsonlPath, starts[15]!); // keep 15 lines
    await fs.rm(path.join(dir, 'meta.json'));
    const store = await openStore();
    expect(await ids(store)).toEqual(desc(all.slice(0, 15)));
    expect((await fs.stat(idxPath)).size).toBe(15 * ROW);
    expect(store.append({ type: 2 }).id).toBe(16); // no meta.json: continues after the highest id found
  });

  it('rebuilds a missing index tail and a torn index row from the jsonl', async () => {
    const all = await seed(20);
    await fs.truncate(idxPath, 13 * ROW + 17); // 13 whole rows and a torn one
    const store = await openStore();
    expect(store.stats().records).toBe(20);
    expect(await ids(store)).toEqual(desc(all));
    expect(await ids(store, { user_id: 2, model: 'm1' })).toEqual(desc(all.filter((r) => r.user_id === 2 && r.model === 'm1')));
    expect(await store.get(17)).toEqual(all[16]);
    expect((await fs.stat(idxPath)).size).toBe(20 * ROW);
    expect(store.append({ type: 2 }).id).toBe(21);
  });

  it('rebuilds a missing index file', async () => {
    const all = await seed(12);
    await fs.rm(idxPath);
    const store = await openStore();
    expect(await ids(store)).toEqual(desc(all));
    expect((await ids(store, { request_id: 'r5' }))).toEqual([6]);
  });

  it('indexes complete lines that were written without index rows (crash between the two writes)', async () => {
    const all = await seed(10);
    const extra = [11, 12, 13].map((id) => ({ ...all[0]!, id, created_at: T0 + id * 1000, user_id: 7, model: 'fresh-model', request_id: `x${id}` }));
    await fs.appendFile(jsonlPath, extra.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const store = await openStore();
    expect(store.stats().records).toBe(13);
    expect(await ids(store, { user_id: 7 })).toEqual([13, 12, 11]);
    expect(await ids(store, { model: 'fresh-model' })).toEqual([13, 12, 11]);
    expect(await store.get(12)).toEqual(extra[1]);
    expect(store.append({ type: 2 }).id).toBe(14);
  });

  it('skips garbage lines, cuts a torn tail, and keeps later good lines', async () => {
    const all = await seed(5);
    const good = { ...all[0]!, id: 6, created_at: T0 + 6000 };
    await fs.appendFile(jsonlPath, `not json at all\n\n${JSON.stringify(good)}\n{"id":7,"created_`);
    const store = await openStore();
    expect(await ids(store)).toEqual([6, 5, 4, 3, 2, 1]);
    const text = await fs.readFile(jsonlPath, 'utf8');
    expect(text.endsWith(`${JSON.stringify(good)}\n`)).toBe(true);
    // appends after recovery land after the kept text and read back fine
    const next = store.append({ type: 2, user_id: 9 });
    await store.flush();
    expect(await store.get(next.id)).toEqual(next);
    const reopened = await (async () => {
      await store.close();
      open.splice(open.indexOf(store), 1);
      return openStore();
    })();
    expect(await ids(reopened)).toEqual([next.id, 6, 5, 4, 3, 2, 1]);
  });

  it('rebuilds every index when the model dictionary is lost', async () => {
    const all = await seed(16);
    await fs.rm(path.join(dir, 'models.jsonl'));
    const store = await openStore();
    for (const m of ['m0', 'm1', 'm2', 'm3']) expect(await ids(store, { model: m })).toEqual(desc(all.filter((r) => r.model === m)));
    expect((await fs.readFile(path.join(dir, 'models.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(4);
  });

  it('cuts a torn dictionary line', async () => {
    const all = await seed(8);
    await fs.appendFile(path.join(dir, 'models.jsonl'), '"half-writ');
    const store = await openStore();
    expect(await ids(store, { model: 'm3' })).toEqual(desc(all.filter((r) => r.model === 'm3')));
    store.append({ type: 2, model: 'later' });
    await store.flush();
    const names = (await fs.readFile(path.join(dir, 'models.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(names).toEqual(['m0', 'm1', 'm2', 'm3', 'later']);
  });

  it('removes an index without its day file and ignores foreign files', async () => {
    await seed(3);
    await fs.writeFile(path.join(dir, '2024-12-31.idx'), Buffer.alloc(ROW * 2));
    await fs.writeFile(path.join(dir, 'notes.txt'), 'hello');
    const store = await openStore();
    expect(store.stats()).toEqual({ records: 3, days: 1 });
    await expect(fs.stat(path.join(dir, '2024-12-31.idx'))).rejects.toThrow();
    expect(await fs.readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('hello');
  });
});
