import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LogQuery, type LogRecord, type LogStore, type NewLogRecord, LogType, openLogStore } from '../../../../relay/store/logs/index.js';

const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);

let dir: string;
const open: LogStore[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'relaydesk-logs-'));
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await fs.rm(dir, { recursive: true, force: true });
});

/** A clock the test moves by hand. */
function manualClock(start = T0): { now: () => number; set: (t: number) => void; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, set: (v) => (t = v), advance: (ms) => (t += ms) };
}

async function openStore(options: { retentionDays?: number; clock?: () => number } = {}): Promise<LogStore> {
  const store = await openLogStore({ dir, ...options });
  open.push(store);
  return store;
}

async function reopen(store: LogStore, options: { retentionDays?: number; clock?: () => number } = {}): Promise<LogStore> {
  await store.close();
  open.splice(open.indexOf(store), 1);
  return openStore(options);
}

/** The reference answer: filter in plain JS, newest first by (created_at, id). */
function expected(all: readonly LogRecord[], q: LogQuery): { ids: number[]; total: number } {
  const hits = all
    .filter(
      (r) =>
        (q.start === undefined || r.created_at >= q.start) &&
        (q.end === undefined || r.created_at < q.end) &&
        (q.type === undefined || r.type === q.type) &&
        (q.user_id === undefined || r.user_id === q.user_id) &&
        (q.token_id === undefined || r.token_id === q.token_id) &&
        (q.channel_id === undefined || r.channel_id === q.channel_id) &&
        (!q.model || r.model === q.model) &&
        (!q.request_id || r.request_id === q.request_id),
    )
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  const size = Math.min(100, Math.max(1, q.page_size ?? 20));
  const page = Math.max(1, q.page ?? 1);
  return { ids: hits.slice((page - 1) * size, page * size).map((r) => r.id), total: hits.length };
}

async function expectQuery(store: LogStore, all: readonly LogRecord[], q: LogQuery): Promise<void> {
  const want = expected(all, q);
  const page = await store.query(q);
  expect({ q, ids: page.items.map((r) => r.id), total: page.total }).toEqual({ q, ids: want.ids, total: want.total });
}

const MODELS = ['gpt-4o', 'claude-sonnet-4', 'gemini-2.5-pro', 'deepseek-chat'];
const TYPES = [LogType.consume, LogType.consume, LogType.error, LogType.topUp, LogType.refund];

function sample(i: number): NewLogRecord {
  return {
    type: TYPES[i % TYPES.length]!,
    user_id: 1 + (i % 3),
    username: `user${1 + (i % 3)}`,
    token_id: 10 + (i % 5),
    token_name: `token-${i % 5}`,
    model: MODELS[i % MODELS.length]!,
    upstream_model: `${MODELS[i % MODELS.length]!}-upstream`,
    channel_id: 100 + (i % 7),
    channel_name: `ch-${i % 7}`,
    group: i % 2 ? 'default' : 'vip',
    prompt_tokens: i * 3,
    completion_tokens: i * 2,
    quota: i * 10,
    total_ms: 100 + i,
    is_stream: i % 2 === 0,
    request_id: `req-${i}`,
    retry_chain: i % 10 === 0 ? [{ channel_id: 99, status: 502, error: 'bad gateway' }] : [],
    content: `record ${i} with "quotes", newline\nand unicode é 中`,
    other: { n: i },
  };
}

