// Start-up reconciliation of the quota journal: what a crash left is brought back to agreement
// (counters = log sums, every open reservation refunded and logged), and doing it again changes
// nothing. The crash itself is exercised with a real relay in test/e2e/quota-crash.test.ts.
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLogRecord, openLogStore } from '../../../relay/store/logs/index.js';
import type { LogRecord } from '../../../relay/store/logs/index.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import type { QuotaEntry } from '../../../relay/store/quota-journal.js';
import { REFUNDED_AT_START, recoverQuota } from '../../../relay/store/quota-recovery.js';
import { emptyState } from '../../../relay/store/schema.js';
import type { State, TokenRecord, UserRecord } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { openStatsStore } from '../../../relay/store/stats/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

const call = (requestId: string) => ({ type: 5, created_at: Date.now(), user_id: 1, username: 'ann', token_id: 7, token_name: 'laptop', model: 'gpt-4o', request_id: requestId });
const consume = (requestId: string, quota: number) => ({ ...call(requestId), type: 2, quota, prompt_tokens: 10, completion_tokens: 5 });

/** A key with 1 000 quota of a user with 5 000, three calls reserved, two settled, one still open. */
function crashedJournal(): QuotaEntry[] {
  return [
    { seq: 1, op: 'reserve', user_id: 1, token_id: 7, amount: 100, token_limited: true, call: call('req-a') },
    { seq: 2, op: 'reserve', user_id: 1, token_id: 7, amount: 200, token_limited: true, call: call('req-b') },
    { seq: 3, op: 'reserve', user_id: 1, token_id: 7, amount: 300, token_limited: true, call: call('req-c') },
    { seq: 4, op: 'settle', id: 2, cost: 40, channel_id: 3, log: consume('req-b', 40) },
    { seq: 5, op: 'settle', id: 1, cost: 25, channel_id: 3, log: consume('req-a', 25) },
  ];
}

