// An instance of the relay's Redis quota ledger in a process of its own, for the test that
// kills one with SIGKILL: it reserves `count` on user 1 / key 1, prints the ids, and holds
// them until it is killed. Run: node --import tsx quota-instance.ts <redis url> <prefix> <count> <heartbeat ms>
import { RedisClient } from '../../../relay/store/redis/client.js';
import { RedisQuotaLedger } from '../../../relay/store/redis/quota-ledger.js';

const [url, prefix, count, heartbeatMs] = process.argv.slice(2) as [string, string, string, string];
const client = new RedisClient(url, { prefix, instance: `doomed-${process.pid}` });
const ledger = new RedisQuotaLedger(client, { heartbeatMs: Number(heartbeatMs), renewEveryMs: Number(heartbeatMs) / 4 });
await ledger.start();
const ids: number[] = [];
await Promise.all(
  Array.from({ length: Number(count) }, async (_, i) => {
    const answer = await ledger.reserve({ userId: 1, tokenId: 1, amount: 10 + i, call: { type: 2, request_id: `doomed-${i}` } });
    if ('reservation' in answer) ids.push(answer.reservation.id);
  }),
);
process.stdout.write(`${JSON.stringify({ ids })}\n`);
setInterval(() => {}, 60_000); // held until killed
