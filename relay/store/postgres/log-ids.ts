import type { PostgresClient } from './pool.js';

// Log record ids without a round trip per record: each instance takes blocks of BLOCK_SIZE
// ids from the log_id_blocks sequence (schema-1.ts: INCREMENT BY the same number), so ids
// are unique across instances and increase within one. The next block is fetched when the
// current one is half used; only a PostgreSQL outage longer than that many records leaves
// records without an id for a while (log-store.ts numbers them when a block arrives).

export const BLOCK_SIZE = 10_000;

export class LogIds {
  /** Blocks in hand as [next, end) pairs, oldest first. */
  private readonly blocks: Array<[number, number]> = [];
  private fetching: Promise<void> | undefined;

  constructor(private readonly db: PostgresClient) {}

  /** The next id, or 0 when no block is in hand (one is being fetched). */
  take(): number {
    const block = this.blocks[0];
    if (!block) {
      void this.fetch().catch(() => undefined);
      return 0;
    }
    const id = block[0]++;
    if (block[0] === block[1]) this.blocks.shift();
    if (this.left() < BLOCK_SIZE / 2) void this.fetch().catch(() => undefined);
    return id;
  }

  /** Fetches a block unless one is on its way; resolves when one is in hand. */
  fetch(): Promise<void> {
    this.fetching ??= this.db
      .query<{ start: number }>("SELECT nextval('log_id_blocks') AS start")
      .then(({ rows }) => {
        const start = rows[0]!.start;
        this.blocks.push([start, start + BLOCK_SIZE]);
      })
      .finally(() => (this.fetching = undefined));
    return this.fetching;
  }

  private left(): number {
    let left = 0;
    for (const [next, end] of this.blocks) left += end - next;
    return left;
  }
}
