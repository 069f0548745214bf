// The request log at scale: the cost of writing a record at 10k and at 1M records, and
// filtered, paged queries over 1M records.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLogStore } from '../../relay/store/logs/index.js';
import type { LogStore, NewLogRecord } from '../../relay/store/logs/index.js';

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-sonnet-4-5', 'gemini-2.5-flash', 'deepseek-chat'];
const DAY = 86_400_000;

function record(i: number): NewLogRecord {
  return {
    type: i % 50 === 0 ? 5 : 2,
    user_id: 1 + (i % 20),
    username: `user${1 + (i % 20)}`,
    token_id: 1 + (i % 60),
    token_name: `key ${1 + (i % 60)}`,
    model: MODELS[i % MODELS.length]!,
    upstream_model: MODELS[i % MODELS.length]!,
    channel_id: 1 + (i % 7),
    channel_name: `channel ${1 + (i % 7)}`,
    group: 'default',
    prompt_tokens: 100 + (i % 900),
    completion_tokens: 20 + (i % 300),
    quota: 30 + (i % 1000),
    first_byte_ms: 200 + (i % 800),
    total_ms: 900 + (i % 4000),
    is_stream: i % 2 === 0,
    ip: '127.0.0.1',
    request_id: `req${i.toString(36)}`,
  };
}

/** Compiles the write path (a throwaway store), so the first measured batch is not the JIT's. */
async function warmUp(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'relaydesk-bench-warm-'));
  const store = await openLogStore({ dir, retentionDays: 0 });
  for (let i = 0; i < 5; i++) await writeCost(store, i * 10_000, 10_000);
  await store.close();
  await rm(dir, { recursive: true, force: true });
}

/** Microseconds per record to append and flush `count` records. */
async function writeCost(store: LogStore, from: number, count: number): Promise<number> {
  const start = performance.now();
  for (let i = from; i < from + count; i++) store.append(record(i));
  await store.flush();
  return ((performance.now() - start) * 1000) / count;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

export async function benchLogStore(total = 1_000_000, onProgress: (text: string) => void = () => {}) {
  await warmUp();
  const dir = await mkdtemp(join(tmpdir(), 'relaydesk-bench-logs-'));
  // 1M records spread over 30 days ending now.
  const end = Date.now();
  let written = 0;
  const clock = () => end - 30 * DAY + Math.floor((written / total) * 30 * DAY);
  const store = await openLogStore({ dir, clock, retentionDays: 0 });
  try {
    const sample = 10_000;
    let at10k = 0;
    for (; written < total; ) {
      const batch = Math.min(sample, total - written);
      const cost = await writeCost(store, written, batch);
      written += batch;
      if (written === 2 * sample) at10k = cost; // the batch written on top of 10k records
      if (written % 200_000 === 0) onProgress(`  log store: ${written} records`);
    }
    const at1M = await writeCost(store, written, sample);
    written += sample;

    const queries = {
      'newest page': await timed(() => store.query({ page: 1, page_size: 20 })),
      'page 500': await timed(() => store.query({ page: 500, page_size: 20 })),
      'user + model': await timed(() => store.query({ user_id: 8, model: 'claude-sonnet-4-5', page: 1, page_size: 20 })),
      'errors in one day': await timed(() => store.query({ type: 5, start: end - 3 * DAY, end: end - 2 * DAY, page: 1, page_size: 20 })),
      'key + channel, page 10': await timed(() => store.query({ token_id: 13, channel_id: 6, page: 10, page_size: 20 })),
      'request id': await timed(() => store.query({ request_id: `req${(123_456).toString(36)}`, page: 1, page_size: 20 })),
    };
    return {
      records: written,
      write_us_per_record_at_10k: at10k,
      write_us_per_record_at_1m: at1M,
      write_ratio_1m_to_10k: at1M / at10k,
      queries_ms: Object.fromEntries(Object.entries(queries).map(([name, q]) => [name, { ms: q.ms, total: q.result.total, items: q.result.items.length }])),
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
