import type { EncodedLogRecord } from '../logs/types.js';
import type { QuotaLedgerPort, QuotaReservation, QuotaStanding, QuotaUsage, ReserveAsk } from '../ports.js';
import { ReleaseWaiters } from '../release-waiters.js';
import type { RedisClient } from './client.js';
import { CloseQueue, type QueuedClose } from './close-queue.js';
import { HeldReservations, sweptOf, type SweptReservation } from './orphan-sweep.js';
import type { RedisPubSub } from './pubsub.js';
import { QUOTA_SCRIPTS, type QuotaScriptName } from './quota-scripts.js';

// The quota ledger on Redis, shared by every instance: each operation is one Lua script
// (quota-scripts.ts), one atomic step. Settlements and refunds are queued and ride with the
// next reservation's script (close-queue.ts), so a call costs one round trip; their promises
// resolve once applied. Counters get their first values from PostgreSQL at start (`load`) and
// go back to it now and then (`snapshot`).
//
// A reservation belongs to the instance that made it, which renews a heartbeat key; every
// instance sweeps now and then, refunding the reservations of instances whose heartbeat
// expired (killed, or cut off from Redis for longer than the heartbeat's life) and logging
// those calls (`logRefunds`: in the same script; else through `onSwept`). Work that outlives
// its call (a video task) `detach`es its reservation once the task exists: nobody sweeps it,
// and whichever instance follows the task settles or refunds it. The same sweep refunds this instance's own
// reservations that none of its calls holds (a reservation script's answer lost: orphan-sweep.ts).

export interface RedisQuotaLedgerOptions {
  /** Appends the log record of a settlement or refund; called only when that closed the reservation (once). Unused with `logLine`. */
  appendLog?: (log: EncodedLogRecord) => void;
  /**
   * The log record as the line to keep in this instance's Redis outbox with the charge, in the
   * same script (log-outbox.ts): numbered now, so that writing it twice stores it once.
   */
  logLine?: (log: EncodedLogRecord) => string;
  /** Lines were added to this instance's outbox (by its closes, or by a sweep handing a dead instance's over). */
  onLogged?: (lines: number) => void;
  /** How long a settlement or refund waits for a reservation to ride with (ms); default 5. */
  closeDelayMs?: number;
  /**
   * The sweeps keep a refund line (quota-scripts.ts refundLine) for each reservation they refund in
   * this instance's outbox, in the same step: the log store writes it as the call's record, refunded.
   */
  logRefunds?: boolean;
  /** The reservations of a dead instance (`orphan`: this one's that no call held), just refunded here: log them unless `logRefunds` (each is handed to one sweeper only). */
  onSwept?: (refunds: SweptReservation[], orphan?: boolean) => void;
  /** How long the heartbeat lives without renewal (ms); default 5 s. */
  heartbeatMs?: number;
  /** How often it is renewed (ms); default 1.5 s. */
  renewEveryMs?: number;
  /** How often this instance sweeps (ms); default 3 s. A dead instance's reservations are refunded within heartbeatMs + sweepEveryMs. */
  sweepEveryMs?: number;
  /** How long this instance's own reservation goes unheld by any of its calls before it is refunded as an orphan (ms); default 30 s. */
  orphanAfterMs?: number;
  /** Most reservations refunded by one sweep (one script: keeps Redis responsive); default 500. */
  sweepBatch?: number;
  /** Called with a failed background heartbeat or sweep (Redis down); default: nothing. */
  onError?: (error: unknown) => void;
  /** Where releases on other instances are heard (without it, `nextRelease` hears only this instance's). */
  pubsub?: RedisPubSub;
}

/** How long a refusal announces releases before the caller's `nextRelease` says how long it waits (ms). */
const REFUSAL_WAIT_MS = 5_000;

export type { SweptReservation };

export interface QuotaSeedUser {
  id: number;
  quota: number;
  used_quota: number;
  request_count: number;
}

export interface QuotaSeedToken {
  id: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
  request_count: number;
  accessed_at: number;
}

