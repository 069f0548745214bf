// PostgreSQL, then Redis, stopped for 6 s and started again under traffic: every call either
// succeeds or fails cleanly and promptly (503 in OpenAI's error shape), and afterwards every
// instance serves again without a restart, every answered call logged once. Both fail in
// server mode today; the tests are in server-restarts.failing.test.ts (not committed).
import { describe, it } from 'vitest';

describe('the servers restarted during traffic', () => {
  // Every instance exits (code 1) within a moment of PostgreSQL going down: key recovery's
  // timer (relay/routing/key-recovery.ts, `setInterval(() => void runOnce())`) lets the 503
  // RelayError of `channels.list()` ("PostgreSQL … is unavailable") go unhandled, and Node ends
  // the process. With the default 15 s interval any outage spanning a tick does it. Needs the
  // timer to catch and log a failed run (and every other background loop likewise).
  it.todo('PostgreSQL: calls succeed or fail cleanly with 503 while it is down, and are served and logged again after, without restarting the relay');

  // The first ~0.6 s of the outage calls are refused at once (503 store_unavailable); after that
  // every call waits for Redis to come back (made 3.1 s into a 6 s outage, answered 200 after
  // 4 s): commands queue while the client reconnects. Needs the Redis client to refuse at once
  // while disconnected (no offline queue, or a bounded wait) so the call answers 503.
  it.todo('Redis: calls fail cleanly and promptly with 503 while it is down, and are served and logged again after, without restarting the relay');
});
