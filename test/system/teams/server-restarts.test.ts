// PostgreSQL, then Redis, stopped for 6 s and started again under traffic: every call either
// succeeds or fails cleanly and promptly (503 in OpenAI's error shape), and afterwards every
// instance serves again without a restart, every answered call logged once. Both fail in
// server mode today (their code is kept outside the repository until they pass).
import { describe, it } from 'vitest';

describe('the servers restarted during traffic', () => {
  // The instances no longer exit when PostgreSQL goes down (key recovery logs a failed round),
  // but some calls answered during the outage are not found in the logs afterwards: the log
  // batches kept in memory while PostgreSQL is down need checking against the request ids.
  it.todo('PostgreSQL: calls succeed or fail cleanly with 503 while it is down, and are served and logged again after, without restarting the relay');

  // The first ~0.6 s of the outage calls are refused at once (503 store_unavailable); after that
  // every call waits for Redis to come back (made 3.1 s into a 6 s outage, answered 200 after
  // 4 s): commands queue while the client reconnects. Needs the Redis client to refuse at once
  // while disconnected (no offline queue, or a bounded wait) so the call answers 503.
  it.todo('Redis: calls fail cleanly and promptly with 503 while it is down, and are served and logged again after, without restarting the relay');
});