export interface QuotaSnapshot {
  users: Array<QuotaSeedUser & { held: number }>;
  tokens: Array<QuotaSeedToken & { held: number }>;
  channels: Array<{ id: number; used_quota: number }>;
  /** Open reservations; `instance` '' for a detached one. */
  open: Array<{ id: number; userId: number; tokenId: number; amount: number; instance: string }>;
}

/** The counters of a user or key that `load` (or `setKeyQuota`) has not given to Redis. */
export class QuotaNotLoadedError extends Error {
  constructor(
    readonly what: 'user' | 'key',
    readonly id: number,
  ) {
    super(`The quota counters of ${what} ${id} are not in Redis: load them from the database first.`);
  }
}

type Script = (...args: Array<string | number>) => Promise<unknown>;

export class RedisQuotaLedger implements QuotaLedgerPort {
  private readonly scripts: Record<QuotaScriptName, Script>;
  private readonly waiting = new ReleaseWaiters();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly heartbeatMs: number;
  private readonly sweepBatch: number;
  private readonly closes: CloseQueue;
  private readonly holds: HeldReservations;
  private readonly logRefunds: number;
  private sweeping = false;

  constructor(
    private readonly client: RedisClient,
    private readonly options: RedisQuotaLedgerOptions = {},
  ) {
    for (const [name, definition] of Object.entries(QUOTA_SCRIPTS)) client.redis.defineCommand(name, definition);
    const commands = client.redis as unknown as Record<QuotaScriptName, Script>;
    this.scripts = Object.fromEntries(
      Object.keys(QUOTA_SCRIPTS).map((name) => [name, (...args: Array<string | number>) => commands[name as QuotaScriptName](client.prefix, ...args).catch(client.failed)]),
    ) as Record<QuotaScriptName, Script>;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.sweepBatch = options.sweepBatch ?? 500;
    this.holds = new HeldReservations(options.orphanAfterMs ?? 30_000);
    this.logRefunds = options.logRefunds ? 1 : 0;
    this.closes = new CloseQueue((closes) => this.call(closes), options.closeDelayMs ?? 5);
    // Quota given back on any instance (announced while someone waits), or possibly missed while the subscriber was cut off.
    options.pubsub?.on('quota', () => this.waiting.wake());
    options.pubsub?.onResubscribed(() => this.waiting.wake());
  }

  /** Starts renewing this instance's heartbeat and sweeping dead instances' reservations. */
  async start(): Promise<void> {
    await this.beat();
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch((error: unknown) => this.options.onError?.(error)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.renewEveryMs ?? 1_500, () => this.beat());
    every(this.options.sweepEveryMs ?? 3_000, async () => (await this.sweep(), await this.sweepOrphans()));
  }

  /** Sends the queued settlements and refunds now; resolves once they are applied. */
  flushCloses(): Promise<void> {
    return this.closes.flush();
  }

