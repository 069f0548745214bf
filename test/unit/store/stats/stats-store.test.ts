import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStatsStore } from '../../../../relay/store/stats/index.js';
import type { StatsEntry, StatsStore } from '../../../../relay/store/stats/index.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 10, 15, 0); // 10:15 UTC

let dir: string;
const open: StatsStore[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'relaydesk-stats-'));
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await fs.rm(dir, { recursive: true, force: true });
});

async function openStore(options: { clock?: () => number; onError?: (error: unknown) => void } = {}): Promise<StatsStore> {
  const store = await openStatsStore({ dir, writeDelayMs: 60_000, clock: options.clock ?? (() => T0), ...(options.onError ? { onError: options.onError } : {}) });
  open.push(store);
  return store;
}

async function reopen(store: StatsStore, options: { clock?: () => number } = {}): Promise<StatsStore> {
  await store.close();
  open.splice(open.indexOf(store), 1);
  return openStore(options);
}

function call(overrides: Partial<StatsEntry> = {}): StatsEntry {
  return {
    created_at: T0,
    type: 2,
    model: 'gpt-4o',
    user_id: 1,
    username: 'owner',
    token_id: 10,
    token_name: 'k1',
    channel_id: 100,
    channel_name: 'c1',
    prompt_tokens: 10,
    completion_tokens: 5,
    quota: 7,
    ...overrides,
  };
}

