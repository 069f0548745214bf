// What instances share at call speed, for the one instance of the embedded store: the quota
// ledger on the journaled quota book, and counters, leases and changes in this process.
import { EventEmitter } from 'node:events';
import type { EncodedLogRecord } from '../logs/types.js';
import { byId, spentIn, type QuotaBook } from '../quota-book.js';
import { ReleaseWaiters } from '../release-waiters.js';
import type { AffinityTarget, ChangeFeed, ChangeTopic, Leases, QuotaLedgerPort, QuotaStanding, RateCounters, SessionAffinities } from '../ports.js';
import type { StateFile } from '../state-file.js';

/**
 * The quota ledger of one process: each operation is one synchronous step on the journaled
 * quota book (relay/store/quota-book.ts), so two calls cannot both pass a check only one fits.
 * A settlement or refund that closes a reservation hands its log record to `appendLog` (after
 * the journal entry that carries it).
 */
export function embeddedQuotaLedger(state: StateFile, book: QuotaBook, appendLog: (log: EncodedLogRecord) => void = () => {}, waiting = new ReleaseWaiters()): QuotaLedgerPort {
  const released = () => waiting.wake();
  const standing = (userId: number, tokenId: number): QuotaStanding => {
    const userLeft = byId(state.data.users, userId)?.quota ?? 0;
    const token = byId(state.data.tokens, tokenId);
    const keyLeft = token && !token.unlimited_quota ? token.remain_quota : null;
    let userHeld = 0;
    let keyHeld = 0;
    for (const open of Object.values(book.open())) {
      if (open.user_id === userId) userHeld += open.amount;
      if (open.token_id === tokenId && tokenId !== 0) keyHeld += open.amount;
    }
    const byKey = keyLeft !== null && keyLeft <= userLeft;
    return { userLeft, keyLeft, held: byKey ? keyHeld : userHeld, userHeld, keyHeld };
  };
  return {
    standing: async (userId, tokenId) => standing(userId, tokenId),
    // Runs on every call: what is held is added up only for a refusal.
    async reserve({ userId, tokenId, amount, call, budgets = [] }) {
      const user = byId(state.data.users, userId);
      const token = tokenId === 0 ? undefined : byId(state.data.tokens, tokenId);
      const limited = token !== undefined && !token.unlimited_quota;
      const fits = user !== undefined && (token !== undefined || tokenId === 0) && amount <= user.quota && (!limited || amount <= token.remain_quota);
      if (!fits) return { refused: standing(userId, tokenId) };
      for (const budget of budgets) {
        const left = budget.limit - spentIn(state.data, budget.key, budget.period);
        if (amount > left) return { refused: { ...standing(userId, tokenId), budget: { key: budget.key, left } } };
      }
      const marks = budgets.map((budget) => ({ k: budget.key, p: budget.period }));
      return { reservation: { id: await book.reserve(userId, tokenId, amount, limited, call, marks), amount } };
    },
    async held(id) {
      const open = book.open()[id];
      return open ? { id, amount: open.amount } : undefined;
    },
    // Never swept: a reservation left open by a stop is the start-up recovery's (video tasks' kept).
    detach: async () => {},
    async settle(id, cost, channelId, log) {
      if (!book.open()[id]) return;
      book.settle(id, cost, channelId, log);
      appendLog(log);
      released();
    },
    async refund(id, log) {
      if (!book.open()[id]) return;
      book.refund(id, log);
      if (log) appendLog(log);
      released();
    },
    async adjustUser(userId, delta) {
      let quota = 0;
      await state.update((data) => {
        const user = data.users.find((u) => u.id === userId);
        if (!user) return;
        user.quota += delta;
        quota = user.quota;
      });
      released();
      return quota;
    },
    async setKeyQuota(tokenId, remain, unlimited) {
      await state.update((data) => {
        const token = data.tokens.find((t) => t.id === tokenId);
        if (!token) return;
        token.unlimited_quota = remain === null || unlimited === true;
        if (remain !== null) token.remain_quota = remain;
      });
      released();
    },
    nextRelease: (ms, stop) => waiting.next(ms, stop),
    periodSpent: async (budgets) => budgets.map((budget) => spentIn(state.data, budget.key, budget.period)),
  };
}

/** Fixed windows counted in this process. */
export function memoryRateCounters(clock: () => number = Date.now): RateCounters {
  const windows = new Map<string, { start: number; ms: number; count: number; id: string }>();
  let made = 0;
  /** The live window of `key` at `now`, a new empty one when it ended (not kept until counted). */
  const live = (key: string, now: number, windowMs: number) => {
    // Each window ends by its own length (login attempts count for longer than a call's minute).
    if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= w.ms) windows.delete(k);
    const window = windows.get(key);
    return window && now - window.start < windowMs ? window : { start: now, ms: windowMs, count: 0, id: `${now}.${++made}` };
  };
  return {
    async hit(key, limit, windowMs) {
      const now = clock();
      const window = live(key, now, windowMs);
      windows.set(key, window);
      window.count++;
      return window.count <= limit ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: window.start + windowMs - now };
    },
    async take(counts, windowMs) {
      const now = clock();
      const found = counts.map((count) => live(count.key, now, windowMs));
      const index = found.findIndex((window, i) => window.count > 0 && window.count + counts[i]!.amount > counts[i]!.limit);
      if (index >= 0) return { allowed: false, index, retryAfterMs: found[index]!.start + windowMs - now };
      found.forEach((window, i) => {
        window.count += counts[i]!.amount;
        windows.set(counts[i]!.key, window);
      });
      return { allowed: true, windows: found.map((window) => window.id) };
    },
    async correct(key, window, delta) {
      const counted = windows.get(key);
      if (counted?.id === window) counted.count = Math.max(0, counted.count + delta);
    },
  };
}

/** Leases held in this process. */
export function memoryLeases(clock: () => number = Date.now): Leases {
  const held = new Map<string, { holder: string; until: number }>();
  return {
    async acquire(name, holder, ms) {
      const now = clock();
      const current = held.get(name);
      if (current && current.holder !== holder && current.until > now) return false;
      held.set(name, { holder, until: now + ms });
      return true;
    },
    async release(name, holder) {
      if (held.get(name)?.holder === holder) held.delete(name);
    },
  };
}

/** Session affinities held in this process (lost on restart: a session then sticks afresh). Expired entries are swept as the map grows. */
export function memoryAffinities(clock: () => number = Date.now, sweepAt = 10_000): SessionAffinities {
  const held = new Map<string, { target: AffinityTarget; until: number }>();
  let nextSweep = sweepAt;
  return {
    async recall(session, ttlMs) {
      const now = clock();
      const entry = held.get(session);
      if (!entry || entry.until <= now) return undefined;
      entry.until = now + ttlMs;
      return { ...entry.target };
    },
    async remember(session, target, ttlMs) {
      const now = clock();
      held.set(session, { target: { ...target }, until: now + ttlMs });
      if (held.size < nextSweep) return;
      for (const [key, entry] of held) if (entry.until <= now) held.delete(key);
      nextSweep = Math.max(sweepAt, held.size * 2);
    },
  };
}

/** Changes announced to listeners in this process (the one instance of an embedded install). */
export function localChangeFeed(): ChangeFeed {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    async publish(topic, id) {
      events.emit('change', topic, id === undefined ? undefined : String(id));
    },
    subscribe(listener: (topic: ChangeTopic, id?: string) => void) {
      events.on('change', listener);
      return () => events.off('change', listener);
    },
  };
}
