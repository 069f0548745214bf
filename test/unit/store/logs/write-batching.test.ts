// Under a steady stream of appends the log store writes once per gather interval (20 ms), not
// after every write that finished: appends made while a batch is written wait for the next one.
// (Draining until empty kept a busy relay writing a few records at a time.)
import { describe, expect, it, vi } from 'vitest';
import { LogType, openLogStore } from '../../../../relay/store/logs/index.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../relay/store/logs/fs-util.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../relay/store/logs/fs-util.js')>();
  return {
    ...original,
    // A disk (or thread pool) that takes 4 ms per write.
    appendFully: async (...args: Parameters<typeof original.appendFully>) => {
      writes.count++;
      await new Promise((resolve) => setTimeout(resolve, 4));
      return original.appendFully(...args);
    },
  };
});

describe('log writes under steady appends', () => {
  it('gather the records of each interval into one write per file', async () => {
    const store = await openLogStore({ dir: await tempDir() });
    const started = Date.now();
    let appended = 0;
    while (Date.now() - started < 200) {
      store.append({ type: LogType.consume, model: 'gpt-4o', request_id: `r${appended++}` });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await store.close();
    expect((await openLogStore({ dir: (store as unknown as { dir: string }).dir })).stats().records).toBe(appended);
    // ~10 intervals in 200 ms, two files each (lines and index rows); draining until empty wrote every ~8 ms.
    expect(writes.count).toBeLessThanOrEqual(2 * (200 / 20 + 4));
  });
});