  /** Stops the timers and ends the heartbeat, after sending what is queued: what this instance still holds is swept by the others soon. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.closes.flush().catch((error: unknown) => this.options.onError?.(error));
    this.closes.drop();
    await this.client.redis.del(this.heartbeatKey()).catch(() => undefined);
  }

  async standing(userId: number, tokenId: number): Promise<QuotaStanding> {
    return this.toStanding(userId, tokenId, (await this.scripts.quotaStanding(userId, tokenId)) as number[]);
  }

  async usage(userId: number, tokenId: number): Promise<QuotaUsage> {
    const answer = (await this.scripts.quotaUsage(userId, tokenId)) as number[];
    const [userUsed, userRequests, keyUsed, keyRequests] = answer.slice(5) as [number, number, number, number];
    return { ...this.toStanding(userId, tokenId, answer), userUsed, userRequests, keyUsed, keyRequests };
  }

  async reserve(ask: ReserveAsk): Promise<{ reservation: QuotaReservation } | { refused: QuotaStanding }> {
    // More than any quota can hold (a call asking for 2^53 output tokens): refused like any amount that does not fit, so the caller may lower it.
    if (ask.amount > Number.MAX_SAFE_INTEGER) return { refused: await this.standing(ask.userId, ask.tokenId) };
    const amount = wholeAmount(ask.amount, 'amount');
    const budgets = ask.budgets ?? [];
    const now = Date.now();
    const budgetFields = budgets.flatMap((b) => [b.key, b.period, wholeNumber(Math.floor(b.limit), 'budget'), Math.max(0, Math.ceil(b.endsAt - now))]);
    const answered = this.holds.sending();
    const answer = (await this.closes.track(this.call(this.closes.take(), [ask.userId, ask.tokenId, amount, JSON.stringify(ask.call), REFUSAL_WAIT_MS, ...budgetFields])).catch((error: unknown) => (answered(), Promise.reject(error))))!;
    answered(answer[0] === 1 ? answer[1] : undefined);
    if (answer[0] === 1) return { reservation: { id: answer[1]!, amount } };
    const refused = this.toStanding(ask.userId, ask.tokenId, answer[0] === 0 ? answer.slice(1) : answer);
    const budget = answer[0] === 0 && answer.length > 6 ? budgets[answer[6]!] : undefined;
    return { refused: budget ? { ...refused, budget: { key: budget.key, left: answer[7]! } } : refused };
  }

  async held(id: number): Promise<QuotaReservation | undefined> {
    const open = await this.client.redis.hget(this.client.key('q', 'r'), String(id)).catch(this.client.failed);
    return open ? { id, amount: Number(open.split(':')[2]) } : undefined;
  }

  /**
   * The reservation outlives its call (a video task now exists upstream): no sweeper refunds
   * it if this instance dies; whichever instance follows the task settles or refunds it.
   * Answers false when it is closed already.
   */
  async detach(id: number): Promise<boolean> {
    const detached = (await this.scripts.quotaDetach(id)) !== null;
    this.holds.release(id);
    return detached;
  }

  /**
   * Does nothing (no charge, no log record) when the reservation was settled, refunded or swept
   * before. Resolves once applied: with the next reservation's script, or on its own a few ms
   * later; while Redis is down, once it is back.
   */
  settle(id: number, cost: number, channelId: number, log: EncodedLogRecord): Promise<void> {
    return this.queueClose(id, wholeAmount(cost, 'cost'), channelId, log.record.created_at, log);
  }

  refund(id: number, log?: EncodedLogRecord): Promise<void> {
    return this.queueClose(id, null, 0, 0, log);
  }

  async adjustUser(userId: number, delta: number): Promise<number> {
    const quota = await this.scripts.quotaAdjustUser(userId, wholeNumber(delta, 'delta'));
    if (quota === null) throw new QuotaNotLoadedError('user', userId);
    this.waiting.wake();
    return quota as number;
  }

  /** Also how a new key's counters reach Redis (what is left 0 until given). */
  async setKeyQuota(tokenId: number, remain: number | null, unlimited?: boolean): Promise<void> {
    const limited = remain !== null && unlimited !== true;
    await this.scripts.quotaSetKey(tokenId, limited ? 1 : 0, remain === null ? '' : wholeNumber(remain, 'remain'));
    this.waiting.wake();
  }

  async periodSpent(budgets: ReadonlyArray<{ key: string; period: string }>): Promise<number[]> {
    if (budgets.length === 0) return [];
    const pipeline = this.client.redis.pipeline();
    for (const budget of budgets) pipeline.hmget(this.client.key('q', 'b', budget.key), 'p', 's');
    const answers = (await pipeline.exec().catch(this.client.failed)) ?? [];
    return answers.map(([error, fields], i) => {
      if (error) throw this.client.explain(error);
      const [period, spent] = fields as [string | null, string | null];
      return period === budgets[i]!.period ? Number(spent ?? 0) : 0;
    });
  }

  /** Resolves when quota comes free on any instance (with `pubsub`), after `ms`, or when `stop` aborts. */
  nextRelease(ms: number, stop?: AbortSignal): Promise<void> {
    const next = this.waiting.next(ms, stop);
    // Releases are announced while the wait lasts (a failure here: the wait ends at `ms` at worst).
    this.scripts.quotaWaiting(Math.ceil(ms) + 1_000).catch((error: unknown) => this.options.onError?.(error));
    return next;
  }

