// Power loss: the state on disk must never count an entry the journal on disk lacks. The
// journal is made durable before each state write (`sync`); a rotation closes the old file,
// so whatever that file still held unsynced must be made durable first (after the rename no
// later `sync` reaches it). Watched here through fs: the bytes a file held unsynced when closed.
import { describe, expect, it, vi } from 'vitest';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import { tempDir } from '../../helpers/temp-dir.js';

const unsyncedAtClose: number[] = [];

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
    closeSync: (fd: number) => {
      unsyncedAtClose.push(fs.fstatSync(fd).size - (synced.get(fd) ?? 0));
      synced.delete(fd);
      fs.closeSync(fd);
    },
  };
});

describe('quota journal rotation', () => {
  it('makes the old file durable before closing it: no entry is left unsynced behind the rename', async () => {
    const dir = await tempDir();
    const { journal } = QuotaJournal.open(dir, { rotateBytes: 1 << 20 });
    journal.setCheckpoint(async () => {});
    journal.append({ op: 'refund', id: 1 });
    await journal.sync(); // a state write
    journal.append({ op: 'refund', id: 2 }); // counted by the next state write
    await journal.rotate();
    expect(unsyncedAtClose).toEqual([0]);
    await journal.close();
  });
});
