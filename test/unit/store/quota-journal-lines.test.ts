// The journal's lines are written out by hand (no JSON.stringify of the entry) and a
// settlement's log record is serialised once, by the log store, for both files: read back,
// every entry is what append answered, and the log line is the journal's record with its id.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DayKeys, dayKeyOf } from '../../../relay/store/logs/utc-day.js';
import { LogType, openLogStore } from '../../../relay/store/logs/index.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('quota journal lines', () => {
  it('read back as the entries append answered, with the log records as the log stores them', async () => {
    const dir = await tempDir();
    const logs = await openLogStore({ dir: join(dir, 'logs') });
    const { journal } = QuotaJournal.open(dir);
    const call = { type: LogType.error, created_at: 1_700_000_000_000, user_id: 1, username: 'ann "the" user', token_id: 7, token_name: 'laptop\n', model: 'gpt-4o', request_id: 'req-1' };
    const reserved = journal.appendReservation({ op: 'reserve', user_id: 1, token_id: 7, amount: 300, token_limited: true, call }).entry;
    const record = logs.encode({ ...call, type: LogType.consume, quota: 42, units: { requests: 1 }, other: { group_ratio: 1.5 } });
    const settled = journal.append({ op: 'settle', id: reserved.seq, cost: 42, channel_id: 3, log: record });
    const refunded = journal.append({ op: 'refund', id: 99 });
    const answered = [reserved, settled, refunded].map((entry) => JSON.parse(JSON.stringify(entry)));
    const stored = logs.appendEncoded(record);
    await Promise.all([journal.close(), logs.close()]);

    const { journal: reopened, entries } = QuotaJournal.open(dir);
    await reopened.close();
    expect(entries).toEqual(answered);
    expect(settled).toMatchObject({ op: 'settle', id: 1, cost: 42, channel_id: 3, log: { request_id: 'req-1', quota: 42 } });

    const day = await readFile(join(dir, 'logs', `${dayKeyOf(call.created_at)}.jsonl`), 'utf8');
    const journalLog = JSON.parse((await readFile(join(dir, 'quota-journal.jsonl'), 'utf8')).split('\n')[1]!).log;
    expect(day).toBe(`${JSON.stringify({ ...journalLog, id: stored.id })}\n`);
    expect(stored).toMatchObject({ id: 1, username: 'ann "the" user', token_name: 'laptop\n', other: { group_ratio: 1.5 } });
  });
});

describe('day keys', () => {
  it('answer the UTC day of each time, also across midnight and back', () => {
    const keys = new DayKeys();
    const midnight = Date.UTC(2026, 0, 2);
    for (const ms of [midnight - 1, midnight, midnight + 1, midnight - 86_400_000, midnight + 86_400_000 * 400, 0]) expect(keys.of(ms)).toBe(dayKeyOf(ms));
  });
});