  /**
   * Seeds the counters of users, keys and channels that Redis does not have yet (at start,
   * from PostgreSQL; and for a new user); counters already there are left as they are,
   * since they are newer. Answers how many were seeded.
   */
  async load(users: readonly QuotaSeedUser[], tokens: readonly QuotaSeedToken[] = [], channels: ReadonlyArray<{ id: number; used_quota: number }> = []): Promise<number> {
    const batches: Array<[string, Array<string | number>]> = [
      ['u', users.flatMap((u) => [u.id, wholeNumber(u.quota, 'quota'), wholeNumber(u.used_quota, 'used_quota'), u.request_count])],
      ['k', tokens.flatMap((t) => [t.id, t.unlimited_quota ? 0 : 1, wholeNumber(t.remain_quota, 'remain_quota'), wholeNumber(t.used_quota, 'used_quota'), t.request_count, t.accessed_at])],
      ['ch', channels.flatMap((c) => [c.id, wholeNumber(c.used_quota, 'used_quota')])],
    ];
    let seeded = 0;
    for (const [kind, fields] of batches) {
      const width = kind === 'u' ? 4 : kind === 'k' ? 6 : 2;
      for (let start = 0; start < fields.length; start += width * 500) {
        seeded += (await this.scripts.quotaLoad(kind, ...fields.slice(start, start + width * 500))) as number;
      }
    }
    return seeded;
  }

  /** The counters as they are now (each hash read as one, the whole not at one instant): for PostgreSQL and for checks. */
  async snapshot(): Promise<QuotaSnapshot> {
    const { redis } = this.client;
    const key = (...parts: Array<string | number>) => this.client.key('q', ...parts);
    const [userIds, tokenIds, channels, open] = await Promise.all([
      redis.smembers(key('users')),
      redis.smembers(key('keys')),
      redis.hgetall(key('ch')),
      redis.hgetall(key('r')),
    ]).catch(this.client.failed);
    const read = async (kind: 'u' | 'k', ids: string[]) => {
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.hgetall(key(kind, id));
      const answers = (await pipeline.exec().catch(this.client.failed)) ?? [];
      return answers.map(([error, hash], i) => {
        if (error) throw this.client.explain(error);
        const fields = hash as Record<string, string>;
        const n = (field: string) => Number(fields[field] ?? 0);
        return { id: Number(ids[i]), n, fields };
      });
    };
    const users = (await read('u', userIds)).map(({ id, n }) => ({ id, quota: n('quota'), used_quota: n('used'), request_count: n('count'), held: n('held') }));
    const tokens = (await read('k', tokenIds)).map(({ id, n, fields }) => ({
      id,
      remain_quota: n('remain'),
      unlimited_quota: fields.limited !== '1',
      used_quota: n('used'),
      request_count: n('count'),
      accessed_at: n('accessed'),
      held: n('held'),
    }));
    return {
      users: users.sort(byId),
      tokens: tokens.sort(byId),
      channels: Object.entries(channels)
        .map(([id, used]) => ({ id: Number(id), used_quota: Number(used) }))
        .sort(byId),
      open: Object.entries(open)
        .map(([id, value]) => {
          const parts = value.split(':'); // user:key:amount:limited:instance (which has colons of its own)
          return { id: Number(id), userId: Number(parts[0]), tokenId: Number(parts[1]), amount: Number(parts[2]), instance: parts.slice(4).join(':') };
        })
        .sort(byId),
    };
  }

  /** Refunds the reservations of instances whose heartbeat expired; answers them (also handed to `onSwept`). */
  async sweep(): Promise<SweptReservation[]> {
    if (this.sweeping) return [];
    this.sweeping = true;
    try {
      const swept: SweptReservation[] = [];
      for (;;) {
        const [moved, ...flat] = (await this.scripts.quotaSweep(this.sweepBatch, this.client.instance, this.logRefunds)) as [number, ...string[]];
        swept.push(...sweptOf(flat));
        this.logged(moved, flat.length / 5);
        if (moved + flat.length / 5 < this.sweepBatch) break;
      }
      if (swept.length > 0) {
        this.options.onSwept?.(swept);
        this.waiting.wake();
      }
      return swept;
    } finally {
      this.sweeping = false;
    }
  }