describe('hourly usage statistics store', () => {
  it('sums calls per hour and per (model, user, key, channel); errors count apart; other types are ignored', async () => {
    const store = await openStore();
    store.record(call());
    store.record(call({ created_at: T0 + 20 * 60_000 })); // same hour (10:35)
    store.record(call({ created_at: T0 + HOUR, model: 'claude' })); // 11:15
    store.record(call({ user_id: 2, username: 'bob', token_id: 20, token_name: 'k2', channel_id: 200, channel_name: 'c2' }));
    store.record(call({ type: 5, prompt_tokens: 0, completion_tokens: 0, quota: 0 }));
    store.record(call({ type: 3 })); // an audit record: not usage
    const rows = await store.query({});
    const hour10 = Date.UTC(2025, 2, 3, 10);
    expect(rows).toEqual([
      { hour: hour10, family: 'chat', model: 'gpt-4o', user_id: 1, username: 'owner', token_id: 10, token_name: 'k1', channel_id: 100, channel_name: 'c1', requests: 2, errors: 1, prompt_tokens: 20, completion_tokens: 10, units: {}, quota: 14 },
      { hour: hour10, family: 'chat', model: 'gpt-4o', user_id: 2, username: 'bob', token_id: 20, token_name: 'k2', channel_id: 200, channel_name: 'c2', requests: 1, errors: 0, prompt_tokens: 10, completion_tokens: 5, units: {}, quota: 7 },
      { hour: hour10 + HOUR, family: 'chat', model: 'claude', user_id: 1, username: 'owner', token_id: 10, token_name: 'k1', channel_id: 100, channel_name: 'c1', requests: 1, errors: 0, prompt_tokens: 10, completion_tokens: 5, units: {}, quota: 7 },
    ]);
  });

  it('filters by time range (whole hours), user, key, channel and model', async () => {
    const store = await openStore();
    for (let h = 0; h < 5; h++) store.record(call({ created_at: T0 + h * HOUR, model: h % 2 ? 'a' : 'b', user_id: 1 + (h % 2), token_id: 10 + h, channel_id: 100 + (h % 3) }));
    const hours = async (q: Parameters<StatsStore['query']>[0]) => (await store.query(q)).map((r) => (r.hour - Date.UTC(2025, 2, 3, 10)) / HOUR);
    expect(await hours({})).toEqual([0, 1, 2, 3, 4]);
    // start inside hour 1 still counts hour 1; end is exclusive at hour starts
    expect(await hours({ start: T0 + HOUR + 30 * 60_000, end: Date.UTC(2025, 2, 3, 13) })).toEqual([1, 2]);
    expect(await hours({ user_id: 2 })).toEqual([1, 3]);
    expect(await hours({ token_id: 14 })).toEqual([4]);
    expect(await hours({ channel_id: 100 })).toEqual([0, 3]);
    expect(await hours({ model: 'b' })).toEqual([0, 2, 4]);
    expect(await hours({ model: '' })).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts each family apart with the units it used; rows written before families were counted read as chat', async () => {
    // A day as an older build wrote it: no family, no units.
    const hour10 = Date.UTC(2025, 2, 3, 10);
    const old = { hour: hour10, model: 'gpt-4o', user_id: 1, username: 'owner', token_id: 10, token_name: 'k1', channel_id: 100, channel_name: 'c1', requests: 4, errors: 0, prompt_tokens: 40, completion_tokens: 20, quota: 28 };
    await fs.writeFile(path.join(dir, '2025-03-03.json'), JSON.stringify({ version: 1, day: '2025-03-03', rows: [old] }));
    const store = await openStore();
    store.record(call({ units: { requests: 1 } })); // the same chat row as the old one
    store.record(call({ family: 'rerank', model: 'rerank-v3.5', units: { requests: 1, search_units: 3 }, quota: 3000 }));
    store.record(call({ family: 'rerank', model: 'rerank-v3.5', units: { requests: 1, search_units: 2 }, quota: 2000 }));
    const rows = await store.query({});
    expect(rows.map((r) => [r.family, r.requests, r.units, r.quota])).toEqual([
      ['chat', 5, { requests: 1 }, 35],
      ['rerank', 2, { requests: 2, search_units: 5 }, 5000],
    ]);
    expect((await store.query({ family: 'rerank' })).map((r) => r.model)).toEqual(['rerank-v3.5']);
    expect(await store.query({ family: 'embeddings' })).toEqual([]);
    // Written and read back the same.
    const again = await reopen(store);
    expect((await again.query({})).map((r) => [r.family, r.units])).toEqual([
      ['chat', { requests: 1 }],
      ['rerank', { requests: 2, search_units: 5 }],
    ]);
  });

  it('writes one small JSON file per UTC day, only when flushed or after the delay, and reads it back', async () => {
    const store = await openStore();
    store.record(call());
    store.record(call({ created_at: T0 + 20 * HOUR })); // 06:15 the next day
    expect(await fs.readdir(dir)).toEqual([]); // coalesced: nothing written per call
    await store.flush();
    expect((await fs.readdir(dir)).sort()).toEqual(['2025-03-03.json', '2025-03-04.json']);
    const file = JSON.parse(await fs.readFile(path.join(dir, '2025-03-03.json'), 'utf8'));
    expect(file).toMatchObject({ version: 1, day: '2025-03-03', rows: [{ requests: 1, quota: 7 }] });

    const again = await reopen(store);
    expect((await again.query({})).map((r) => r.requests)).toEqual([1, 1]);
    again.record(call());
    await again.flush();
    const third = await reopen(again);
    expect((await third.query({ end: Date.UTC(2025, 2, 4) })).map((r) => r.requests)).toEqual([2]);
  });

  it('a call recorded into a day not read yet adds to what the file holds', async () => {
    const first = await openStore();
    first.record(call({ created_at: T0 - 48 * HOUR }));
    first.record(call({ created_at: T0 - 48 * HOUR }));
    await first.close();
    open.splice(0);
    const store = await openStore(); // reads only today's file at open
    store.record(call({ created_at: T0 - 48 * HOUR, token_name: 'renamed' }));
    await store.flush(); // reads the old day before writing it
    const rows = await (await reopen(store)).query({});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requests: 3, quota: 21, token_name: 'renamed' });
  });

  it('moves a damaged day file aside and starts that day afresh', async () => {
    await fs.writeFile(path.join(dir, '2025-03-03.json'), '{"version":1,"rows":[{"hour":');
    const errors: unknown[] = [];
    const store = await openStore({ onError: (error) => errors.push(error) });
    expect(errors).toHaveLength(1);
    expect(await store.query({})).toEqual([]);
    store.record(call());
    await store.flush();
    const names = await fs.readdir(dir);
    expect(names).toContain('2025-03-03.json');
    expect(names.some((name) => name.startsWith('2025-03-03.json.corrupt-'))).toBe(true);
  });

  it('ignores calls recorded after close, and close writes what was pending', async () => {
    const store = await openStore();
    store.record(call());
    await store.close();
    store.record(call());
    open.splice(0);
    const again = await openStore();
    expect((await again.query({})).map((r) => r.requests)).toEqual([1]);
  });

  it('keeps latency histograms across a restart: percentiles within 4.5%, errors not timed, days cut in the time zone', async () => {
    const store = await openStore();
    for (let i = 1; i <= 100; i++) store.record(call({ total_ms: i * 10, first_byte_ms: i }));
    store.record(call({ type: 5, total_ms: 999_999 }));
    await store.flush();
    const again = await reopen(store);
    // Recorded again before the day is read back: both halves count once.
    again.record(call({ created_at: T0 + 14 * HOUR, total_ms: 1000, first_byte_ms: 100 })); // 00:15 next day UTC, still Mar 3 in New York
    const report = await again.latency({ time_zone: 'America/New_York' });
    expect(report.overall.calls).toBe(101);
    const near = (value: number | null, exact: number) => expect(Math.abs(value! - exact) / exact).toBeLessThanOrEqual(0.045);
    near(report.overall.total_ms.p50, 510);
    near(report.overall.total_ms.p99, 1000);
    near(report.overall.first_byte_ms.p95, 96);
    expect(report.days.map((d) => [d.day, d.calls])).toEqual([['2025-03-03', 101]]);
    expect((await again.latency({ time_zone: 'UTC' })).days.map((d) => [d.day, d.calls])).toEqual([
      ['2025-03-03', 100],
      ['2025-03-04', 1],
    ]);
    expect((await again.query({}))[0]).not.toHaveProperty('latency');
  });
});
