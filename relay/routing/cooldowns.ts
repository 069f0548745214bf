import { ChannelStatus } from '../store/channels.js';
import type { ChannelRecord } from '../store/schema.js';

/** The schedule's ceiling: the first wait (setting `channel_cooldown_seconds`, 5 s) doubles up to 5 minutes. */
export const MAX_COOLDOWN_MS = 300_000;
/** The longest `Retry-After` honoured (a bogus far-away date must not park a channel for days). */
export const MAX_RETRY_AFTER_MS = 3_600_000;

export interface CooldownState {
  /** When it may be tried again (ms epoch); 0, or a moment past, when it may be tried now. */
  until: number;
  /** Retryable failures since its last success. */
  failures: number;
}

/** A whole channel (no `keyIndex`), or one key of it. */
export interface CooldownTarget {
  channelId: number;
  keyIndex?: number;
}

export interface CooldownSchedule {
  /** The first wait; each further failure doubles it up to MAX_COOLDOWN_MS. */
  baseMs: number;
  /** The upstream's `Retry-After`, which replaces the schedule's wait. */
  retryAfterMs?: number | undefined;
}

/**
 * Channels and keys skipped for a while after a retryable failure, shared by every call.
 * Reads are synchronous because routing consults them on every call: a shared store
 * (Redis) would implement this interface over a local mirror kept current by its changes.
 */
export interface Cooldowns {
  get(target: CooldownTarget): CooldownState;
  /**
   * A failed attempt sent at `sentAt` (default `now`): one more failure, cooling until now +
   * the schedule's wait, unless it was sent before the last failure counted.
   */
  fail(target: CooldownTarget, schedule: CooldownSchedule, now?: number, sentAt?: number): CooldownState;
  /** A key answered: it and its channel start afresh. */
  succeed(channelId: number, keyIndex: number): void;
}

const NOT_COOLING: CooldownState = { until: 0, failures: 0 };

/** A cooldown as kept: its state, and when its last counted failure was recorded. */
export interface CooldownEntry extends CooldownState {
  countedAt: number;
}

/** The in-process store, its entries also read and written as they are: what a mirror of another instance's needs. */
export interface MemoryCooldowns extends Cooldowns {
  entry(target: CooldownTarget): CooldownEntry | undefined;
  /** Sets a target's entry as another instance recorded it; undefined clears it. */
  put(target: CooldownTarget, entry: CooldownEntry | undefined): void;
}

/** The wait after the `failures`-th failure in a row: Retry-After when given, else base × 2^(failures − 1), capped. */
export function cooldownDelay(failures: number, schedule: CooldownSchedule): number {
  if (schedule.retryAfterMs !== undefined) return Math.min(Math.max(0, schedule.retryAfterMs), MAX_RETRY_AFTER_MS);
  return Math.min(MAX_COOLDOWN_MS, schedule.baseMs * 2 ** Math.min(Math.max(0, failures - 1), 30));
}

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** The in-process store: one per relay. */
export function createMemoryCooldowns(): MemoryCooldowns {
  const entries = new Map<string, CooldownEntry>();
  const keyOf = (target: CooldownTarget) => (target.keyIndex === undefined ? `${target.channelId}` : `${target.channelId}:${target.keyIndex}`);
  const stateOf = (target: CooldownTarget): CooldownState => {
    if (entries.size === 0) return NOT_COOLING; // the usual case: nothing failed lately
    const entry = entries.get(keyOf(target));
    return entry ? { until: entry.until, failures: entry.failures } : NOT_COOLING;
  };
  return {
    get: stateOf,
    fail(target, schedule, now = Date.now(), sentAt = now) {
      const current = entries.get(keyOf(target)) ?? { ...NOT_COOLING, countedAt: 0 };
      // Calls already under way when a failure was counted fail too, during its cooldown or
      // after it (a hung upstream's timeouts come in one by one): they do not count again,
      // though a longer Retry-After still extends the cooldown.
      const next =
        current.until > now || sentAt < current.countedAt
          ? { ...current, until: schedule.retryAfterMs === undefined ? current.until : Math.max(current.until, now + cooldownDelay(current.failures, schedule)) }
          : { failures: current.failures + 1, until: now + cooldownDelay(current.failures + 1, schedule), countedAt: now };
      entries.set(keyOf(target), next);
      return { until: next.until, failures: next.failures };
    },
    succeed(channelId, keyIndex) {
      if (entries.size === 0) return; // the usual case: nothing to clear
      entries.delete(keyOf({ channelId }));
      entries.delete(keyOf({ channelId, keyIndex }));
    },
    entry(target) {
      if (entries.size === 0) return undefined;
      const entry = entries.get(keyOf(target));
      return entry && { ...entry };
    },
    put(target, entry) {
      if (entry) entries.set(keyOf(target), { until: entry.until, failures: entry.failures, countedAt: entry.countedAt });
      else entries.delete(keyOf(target));
    },
  };
}

