// The quota journal against the disk, watched through fs. Power loss: the state on disk must
// never count an entry the journal on disk lacks; the journal is made durable before each state
// write (`sync`), and a rotation closes the old file, so whatever it still held unsynced must be
// made durable first. A full disk: a reservation written in part is refused, must not swallow
// the next entry, and the settlements and refunds that were pending with it are written again
// (read back once). Group commit: those are written with the next reservation or at the end of
// the event-loop turn, one write for all.
import { describe, expect, it, vi } from 'vitest';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
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

describe('quota journal on a full disk', () => {
  it('refuses a reservation written in part; the next write starts a line of its own and carries what was pending again', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    journal.append({ op: 'refund', id: 7 }); // pending: written with the next reservation
    disk.failAfter = 20; // that write stops inside the refund's line
    expect(() => journal.append(reserve(100))).toThrow(/ENOSPC/);
    journal.append(reserve(200));
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toMatchObject([
      { seq: 1, op: 'refund', id: 7 },
      { seq: 2, op: 'reserve', amount: 200 },
    ]);
  });

  it('reads an entry written twice (whole before a failed write, then again with the retry) once', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    journal.append({ op: 'refund', id: 7 });
    disk.failAfter = '{"seq":1,"op":"refund","id":7}\n'.length + 5; // the refund whole, the reservation torn
    expect(() => journal.append(reserve(100))).toThrow(/ENOSPC/);
    journal.commit();
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toEqual([{ seq: 1, op: 'refund', id: 7 }]);
  });
});

describe('quota journal group commit', () => {
  it('writes pending settlements and refunds with the next reservation, or at the end of the turn: one write each time', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    writes.count = 0;
    for (let id = 1; id <= 5; id++) journal.append({ op: 'refund', id });
    expect(writes.count).toBe(0);
    journal.append(reserve(100));
    expect(writes.count).toBe(1); // five refunds and the reservation together

    for (let id = 6; id <= 8; id++) journal.append({ op: 'refund', id });
    expect(writes.count).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.count).toBe(2);
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
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