  /** Refunds this instance's reservations that none of its calls has held for orphanAfterMs; answers them (also handed to `onSwept`). */
  async sweepOrphans(): Promise<SweptReservation[]> {
    const own = await this.client.redis.smembers(this.client.key('q', 'own', this.client.instance)).catch(this.client.failed);
    const orphans = this.holds.orphans(own.map(Number)).slice(0, this.sweepBatch);
    if (orphans.length === 0) return [];
    const swept = sweptOf((await this.scripts.quotaOrphans(this.client.instance, this.logRefunds, ...orphans)) as string[]);
    this.logged(0, swept.length);
    if (swept.length > 0) {
      this.options.onSwept?.(swept, true);
      this.waiting.wake();
    }
    return swept;
  }

  /** A sweep moved `moved` lines into this instance's outbox and refunded `refunds` reservations (with a line each when logRefunds). */
  private logged(moved: number, refunds: number): void {
    const lines = moved + this.logRefunds * refunds;
    if (lines > 0) this.options.onLogged?.(lines);
  }

  private beat(): Promise<unknown> {
    return this.client.redis.set(this.heartbeatKey(), '1', 'PX', this.heartbeatMs).catch(this.client.failed);
  }

  private heartbeatKey(): string {
    return this.client.key('q', 'hb', this.client.instance);
  }

  private queueClose(id: number, cost: number | null, channel: number, accessed: number, log: EncodedLogRecord | undefined): Promise<void> {
    const line = log && this.options.logLine ? this.options.logLine(log) : '';
    return new Promise((resolve) => this.closes.add({ id, cost, channel, accessed, line, log: line ? undefined : log, done: () => (this.holds.release(id), resolve()) }));
  }

  /** One quotaCall script: `closes`, then the reservation when `reserve` gives its fields; answers the reservation's part. */
  private async call(closes: QueuedClose[], reserve?: Array<string | number>): Promise<number[] | undefined> {
    let answer: [number[], number[]];
    try {
      answer = (await this.scripts.quotaCall(this.client.instance, this.heartbeatMs, closes.length, ...CloseQueue.fields(closes), ...(reserve ?? []))) as [number[], number[]];
    } catch (error) {
      this.closes.failed(closes);
      throw error;
    }
    this.closes.applied();
    let released = false;
    let lines = 0;
    closes.forEach((close, i) => {
      const closed = answer[0][i] === 1;
      if (closed) {
        released = true;
        if (close.line) lines++;
        else if (close.log) this.options.appendLog?.(close.log);
      }
      close.done(closed);
    });
    if (released) this.waiting.wake();
    if (lines > 0) this.options.onLogged?.(lines);
    return answer[1];
  }


  private toStanding(userId: number, tokenId: number, answer: number[]): QuotaStanding {
    if (answer[0] === -1) throw new QuotaNotLoadedError('user', userId);
    if (answer[0] === -2) throw new QuotaNotLoadedError('key', tokenId);
    const [userLeft, limited, keyLeft, userHeld, keyHeld] = answer as [number, number, number, number, number];
    const keyBinds = limited === 1 && keyLeft <= userLeft;
    return { userLeft, keyLeft: limited === 1 ? keyLeft : null, held: keyBinds ? keyHeld : userHeld, userHeld, keyHeld };
  }
}

function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id;
}

/** Quota is counted in whole units; a fraction would be an error of the caller's. */
function wholeNumber(value: number, name: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`Quota ${name} must be a whole number (got ${value}).`);
  return value;
}

function wholeAmount(value: number, name: string): number {
  if (wholeNumber(value, name) < 0) throw new Error(`Quota ${name} must not be negative (got ${value}).`);
  return value;
}
