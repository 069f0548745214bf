import type { RedisClient } from './client.js';

// An instance's request-log outbox in Redis: the log lines its quota closes pushed in the same
// script as the charge (quota-scripts.ts quotaCall), so that a call charged is a call logged
// even when the instance dies before writing it; records of calls that charged nothing are
// pushed on their own (`push`). The PostgreSQL log store drains it: `claim`
// moves a batch into the instance's in-flight list (P q:fly:<inst>), the store inserts it
// (idempotent by id), then `done` drops the claim. A claim not done (the insert failed) is
// answered again by the next `claim`; a dead instance's outbox and claim are handed over to
// a live one by the ledger's sweep.

const CLAIM = `
local fly, out = ARGV[1] .. 'q:fly:' .. ARGV[2], ARGV[1] .. 'q:out:' .. ARGV[2]
local lines = redis.call('LRANGE', fly, 0, -1)
if #lines > 0 then return lines end
lines = redis.call('LRANGE', out, 0, tonumber(ARGV[3]) - 1)
if #lines > 0 then
  redis.call('RPUSH', fly, unpack(lines))
  redis.call('LTRIM', out, #lines, -1)
end
return lines`;

/** ARGV: P, instance, the claim's first line as claimed, then its lines to keep instead. Answers 0 when the claim is not that one any more (swept). */
const REPLACE = `
local fly = ARGV[1] .. 'q:fly:' .. ARGV[2]
if redis.call('LINDEX', fly, 0) ~= ARGV[3] or redis.call('LLEN', fly) ~= #ARGV - 3 then return 0 end
redis.call('DEL', fly)
redis.call('RPUSH', fly, unpack(ARGV, 4))
return 1`;

/** ARGV: P, instance, lines. Added to the outbox; the instance marked as holding some (a sweeper looks there for a dead one's). */
const PUSH = `
redis.call('RPUSH', ARGV[1] .. 'q:out:' .. ARGV[2], unpack(ARGV, 3))
redis.call('SADD', ARGV[1] .. 'q:live', ARGV[2])
return 1`;

/** Most lines one push carries (one script: Lua's stack holds a few thousand arguments). */
export const MAX_PUSH = 1_000;

/** What the PostgreSQL log store needs of an outbox (postgres/log-store.ts). */
export interface LogOutbox {
  /** The batch being written (a claim not done), else up to `max` lines moved from the outbox into a new claim. */
  claim(max: number): Promise<string[]>;
  /** Keeps `lines` (the claim numbered) instead of the claim starting with `first`; false when that claim is gone. */
  replace(first: string, lines: readonly string[]): Promise<boolean>;
  /** The claim is written: dropped. */
  done(): Promise<void>;
  /** Adds lines (at most MAX_PUSH) that no quota close carries: records of calls that charged nothing. */
  push(lines: readonly string[]): Promise<void>;
  /** Sends the lines this instance is about to add (closes it has queued), so that a read sees them. */
  pending(): Promise<void>;
}

export class RedisLogOutbox implements LogOutbox {
  /** Set by the ledger that fills the outbox: sends its queued closes. */
  pending: () => Promise<void> = async () => {};

  constructor(private readonly client: RedisClient) {}

  async claim(max: number): Promise<string[]> {
    return (await this.client.redis.eval(CLAIM, 0, this.client.prefix, this.client.instance, max).catch(this.client.failed)) as string[];
  }

  async replace(first: string, lines: readonly string[]): Promise<boolean> {
    return (await this.client.redis.eval(REPLACE, 0, this.client.prefix, this.client.instance, first, ...lines).catch(this.client.failed)) === 1;
  }

  async push(lines: readonly string[]): Promise<void> {
    await this.client.redis.eval(PUSH, 0, this.client.prefix, this.client.instance, ...lines).catch(this.client.failed);
  }

  async done(): Promise<void> {
    await this.client.redis.del(this.client.key('q', 'fly', this.client.instance)).catch(this.client.failed);
  }
}
