// The quota journal against the disk, watched through fs. Power loss: the state on disk must
// never count an entry the journal on disk lacks; the journal is made durable before each state
// write (`sync`), and a rotation closes the old file, so whatever it still held unsynced must be
// made durable first. A full disk: an entry written in part is refused, and must not swallow
// the next one.
import { describe, expect, it, vi } from 'vitest';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import { tempDir } from '../../helpers/temp-dir.js';

const unsyncedAtClose: number[] = [];
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

describe('quota journal on a full disk', () => {
  it('an entry that could not be written whole is refused, and the next one is still read back', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir);
    disk.failAfter = 20;
    expect(() => journal.append({ op: 'refund', id: 1 })).toThrow(/ENOSPC/);
    journal.append({ op: 'refund', id: 2 });
    await journal.close();
    const reopened = QuotaJournal.open(dir);
    await reopened.journal.close();
    expect(reopened.entries).toMatchObject([{ op: 'refund', id: 2 }]);
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
