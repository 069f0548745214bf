// The log store's beforeWrite runs before each batch reaches the files (the relay makes its
// quota journal write there: a call's record never reaches the log before its journal entry).
// When it throws, the batch is not written and waits for the next write.
import { promises as fs, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogType, openLogStore } from '../../../../relay/store/logs/index.js';
import { tempDir } from '../../../helpers/temp-dir.js';

describe('the log store before a write', () => {
  it('runs beforeWrite first, and holds the batch back while it throws', async () => {
    const dir = await tempDir();
    let journalWrites = true;
    const seen: string[][] = [];
    const store = await openLogStore({
      dir,
      beforeWrite: () => {
        seen.push(readdirSync(dir));
        if (!journalWrites) throw new Error('ENOSPC: the journal could not write');
      },
    });
    journalWrites = false;
    store.append({ type: LogType.consume, request_id: 'a' });
    await expect(store.flush()).rejects.toThrow(/ENOSPC/);
    expect((await fs.readdir(dir)).filter((name) => name.endsWith('.jsonl') && name !== 'models.jsonl')).toEqual([]);

    journalWrites = true;
    store.append({ type: LogType.consume, request_id: 'b' });
    await store.flush();
    expect((await store.query({})).items.map((r) => r.request_id).sort()).toEqual(['a', 'b']);
    expect(seen.every((files) => !files.some((name) => /^\d{4}-\d\d-\d\d\.jsonl$/.test(name)))).toBe(true); // nothing written before it ran
    await store.close();
  });
});