describe('request log store', () => {
  it('round-trips a record with defaults filled and ids assigned', async () => {
    const clock = manualClock();
    const store = await openStore({ clock: clock.now });
    const a = store.append({ type: LogType.consume });
    const b = store.append(sample(7));
    expect(a).toEqual({
      id: 1,
      created_at: T0,
      type: LogType.consume,
      user_id: 0,
      username: '',
      token_id: 0,
      token_name: '',
      model: '',
      upstream_model: '',
      channel_id: 0,
      channel_name: '',
      group: '',
      family: 'chat',
      prompt_tokens: 0,
      completion_tokens: 0,
      cached_tokens: 0,
      reasoning_tokens: 0,
      units: {},
      quota: 0,
      first_byte_ms: 0,
      total_ms: 0,
      is_stream: false,
      ip: '',
      request_id: '',
      retry_chain: [],
      error: '',
      content: '',
      other: {},
    });
    expect(b.id).toBe(2);
    // queries see records appended before them, even before flush()
    const page = await store.query({});
    expect(page).toEqual({ items: [b, a], total: 2, page: 1, page_size: 20 });
    expect(await store.get(2)).toEqual(b);
    expect(await store.get(1)).toEqual(a);
    expect(await store.get(3)).toBeUndefined();
    expect(await store.get(-1)).toBeUndefined();
    await store.flush();
    expect(store.stats()).toEqual({ records: 2, days: 1 });
  });

  it('keeps only the known fields and survives an unserializable `other`', async () => {
    const store = await openStore();
    const odd = { type: 2, user_id: 5, secret: 'not-mine', other: { big: 10n } } as unknown as NewLogRecord;
    const rec = store.append(odd);
    expect(rec.other).toEqual({});
    expect('secret' in rec).toBe(false);
    await store.flush();
    const text = await fs.readFile(path.join(dir, `${new Date(rec.created_at).toISOString().slice(0, 10)}.jsonl`), 'utf8');
    expect(text).not.toContain('not-mine');
    expect(await store.get(rec.id)).toEqual(rec);
  });

  it('answers every filter and their combinations, newest first, with paging', async () => {
    const clock = manualClock();
    const store = await openStore({ clock: clock.now });
    const all: LogRecord[] = [];
    for (let i = 0; i < 400; i++) {
      clock.advance(1000 + (i % 3)); // several records per second range, one day
      all.push(store.append(sample(i)));
    }
    const mid = all[150]!.created_at;
    const late = all[300]!.created_at;
    const queries: LogQuery[] = [
      {},
      { type: LogType.error },
      { user_id: 2 },
      { token_id: 12 },
      { channel_id: 104 },
      { model: 'claude-sonnet-4' },
      { request_id: 'req-123' },
      { request_id: 'nope' },
      { model: 'no-such-model' },
      { start: mid },
      { end: mid },
      { start: mid, end: late },
      { type: LogType.consume, user_id: 1 },
      { user_id: 3, model: 'gpt-4o', channel_id: 100 },
      { token_id: 11, channel_id: 101, start: mid },
      { type: LogType.topUp, model: 'deepseek-chat', end: late, user_id: 1 },
      { model: 'gemini-2.5-pro', request_id: 'req-2' },
      { model: 'gemini-2.5-pro', request_id: 'req-3' },
      { user_id: 0 },
      { model: '' }, // empty string: no filter
    ];
    for (const q of queries) {
      await expectQuery(store, all, q);
      await expectQuery(store, all, { ...q, page: 2, page_size: 7 });
    }
    // walk every page of one filter
    const q: LogQuery = { type: LogType.consume, page_size: 13 };
    const total = expected(all, q).total;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 13) + 1; page++) {
      const res = await store.query({ ...q, page });
      expect(res.total).toBe(total);
      expect(res.page).toBe(page);
      seen.push(...res.items.map((r) => r.id));
    }
    const consume = all.filter((r) => r.type === LogType.consume).map((r) => r.id);
    expect(seen).toEqual(consume.reverse()); // newest first: ids descend as the clock only moved forward
    expect(seen).toHaveLength(total);
  });

  it('clamps page and page_size', async () => {
    const store = await openStore();
    for (let i = 0; i < 150; i++) store.append(sample(i));
    expect((await store.query({ page_size: 1000 })).items).toHaveLength(100);
    expect((await store.query({ page_size: 1000 })).page_size).toBe(100);
    expect((await store.query({})).page_size).toBe(20);
    expect((await store.query({ page_size: -5 })).page_size).toBe(1);
    const last = await store.query({ page: 0, page_size: 3 });
    expect(last.page).toBe(1);
    const beyond = await store.query({ page: 99, page_size: 50 });
    expect(beyond).toEqual({ items: [], total: 150, page: 99, page_size: 50 });
  });

  it('orders newest first even when created_at arrives out of order', async () => {
    const store = await openStore();
    const all = [5, 1, 9, 3, 3, 7].map((s) => store.append({ type: 2, created_at: T0 + s * 1000, user_id: s % 2 }));
    const page = await store.query({});
    expect(page.items.map((r) => r.created_at)).toEqual([9, 7, 5, 3, 3, 1].map((s) => T0 + s * 1000));
    await expectQuery(store, all, {});
    await expectQuery(store, all, { user_id: 1, page_size: 2, page: 2 });
    await expectQuery(store, all, { start: T0 + 3000, end: T0 + 8000 });
    expect(await store.get(all[3]!.id)).toEqual(all[3]);
  });

  it('filters values that do not fit the index columns by reading their lines', async () => {
    const store = await openStore();
    const long = 'm'.repeat(300);
    const all = [
      store.append({ type: 2, user_id: 2 ** 40, model: long }),
      store.append({ type: 2, user_id: 1.5, token_id: -7 }),
      store.append({ type: 2, user_id: -2147483648, channel_id: 2 ** 31 }),
      store.append({ type: 99999999999, user_id: 3, model: long }),
      store.append({ type: 2, user_id: 3, model: 'short' }),
    ];
    for (const q of [
      { user_id: 2 ** 40 },
      { user_id: 1.5 },
      { user_id: -2147483648 },
      { token_id: -7 },
      { channel_id: 2 ** 31 },
      { type: 99999999999 },
      { model: long },
      { model: long, user_id: 3 },
      { user_id: 3 },
      { model: 'short' },
    ]) {
      await expectQuery(store, all, q);
    }
  });

  it('spreads records over UTC day files and queries time ranges across days', async () => {
    const clock = manualClock(Date.UTC(2025, 2, 1, 0, 0, 0));
    const store = await openStore({ clock: clock.now });
    const all: LogRecord[] = [];
    for (let i = 0; i < 500; i++) {
      all.push(store.append(sample(i)));
      clock.advance(15 * 60_000); // 96 per day: ~5.2 days
    }
    await store.flush();
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl') && f !== 'models.jsonl').sort();
    expect(files).toEqual(['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'].map((d) => `${d}.jsonl`));
    expect(store.stats()).toEqual({ records: 500, days: 6 });
    for (const f of files) {
      const key = f.slice(0, 10);
      const lines = (await fs.readFile(path.join(dir, f), 'utf8')).split('\n').filter(Boolean);
      const idx = await fs.stat(path.join(dir, `${key}.idx`));
      expect(idx.size).toBe(lines.length * 56);
      for (const line of lines) expect(new Date((JSON.parse(line) as LogRecord).created_at).toISOString().slice(0, 10)).toBe(key);
    }
    const d2 = Date.UTC(2025, 2, 2);
    const d4 = Date.UTC(2025, 2, 4);
    for (const q of [
      { start: d2, end: d4 },
      { start: d2 + 3600_000, end: d4 + 7 * 3600_000 },
      { start: d2 + 3600_000, end: d4 + 7 * 3600_000, user_id: 2, page: 2, page_size: 10 },
      { start: d4 },
      { end: d2 },
      { start: d2, end: d2 },
      { page: 3, page_size: 100 },
      { model: 'gpt-4o', page: 2, page_size: 30 },
      { start: Date.UTC(2030, 0, 1) },
    ]) {
      await expectQuery(store, all, q);
    }
  });

  it('continues ids after reopen, and keeps the model dictionary', async () => {
    const store = await openStore();
    for (let i = 0; i < 10; i++) store.append(sample(i));
    const reopened = await reopen(store);
    expect(reopened.stats().records).toBe(10);
    const next = reopened.append({ type: 2, model: 'new-model' });
    expect(next.id).toBe(11);
    for (const m of MODELS) expect((await reopened.query({ model: m })).total).toBe(m === 'gpt-4o' || m === 'claude-sonnet-4' ? 3 : 2);
    expect((await reopened.query({ model: 'new-model' })).items).toEqual([next]);
    const again = await reopen(reopened);
    expect((await again.query({ model: 'new-model' })).items).toEqual([next]);
    expect((await again.query({ model: 'gpt-4o' })).total).toBe(3);
    expect(again.append({ type: 2 }).id).toBe(12);
    await again.flush();
    const dictionary = (await fs.readFile(path.join(dir, 'models.jsonl'), 'utf8')).trim().split('\n');
    expect(dictionary.map((l) => JSON.parse(l) as string)).toEqual([...MODELS, 'new-model', '']);
  });

  it('retention removes whole days older than retentionDays, and only those', async () => {
    const clock = manualClock(Date.UTC(2025, 4, 1, 10));
    const store = await openStore({ clock: clock.now });
    const all: LogRecord[] = [];
    for (let d = 0; d < 10; d++) {
      for (let i = 0; i < 5; i++) all.push(store.append({ ...sample(d * 5 + i), created_at: Date.UTC(2025, 4, 1 + d, 1 + i) }));
    }
    await store.flush();
    expect(store.stats()).toEqual({ records: 50, days: 10 });
    expect(await store.applyRetention()).toEqual({ removedDays: [] }); // 0 = keep forever
    store.setRetentionDays(3);
    expect(() => store.setRetentionDays(-1)).toThrow(RangeError);
    const now = Date.UTC(2025, 4, 10, 12); // day 05-10 is today: keep 05-07 (ends 05-08 00:00 > now - 3d) onward
    const removed = await store.applyRetention(now);
    expect(removed.removedDays).toEqual(['2025-05-01', '2025-05-02', '2025-05-03', '2025-05-04', '2025-05-05', '2025-05-06']);
    const kept = all.filter((r) => r.created_at >= Date.UTC(2025, 4, 7));
    expect(store.stats()).toEqual({ records: kept.length, days: 4 });
    await expectQuery(store, kept, { page_size: 100 });
    expect(await store.get(all[0]!.id)).toBeUndefined();
    const files = (await fs.readdir(dir)).filter((f) => /^\d{4}-/.test(f)).sort();
    expect(files).toEqual(['07', '08', '09', '10'].flatMap((d) => [`2025-05-${d}.idx`, `2025-05-${d}.jsonl`]));
    expect(await store.applyRetention(now)).toEqual({ removedDays: [] });

    // at open too, and ids keep increasing even when every day is gone
    clock.set(Date.UTC(2025, 6, 1));
    const later = await reopen(store, { clock: clock.now, retentionDays: 3 });
    expect(later.stats()).toEqual({ records: 0, days: 0 });
    expect(later.append({ type: 2 }).id).toBe(51);
  });

  it('applies retention when a new current day starts', async () => {
    const clock = manualClock(Date.UTC(2025, 4, 1, 23, 0));
    const store = await openStore({ clock: clock.now, retentionDays: 1 });
    store.append({ type: 2 });
    await store.flush();
    clock.set(Date.UTC(2025, 4, 3, 0, 1)); // 05-01 ended before now - 1 day
    store.append({ type: 2 });
    await store.flush();
    expect(store.stats()).toEqual({ records: 1, days: 1 });
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('2025-05-01'))).toEqual([]);
  });

  it('reports a failed write, drops only that batch, and keeps going', async () => {
    const errors: unknown[] = [];
    const store = await openLogStore({ dir, onError: (error) => errors.push(error) });
    open.push(store);
    const modelsPath = path.join(dir, 'models.jsonl');
    await fs.mkdir(modelsPath); // the dictionary cannot be appended to: the batch fails
    store.append({ type: 2, model: 'lost' });
    await expect(store.flush()).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(store.stats().records).toBe(0);
    await fs.rmdir(modelsPath);
    const kept = store.append({ type: 2, model: 'kept' });
    await store.flush();
    expect((await store.query({})).items).toEqual([kept]);
    const reopened = await reopen(store);
    expect((await reopened.query({ model: 'kept' })).items).toEqual([kept]);
    expect((await reopened.query({ model: 'lost' })).total).toBe(0);
  });

  it('rejects use after close', async () => {
    const store = await openStore();
    store.append({ type: 2 });
    await store.close();
    await store.close(); // idempotent
    expect(() => store.append({ type: 2 })).toThrow(/closed/);
    open.splice(open.indexOf(store), 1);
  });

  it('finds the right filtered page among 50k records', async () => {
    const clock = manualClock(Date.UTC(2025, 5, 1, 20));
    const store = await openStore({ clock: clock.now });
    const all: LogRecord[] = [];
    for (let i = 0; i < 50_000; i++) {
      clock.advance(2000); // ~28 hours: two days
      all.push(
        store.append({
          type: i % 11 === 0 ? LogType.error : LogType.consume,
          user_id: i % 50,
          token_id: i % 200,
          channel_id: i % 13,
          model: MODELS[i % 4]!,
          request_id: `r${i}`,
          quota: i,
        }),
      );
    }
    await store.flush();
    expect(store.stats()).toEqual({ records: 50_000, days: 2 });
    const dayTwo = Date.UTC(2025, 5, 2);
    for (const q of [
      { user_id: 7, page: 3, page_size: 25 },
      { user_id: 7, model: 'gpt-4o', channel_id: 5 },
      { type: LogType.error, start: dayTwo, page: 4, page_size: 100 },
      { token_id: 199, end: dayTwo + 3600_000 },
      { page: 250, page_size: 100 },
      { request_id: 'r31337' },
    ]) {
      await expectQuery(store, all, q);
    }
    expect(await store.get(31_337)).toEqual(all[31_336]);
  });
});