/**
 * How one attempt changes the cooldowns: a success clears its key and channel; a retryable
 * failure cools the key for a rate limit (429: limits belong to a key or its account) and
 * the whole channel for anything else (5xx, connection errors, timeouts). `baseMs` 0 turns
 * cooling off.
 */
export function recordAttempt(
  cooldowns: Cooldowns,
  channelId: number,
  keyIndex: number,
  outcome: { ok: true } | { ok: false; retryable: boolean; status: number; retryAfterMs?: number | undefined; sentAt?: number | undefined },
  baseMs: number,
  now = Date.now(),
): void {
  if (outcome.ok) return cooldowns.succeed(channelId, keyIndex);
  if (!outcome.retryable || baseMs <= 0) return;
  cooldowns.fail(outcome.status === 429 ? { channelId, keyIndex } : { channelId }, { baseMs, retryAfterMs: outcome.retryAfterMs }, now, outcome.sentAt ?? now);
}

/** The enabled keys of a channel that are cooling down now. */
export function coolingKeys(cooldowns: Cooldowns, channel: ChannelRecord, now = Date.now()): Set<number> {
  const cooling = new Set<number>();
  for (const index of enabledKeys(channel)) if (cooldowns.get({ channelId: channel.id, keyIndex: index }).until > now) cooling.add(index);
  return cooling;
}

/**
 * A channel's cooldown as routing sees it: its own, or, when every enabled key is cooling,
 * the key that is free first. `until` 0 means usable now; `failures` is that of whichever
 * decides `until` (the channel's own when it is not cooling).
 */
export function channelCooldown(cooldowns: Cooldowns, channel: ChannelRecord, now = Date.now()): CooldownState {
  const own = cooldowns.get({ channelId: channel.id });
  // The enabled key free first, when every enabled key is cooling.
  let firstFreeKey: CooldownState | undefined;
  for (let index = 0; index < channel.key_count; index++) {
    if (!isEnabledKey(channel, index)) continue;
    const key = cooldowns.get({ channelId: channel.id, keyIndex: index });
    if (key.until <= now) {
      firstFreeKey = undefined;
      break;
    }
    if (!firstFreeKey || key.until < firstFreeKey.until) firstFreeKey = key;
  }
  const ownCooling = own.until > now;
  if (!ownCooling && !firstFreeKey) return own.until === 0 ? own : { until: 0, failures: own.failures };
  // Usable again only once both the channel and one of its keys are.
  if (!firstFreeKey) return own;
  return !ownCooling || firstFreeKey.until > own.until ? firstFreeKey : own;
}

function isEnabledKey(channel: ChannelRecord, index: number): boolean {
  const state = channel.key_states[index];
  return !state || state.status === ChannelStatus.enabled;
}

function enabledKeys(channel: ChannelRecord): number[] {
  const indexes: number[] = [];
  for (let i = 0; i < channel.key_count; i++) if (isEnabledKey(channel, i)) indexes.push(i);
  return indexes;
}