async function dataFolder(entries: QuotaEntry[], change: (state: State) => void = () => {}): Promise<string> {
  const dir = await tempDir();
  const state = emptyState();
  state.users.push({ id: 1, username: 'ann', quota: 5000, used_quota: 0, request_count: 0 } as UserRecord);
  state.tokens.push({ id: 7, user_id: 1, name: 'laptop', remain_quota: 1000, unlimited_quota: false, used_quota: 0, request_count: 0 } as TokenRecord);
  state.channels.push({ id: 3, used_quota: 0 } as State['channels'][number]);
  change(state);
  await writeFile(join(dir, 'state.json'), JSON.stringify(state));
  await writeFile(join(dir, 'quota-journal.jsonl'), entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  return dir;
}

async function recover(dir: string) {
  const { journal, entries } = QuotaJournal.open(dir);
  const state = await StateFile.open(join(dir, 'state.json'), { beforeWrite: () => journal.sync() });
  const logs = await openLogStore({ dir: join(dir, 'logs') });
  const stats = await openStatsStore({ dir: join(dir, 'stats') });
  const result = await recoverQuota({ state, logs, stats, journal, entries });
  const records: LogRecord[] = [];
  await logs.scan({}, (batch) => void records.push(...batch));
  await Promise.all([logs.close(), stats.close(), journal.close()]);
  return { result, state: JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as State, records };
}

describe('quota recovery at start', () => {
  it('applies what the state lacks, restores missing log records, refunds and logs the unfinished call', async () => {
    const dir = await dataFolder(crashedJournal());
    // req-b's record reached the log before the crash; req-a's did not.
    const logs = await openLogStore({ dir: join(dir, 'logs') });
    logs.append(consume('req-b', 40));
    await logs.close();

    const { result, state, records } = await recover(dir);
    expect(result).toEqual({ replayed: 5, restoredLogs: 2, refunded: 1, heldByTasks: 0 });
    expect(state.users[0]).toMatchObject({ quota: 5000 - 65, used_quota: 65, request_count: 2 });
    expect(state.tokens[0]).toMatchObject({ remain_quota: 1000 - 65, used_quota: 65, request_count: 2 });
    expect(state.channels[0]!.used_quota).toBe(65);
    expect(state.open_reservations).toEqual({});
    expect(state.ledger_seq).toBe(6); // the refund was journaled as entry 6

    expect(records.filter((r) => r.type === 2).map((r) => r.request_id).sort()).toEqual(['req-a', 'req-b']);
    const refunded = records.filter((r) => r.type === 5);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ request_id: 'req-c', quota: 0, error: REFUNDED_AT_START, other: { refunded_quota: 300 }, token_name: 'laptop', model: 'gpt-4o' });
    expect((await stat(join(dir, 'quota-journal.jsonl'))).size).toBe(0);

    // Again: nothing left to do, nothing doubled.
    const again = await recover(dir);
    expect(again.result).toEqual({ replayed: 0, restoredLogs: 0, refunded: 0, heldByTasks: 0 });
    expect(again.state.tokens[0]).toEqual(state.tokens[0]);
    expect(again.records).toHaveLength(records.length);
  });

  it("restores records with the call's family and units: the settled ones, and the refunded one from its reservation", async () => {
    const rerank = (requestId: string) => ({ ...call(requestId), model: 'rerank-v3.5', family: 'rerank' });
    const dir = await dataFolder([
      { seq: 1, op: 'reserve', user_id: 1, token_id: 7, amount: 100, token_limited: true, call: rerank('req-a') },
      { seq: 2, op: 'reserve', user_id: 1, token_id: 7, amount: 100, token_limited: true, call: { ...call('req-b'), family: 'embeddings' } },
      { seq: 3, op: 'settle', id: 1, cost: 20, channel_id: 3, log: { ...rerank('req-a'), type: 2, quota: 20, units: { requests: 1, search_units: 2 } } },
    ]);
    const { records } = await recover(dir);
    const byRequest = Object.fromEntries(records.map((r) => [r.request_id, r]));
    expect(byRequest['req-a']).toMatchObject({ type: 2, family: 'rerank', units: { requests: 1, search_units: 2 }, quota: 20 });
    expect(byRequest['req-b']).toMatchObject({ type: 5, family: 'embeddings', error: REFUNDED_AT_START });
  });

  it('replays only entries after the checkpoint the state was saved with', async () => {
    // The state was written after entry 2: both reservations are in its counters already.
    const dir = await dataFolder(crashedJournal(), (state) => {
      state.ledger_seq = 2;
      state.users[0]!.quota -= 300;
      state.tokens[0]!.remain_quota -= 300;
      state.open_reservations = {
        1: { user_id: 1, token_id: 7, amount: 100, token_limited: true, created_at: Date.now(), call: call('req-a') },
        2: { user_id: 1, token_id: 7, amount: 200, token_limited: true, created_at: Date.now(), call: call('req-b') },
      };
    });
    const { result, state } = await recover(dir);
    expect(result).toMatchObject({ replayed: 3, refunded: 1 });
    expect(state.tokens[0]).toMatchObject({ remain_quota: 1000 - 65, used_quota: 65 });
    expect(state.users[0]).toMatchObject({ quota: 5000 - 65, used_quota: 65 });
  });

  it('keeps open the reservation of a video task still running (its bill closes when the task ends)', async () => {
    const task = (id: string, reservation: number, billing: 'open' | 'charged') => ({ id, token_id: 7, reservation_id: reservation, billing, status: billing === 'open' ? 'in_progress' : 'completed' }) as State['video_tasks'][number];
    const dir = await dataFolder(crashedJournal(), (state) => {
      state.video_tasks = [task('video_done', 1, 'charged'), task('video_running', 3, 'open')];
    });
    const { result, state, records } = await recover(dir);
    expect(result).toMatchObject({ refunded: 0, heldByTasks: 1 });
    expect(Object.keys(state.open_reservations)).toEqual(['3']);
    expect(state.tokens[0]).toMatchObject({ remain_quota: 1000 - 65 - 300, used_quota: 65 });
    expect(records.some((r) => r.error === REFUNDED_AT_START)).toBe(false);
    // A later start keeps it open too, until the task ends.
    expect((await recover(dir)).state.open_reservations).toHaveProperty('3');
  });

  it('ignores a torn last line: that change never went on', async () => {
    const dir = await dataFolder(crashedJournal().slice(0, 3));
    await appendFile(join(dir, 'quota-journal.jsonl'), '{"seq":4,"op":"settle","id":2,"co');
    const { result, state, records } = await recover(dir);
    expect(result).toEqual({ replayed: 3, restoredLogs: 3, refunded: 3, heldByTasks: 0 });
    expect(state.tokens[0]).toMatchObject({ remain_quota: 1000, used_quota: 0 });
    expect(records.every((r) => r.error === REFUNDED_AT_START)).toBe(true);
  });
});

describe('quota journal', () => {
  it('writes after a torn line on a line of its own', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'quota-journal.jsonl'), '{"seq":1,"op":"reserve","user_id":1,"tok');
    const { journal, entries } = QuotaJournal.open(dir);
    expect(entries).toEqual([]);
    journal.append({ op: 'refund', id: 1 });
    await journal.close();
    expect(await seqsOnDisk(dir)).toEqual([1]);
  });

  it('starts a new file, and deletes the old one once the checkpoint covers it', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir, { rotateBytes: 400 });
    let release!: () => void;
    const checkpoint = new Promise<void>((resolve) => (release = resolve));
    journal.setCheckpoint(() => checkpoint);
    const entries = Array.from({ length: 4 }, () => journal.append({ op: 'refund', id: 1, log: encodeLogRecord(call('req-x'), Date.now()) }));
    journal.commit(); // refunds go out in one write (at the latest at the end of this turn)
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    // The rotation waits for the checkpoint: until then both files are read back.
    expect(await seqsOnDisk(dir)).toEqual([1, 2, 3, 4]);
    release();
    await journal.rotate();
    journal.append({ op: 'refund', id: 2 });
    journal.commit();
    expect(await seqsOnDisk(dir)).toEqual([5]);
    await journal.close();
  });
});

async function seqsOnDisk(dir: string): Promise<number[]> {
  const { journal, entries } = QuotaJournal.open(dir);
  await journal.close();
  return entries.map((e) => e.seq);
}
