// The quota journal against the disk, watched through fs. Power loss: the state on disk must
// never count an entry the journal on disk lacks; the journal is made durable before each state
// write (`sync`), and a rotation closes the old file, so whatever it still held unsynced must be
// made durable first. A full disk: a reservation written in part is refused, must not swallow
// the next entry, and the settlements and refunds that were pending with it are written again
// (read back once). Group commit: every entry of an event-loop turn, reservations included,
// goes in one write at its end; a reservation's call waits for it.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { QuotaBook } from '../../../relay/store/quota-book.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import { emptyState } from '../../../relay/store/schema.js';
import type { TokenRecord, UserRecord } from '../../../relay/store/schema.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

const unsyncedAtClose: number[] = [];
const writes = { count: 0 };
/** The next write to the journal stops after this many bytes with ENOSPC (a full disk). */
const disk: { failAfter?: number } = {};

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const synced = new Map<number, number>();
  const mark = (fd: number, size: number) => synced.set(fd, Math.max(synced.get(fd) ?? 0, size));
  return {
    ...fs,
    fdatasync: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      const size = fs.fstatSync(fd).size;
      fs.fdatasync(fd, (error) => {
        if (!error) mark(fd, size);
        done(error);
      });
    },
    fdatasyncSync: (fd: number) => {
      const size = fs.fstatSync(fd).size;
      fs.fdatasyncSync(fd);
      mark(fd, size);
    },
    writeSync: (fd: number, buffer: Buffer, offset?: number) => {
      writes.count++;
      if (disk.failAfter === undefined) return fs.writeSync(fd, buffer, offset);
      const room = disk.failAfter;
      disk.failAfter = 0;
      if (room > 0) return fs.writeSync(fd, buffer.subarray(offset ?? 0, (offset ?? 0) + room)); // a short write
      disk.failAfter = undefined;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
    closeSync: (fd: number) => {
      unsyncedAtClose.push(fs.fstatSync(fd).size - (synced.get(fd) ?? 0));
      synced.delete(fd);
      fs.closeSync(fd);
    },
  };
});

const reserve = (amount: number) => ({ op: 'reserve' as const, user_id: 1, token_id: 2, amount, token_limited: true, call: { type: 5, request_id: `r${amount}` } });
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('quota journal on a full disk', () => {
  it('refuses a reservation written in part; the next write starts a line of its own and carries what was pending again', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    journal.append({ op: 'refund', id: 7 }); // pending: written with the reservation
    const refused = journal.appendReservation(reserve(100)).written;
    disk.failAfter = 20; // that write stops inside the refund's line
    expect(() => journal.commit()).toThrow(/ENOSPC/);
    await expect(refused).rejects.toThrow(/ENOSPC/);
    await journal.appendReservation(reserve(200)).written;
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toMatchObject([
      { seq: 1, op: 'refund', id: 7 },
      { seq: 3, op: 'reserve', amount: 200 }, // 2 was the refused one's: never in the file
    ]);
  });

  it('reads an entry written twice (whole before a failed write, then again with the retry) once', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    journal.append({ op: 'refund', id: 7 });
    const refused = journal.appendReservation(reserve(100)).written;
    disk.failAfter = '{"seq":1,"op":"refund","id":7}\n'.length + 5; // the refund whole, the reservation torn
    expect(() => journal.commit()).toThrow(/ENOSPC/);
    await expect(refused).rejects.toThrow(/ENOSPC/);
    journal.commit();
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toEqual([{ seq: 1, op: 'refund', id: 7 }]);
  });
});

describe('quota journal group commit', () => {
  it('writes the entries of a turn, reservations and settlements alike, in one write at its end; a reservation resolves once written', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    writes.count = 0;
    for (let id = 1; id <= 5; id++) journal.append({ op: 'refund', id });
    const reservations = [journal.appendReservation(reserve(100)), journal.appendReservation(reserve(200))];
    let written = 0;
    for (const { written: done } of reservations) void done.then(() => written++);
    await Promise.resolve();
    expect(writes.count).toBe(0);
    expect(written).toBe(0); // not before it is in the file
    await endOfTurn();
    expect(writes.count).toBe(1); // five refunds and two reservations together
    await Promise.all(reservations.map((r) => r.written));

    for (let id = 6; id <= 8; id++) journal.append({ op: 'refund', id });
    expect(writes.count).toBe(1);
    await endOfTurn();
    expect(writes.count).toBe(2);
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(reopened.entries.filter((e) => e.op === 'reserve').map((e) => e.seq)).toEqual([6, 7]);
  });

  it('on a full disk lets a reservation wholly written go on and refuses the one torn after it', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    const first = journal.appendReservation(reserve(100));
    const second = journal.appendReservation(reserve(200));
    const firstLine = `${JSON.stringify(first.entry)}\n`;
    disk.failAfter = Buffer.byteLength(firstLine) + 10;
    expect(() => journal.commit()).toThrow(/ENOSPC/);
    await expect(first.written).resolves.toBeUndefined();
    await expect(second.written).rejects.toThrow(/ENOSPC/);
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toMatchObject([{ seq: 1, op: 'reserve', amount: 100 }]);
  });
});

describe('quota book on a full disk', () => {
  it('holds a reservation at once for the next one to see, and gives it back when the journal could not write it', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    const state = await StateFile.open(join(dir, 'state.json'));
    await state.update((data) => {
      Object.assign(data, emptyState());
      data.users.push({ id: 1, username: 'ann', quota: 1000, used_quota: 0, request_count: 0 } as UserRecord);
      data.tokens.push({ id: 2, user_id: 1, name: 'laptop', remain_quota: 500, unlimited_quota: false, used_quota: 0, request_count: 0 } as TokenRecord);
    });
    const book = new QuotaBook(state, journal);
    const refused = expect(book.reserve(1, 2, 300, true, { type: 5, request_id: 'r1' })).rejects.toThrow(/ENOSPC/);
    expect(state.data.tokens[0]!.remain_quota).toBe(200); // held before the write
    disk.failAfter = 0;
    await endOfTurn();
    await refused;
    expect(state.data.tokens[0]!.remain_quota).toBe(500);
    expect(state.data.users[0]!.quota).toBe(1000);
    expect(Object.keys(book.open())).toEqual([]);
    await expect(book.reserve(1, 2, 100, true, { type: 5, request_id: 'r2' })).resolves.toBeGreaterThan(0);
    expect(state.data.tokens[0]!.remain_quota).toBe(400);
    await journal.close();
    await state.flush();
  });
});

describe('quota journal rotation', () => {
  it('makes the old file durable before closing it: no entry is left unsynced behind the rename', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir, { rotateBytes: 1 << 20 });
    unsyncedAtClose.length = 0;
    journal.setCheckpoint(async () => {});
    journal.append({ op: 'refund', id: 1 });
    await journal.sync(); // a state write
    journal.append({ op: 'refund', id: 2 }); // counted by the next state write
    await journal.rotate();
    expect(unsyncedAtClose).toEqual([0]);
    await journal.close();
  });
});
