// The storage ports: everything the relay keeps, as asynchronous, value-returning operations.
// Two implementations: embedded (the state file, log files and the OS keychain, for one
// machine; relay/store/embedded/) and server (PostgreSQL for state and logs, Redis for what
// instances share at call speed; relay/store/postgres/ and relay/store/redis/). Records are
// the state file's (schema.ts); a port answers copies, never an object it keeps, and changes
// a record only through its own operations, so a caller cannot change stored state by
// mutating what it was given.
import type { GroupDeletion, GroupUsage, NewGroup } from './groups.js';
import type { BodyStore } from './bodies/types.js';
import type { NewLogRecord, EncodedLogRecord, LogStore } from './logs/types.js';
import type { NewModel } from './models.js';
import type { StatsStore } from './stats/stats-store.js';
import type { NewSupplier, SupplierDeletion } from './suppliers.js';
import type { NewVideoTask } from './video-tasks.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { NewRedemption, NewTopUp, RedeemRefusal, RedemptionRecord, TopUpRecord, TopUpSource, TopUpStatus } from './account-records.js';
import type {
  ChannelKeyState,
  ChannelRecord,
  GroupRecord,
  ModelRecord,
  SessionRecord,
  SupplierRecord,
  TokenRecord,
  UserRecord,
  VideoTaskRecord,
} from './schema.js';

/** The fields to change: given as values, or computed from the current record (called once, on the current copy). */
export type Patch<T> = Partial<T> | ((current: Readonly<T>) => Partial<T>);

/** A page of records and how many match in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface Paging {
  /** 1-based. */
  page: number;
  pageSize: number;
}

// ── Records ──────────────────────────────────────────────────────────────────────────────

export type NewUserRecord = Pick<UserRecord, 'username' | 'password_hash' | 'role'> & Partial<Pick<UserRecord, 'display_name' | 'group' | 'email' | 'inviter_id'>>;

/**
 * Users. Quota counters (`quota`, `used_quota`, `request_count`) change only through the
 * quota ledger (a patch of them is refused), so that they stay exact across instances.
 */
export interface UserRepo {
  count(): Promise<number>;
  get(id: number): Promise<UserRecord | undefined>;
  byUsername(username: string): Promise<UserRecord | undefined>;
  byAccessTokenHash(hash: string): Promise<UserRecord | undefined>;
  byAffCode(code: string): Promise<UserRecord | undefined>;
  /** Case-insensitively; '' finds nobody. */
  byEmail(email: string): Promise<UserRecord | undefined>;
  byOAuth(provider: string, subject: string): Promise<UserRecord | undefined>;
  byPasskey(credentialId: string): Promise<UserRecord | undefined>;
  /** Newest first, deleted users left out; `keyword` matches the username, display name or email, case-insensitively. */
  list(paging: Paging & { keyword?: string }): Promise<Page<UserRecord>>;
  /** Creates the user unless the username is taken (null), or `onlyIfNone` and a user exists (null): one atomic step. */
  create(user: NewUserRecord, options?: { onlyIfNone?: boolean }): Promise<UserRecord | null>;
  /** Invitation counters (aff_*) change only through the account ledger. */
  update(id: number, patch: Patch<Omit<UserRecord, 'id' | 'quota' | 'used_quota' | 'request_count' | 'aff_quota' | 'aff_history_quota' | 'aff_count'>>): Promise<UserRecord | undefined>;
}

export interface SessionRepo {
  create(session: Omit<SessionRecord, 'created_at' | 'expires_at' | 'last_seen_at'>): Promise<SessionRecord>;
  /** The live session with this id hash, if any; refreshes its last-seen time now and then. */
  find(idHash: string, now?: number): Promise<SessionRecord | undefined>;
  delete(idHash: string): Promise<void>;
  /** Ends every session of a user but `keep`; answers how many ended. */
  deleteForUser(userId: number, keep?: string): Promise<number>;
  /** A user's live sessions, newest first. */
  listForUser(userId: number, now?: number): Promise<SessionRecord[]>;
}

export type NewTokenRecord = Pick<TokenRecord, 'user_id' | 'name'> &
  Partial<Pick<TokenRecord, 'remain_quota' | 'unlimited_quota' | 'expired_time' | 'model_limits' | 'allow_ips' | 'group' | 'allow_balance' | 'log_bodies' | 'limits'>>;

/** API keys, found by the SHA-256 of the presented key. Quota counters and whether the key's limit binds change only through the quota ledger. */
export interface TokenRepo {
  /** Creates a key and answers it in clear this once. */
  create(token: NewTokenRecord): Promise<{ record: TokenRecord; key: string }>;
  byKey(key: string): Promise<TokenRecord | undefined>;
  get(id: number): Promise<TokenRecord | undefined>;
  /** Every key (of one user when given), oldest first. */
  list(userId?: number): Promise<TokenRecord[]>;
  update(id: number, patch: Patch<Omit<TokenRecord, 'id' | 'key_hash' | 'remain_quota' | 'unlimited_quota' | 'used_quota' | 'request_count'>>): Promise<TokenRecord | undefined>;
  /** A new key for the record, answered in clear this once; the old one stops working at once (on every instance). */
  regenerate(id: number): Promise<{ record: TokenRecord; key: string } | undefined>;
  /** Deletes these keys (unknown ids skipped); answers the records deleted. */
  remove(ids: readonly number[]): Promise<TokenRecord[]>;
}

export type NewChannelRecord = Omit<ChannelRecord, 'id' | 'key_count' | 'key_states' | 'created_at' | 'status_changed_at' | 'status_reason' | 'response_time' | 'balance' | 'used_quota'>;

/** Channels; their keys and a proxy's password are secrets (the secret store), never in a record. */
export interface ChannelRepo {
  create(channel: NewChannelRecord, keys: string[], keyStates?: ChannelKeyState[]): Promise<ChannelRecord>;
  remove(id: number): Promise<boolean>;
  list(): Promise<ChannelRecord[]>;
  get(id: number): Promise<ChannelRecord | undefined>;
  keys(id: number): Promise<string[]>;
  /** The proxy URL to dial, password included. */
  proxyUrl(channel: ChannelRecord): Promise<string>;
  update(id: number, patch: Patch<Omit<ChannelRecord, 'id' | 'used_quota'>>): Promise<ChannelRecord | undefined>;
  /** Changes keys and their states together (same length); one edit of a channel's keys at a time, on every instance. */
  editKeys<T>(id: number, edit: (keys: string[], states: ChannelKeyState[]) => T | Promise<T>): Promise<T>;
  setProxy(id: number, proxy: string): Promise<void>;
}

export interface GroupRepo {
  list(): Promise<GroupRecord[]>;
  get(name: string): Promise<GroupRecord | undefined>;
  /** null: the name is taken. */
  create(group: NewGroup): Promise<GroupRecord | null>;
  update(name: string, patch: Patch<Omit<GroupRecord, 'name' | 'created_at'>>): Promise<GroupRecord | undefined>;
  /** Refused for `default` and for a group channels, users or keys still name. */
  delete(name: string): Promise<GroupDeletion>;
  /** How many channels, users and keys name each group. */
  usageByGroup(): Promise<Map<string, GroupUsage>>;
}

export interface SupplierRepo {
  list(): Promise<SupplierRecord[]>;
  get(id: number): Promise<SupplierRecord | undefined>;
  /** null: the name is taken. */
  create(supplier: NewSupplier): Promise<SupplierRecord | null>;
  /** null: the new name is taken. */
  update(id: number, patch: Patch<Omit<SupplierRecord, 'id' | 'created_at'>>): Promise<SupplierRecord | null | undefined>;
  /** Refused while model records name it. */
  delete(id: number): Promise<SupplierDeletion>;
}

export interface ModelRepo {
  list(): Promise<ModelRecord[]>;
  get(id: number): Promise<ModelRecord | undefined>;
  byName(name: string): Promise<ModelRecord | undefined>;
  /** null: a record of that name exists. */
  create(model: NewModel): Promise<ModelRecord | null>;
  /** null: the new name is taken. */
  update(id: number, patch: Patch<Omit<ModelRecord, 'id' | 'created_at'>>): Promise<ModelRecord | null | undefined>;
  delete(id: number): Promise<boolean>;
}

export type SettingValue = string | number | boolean;

/** Settings (the `options` of the established relays): name → value. */
export interface SettingsRepo {
  all(): Promise<Record<string, SettingValue>>;
  /** Sets the given names (undefined deletes one) in one atomic step; answers all settings after it. */
  set(changes: Record<string, SettingValue | undefined>): Promise<Record<string, SettingValue>>;
}

export interface VideoTaskRepo {
  get(id: string): Promise<VideoTaskRecord | undefined>;
  /** A key's tasks (every task without one), newest first. */
  list(tokenId?: number): Promise<VideoTaskRecord[]>;
  /** Tasks not ended yet: what the poller follows. */
  live(): Promise<VideoTaskRecord[]>;
  create(task: NewVideoTask): Promise<VideoTaskRecord>;
  update(id: string, patch: Patch<VideoTaskRecord>): Promise<VideoTaskRecord | undefined>;
  delete(id: string): Promise<boolean>;
}

// ── Quota: reserve, settle and refund, each one atomic step against key and user ─────────

export interface QuotaReservation {
  readonly id: number;
  readonly amount: number;
}

/** What limits a caller now. */
export interface QuotaStanding {
  /** The user's quota left. */
  userLeft: number;
  /** The key's quota left; null for a key without its own limit. */
  keyLeft: number | null;
  /** Held by calls in progress on the quota that binds (the key's when it is limited and lower). */
  held: number;
  /** Held by the user's calls in progress, and by the key's (whether or not its limit binds). */
  userHeld: number;
  keyHeld: number;
  /** The period budget that refused the call (when one did): which one, and what is left of it. */
  budget?: { key: string; left: number };
}

/** A standing with what the user and key have used and how many calls they made, read at the same instant. */
export interface QuotaUsage extends QuotaStanding {
  userUsed: number;
  userRequests: number;
  keyUsed: number;
  keyRequests: number;
}

export interface ReserveAsk {
  userId: number;
  /** 0: no API key (the console's playground): only the user's quota holds and counts. */
  tokenId: number;
  amount: number;
  /** What the call's log record would say: kept so that a reservation left open by a crash is refunded and logged. */
  call: NewLogRecord;
  /** Period budgets the amount must fit in and counts into (relay/pipeline/budgets.ts); none: no period cap. */
  budgets?: readonly BudgetHold[];
}

/** One period budget a reservation must fit: counted in period `period` of budget `key`, capped at `limit`. */
export interface BudgetHold {
  /** `u:<user>:day`, `k:<key>:month`…: one counter per budget, restarted when its period changes. */
  key: string;
  /** The period now (`2026-11-24`…): a counter of an earlier period counts as 0. */
  period: string;
  limit: number;
  /** When the period ends (ms): a counter may be forgotten after. */
  endsAt: number;
}

export interface QuotaLedgerPort {
  standing(userId: number, tokenId: number): Promise<QuotaStanding>;
  /**
   * The standing and the counters of use, live where the user and key records lag behind the
   * ledger (server mode: written back every few seconds). Without it, the records are live.
   */
  usage?(userId: number, tokenId: number): Promise<QuotaUsage>;
  /** Holds `amount` of the user's quota and of the key's (when limited) if both have it, in one atomic step; else answers the standing that refused it. */
  reserve(ask: ReserveAsk): Promise<{ reservation: QuotaReservation } | { refused: QuotaStanding }>;
  /** The reservation if still open (work outliving its call, a video task, closes it later). */
  held(id: number): Promise<QuotaReservation | undefined>;
  /**
   * The reservation outlives its call (a video task now exists upstream): it is not refunded
   * if this instance is lost, and whichever instance follows the work closes it. Where no
   * reservation is ever swept (the embedded store) there is nothing to do.
   */
  detach?(id: number): Promise<unknown>;
  /** Charges `cost` (the rest of the reservation given back), counts the call for user, key and channel, and appends its log record; once. */
  settle(id: number, cost: number, channelId: number, log: EncodedLogRecord): Promise<void>;
  /** Gives the whole reservation back, with the failed call's record when it has one; once. */
  refund(id: number, log?: EncodedLogRecord): Promise<void>;
  /** Adds to (or, negative, takes from) a user's quota: a top-up, a redemption, an administrator's change. */
  adjustUser(userId: number, delta: number): Promise<number>;
  /**
   * Sets what is left of a key's own limit, and whether it binds. null: unlimited, what is left
   * kept as it is; a remain given with `unlimited` is kept for when the limit binds again.
   */
  setKeyQuota(tokenId: number, remain: number | null, unlimited?: boolean): Promise<void>;
  /** Resolves at the next settlement or refund (server mode: of any instance), after `ms`, or when `stop` aborts. */
  nextRelease(ms: number, stop?: AbortSignal): Promise<void>;
  /** What each budget has spent in the period given (calls in progress included); 0 for another period's counter. */
  periodSpent(budgets: ReadonlyArray<Pick<BudgetHold, 'key' | 'period'>>): Promise<number[]>;
}

// ── Accounts and money ────────────────────────────────────────────────────────────────────

export interface RedemptionRepo {
  /** Makes `count` codes alike; answers each with its code in clear, this once. */
  create(input: NewRedemption, count: number): Promise<Array<{ record: RedemptionRecord; code: string }>>;
  /** Newest first; `keyword` matches the name (or, all digits, the id). */
  list(paging: Paging & { keyword?: string }): Promise<Page<RedemptionRecord>>;
  get(id: number): Promise<RedemptionRecord | undefined>;
  /** Name, quota, expiry, or enabled/disabled; a used code changes no more (undefined). */
  update(id: number, patch: Partial<Pick<RedemptionRecord, 'name' | 'quota' | 'expires_at' | 'status'>>): Promise<RedemptionRecord | undefined>;
  /** Answers how many were deleted. */
  remove(ids: readonly number[]): Promise<number>;
  /** Deletes the used codes and those expired at `now`; answers how many. */
  removeSpent(now?: number): Promise<number>;
}

export interface TopUpRepo {
  /** Newest first. */
  list(paging: Paging & { userId?: number; status?: TopUpStatus; source?: TopUpSource }): Promise<Page<TopUpRecord>>;
  get(id: number): Promise<TopUpRecord | undefined>;
  byReference(source: TopUpSource, reference: string): Promise<TopUpRecord | undefined>;
  /** A payment started: pending, nothing credited yet. null when its reference exists already. */
  createPending(input: NewTopUp): Promise<TopUpRecord | null>;
  /** A pending one ends uncredited (failed, expired); answers it, or undefined when it was not pending. */
  close(id: number, status: 'failed' | 'expired'): Promise<TopUpRecord | undefined>;
}

/**
 * Quota moved into users' balances with a top-up record, each exactly once: under concurrent
 * attempts on any number of instances, and after a crash (a credit begun is finished at start,
 * never doubled).
 */
export interface AccountLedger {
  /** Redeems a code (by its SHA-256) for the user; answers the top-up and the user's quota after it. */
  redeem(codeHash: string, userId: number, now?: number): Promise<{ topUp: TopUpRecord; quota: number } | { refused: RedeemRefusal }>;
  /** Credits a pending top-up (a payment completed); again: credits nothing (`credited` false). undefined: no such top-up. */
  completeTopUp(id: number, note?: string): Promise<{ topUp: TopUpRecord; credited: boolean } | undefined>;
  /** Adds (or, negative, takes) quota by an administrator's hand, recorded as a top-up; answers it and the quota after. */
  grant(userId: number, quota: number, note: string): Promise<{ topUp: TopUpRecord; quota: number }>;
  /** Moves invitation rewards into quota; refused when the user has less than `quota` of them. */
  transferInvitation(userId: number, quota: number): Promise<{ topUp: TopUpRecord; quota: number } | { refused: 'insufficient' }>;
  /** Counts a user registered with the inviter's code and gives the inviter `reward` (into aff_quota). */
  rewardInviter(inviterId: number, reward: number): Promise<void>;
}

// ── What instances share at call speed ──────────────────────────────────────────────────

/** Fixed-window counters shared by every instance (rate limits, login attempts). */
export interface RateCounters {
  /** Counts one hit of `key` in its window; answers whether it is within `limit` and, when not, the ms until the window ends. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /**
   * Counts `amount` of every one of `counts` in its window (of `windowMs` from the window's first
   * count), all or none, in one atomic step: none when any would pass its limit. A count alone in
   * an empty window always passes. Answers each count's window (for `correct`), or the first count
   * that refused and the ms until its window ends.
   */
  take(counts: readonly WindowCount[], windowMs: number): Promise<{ allowed: true; windows: string[] } | { allowed: false; index: number; retryAfterMs: number }>;
  /** Adds `delta` (negative: takes) to a count taken in `window`, while that window lasts. */
  correct(key: string, window: string, delta: number): Promise<void>;
}

export interface WindowCount {
  key: string;
  limit: number;
  amount: number;
}

/** Short leases: one holder at a time (a video task polled by one instance). */
export interface Leases {
  /** Takes `name` for `ms` if free or already this holder's; answers whether it is held now. */
  acquire(name: string, holder: string, ms: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
}

/** Where a session's calls stick (prompt-cache affinity): a channel and one of its keys. */
export interface AffinityTarget {
  channelId: number;
  keyIndex: number;
}

/** Which target each session sticks to, for a while after its last use; in Redis in server mode, so every instance agrees. */
export interface SessionAffinities {
  /** The session's target, its time renewed to `ttlMs` (sliding); undefined when none or expired. */
  recall(session: string, ttlMs: number): Promise<AffinityTarget | undefined>;
  remember(session: string, target: AffinityTarget, ttlMs: number): Promise<void>;
}

/** What changed, for the in-memory snapshots of other instances (channels, keys, settings, prices…). */
export interface ChangeFeed {
  publish(topic: ChangeTopic, id?: string | number): Promise<void>;
  /** Answers an unsubscribe. */
  subscribe(listener: (topic: ChangeTopic, id?: string) => void): () => void;
}

export type ChangeTopic = 'users' | 'tokens' | 'channels' | 'groups' | 'suppliers' | 'models' | 'settings' | 'sessions' | 'cooldowns' | 'video_tasks';

// ── What a call reads: an in-memory snapshot, no round trip ───────────────────────────────

/**
 * The records every call reads, held in memory and answered synchronously: keys by the key,
 * users, channels, groups, model records and settings. Embedded: views of the state file.
 * Server: a copy loaded from PostgreSQL, a table reloaded when the change feed names it (a
 * change made on any instance is seen everywhere within a second). Records answered must not
 * be changed by the caller; changes go through the record ports.
 */
export interface CallCatalog {
  /** Moves whenever anything in the catalog changes: what is derived from it (parsed settings, prices) may be cached by it. */
  readonly revision: number;
  settings(): Readonly<Record<string, SettingValue>>;
  tokenByKey(key: string): TokenRecord | undefined;
  token(id: number): TokenRecord | undefined;
  user(id: number): UserRecord | undefined;
  channels(): readonly ChannelRecord[];
  channel(id: number): ChannelRecord | undefined;
  /** A channel's keys: synchronous once cached (the first read of a channel's keys may wait for the secret store). */
  channelKeys(id: number): string[] | Promise<string[]>;
  /** The proxy URL to dial, password included. */
  proxyUrl(channel: ChannelRecord): Promise<string>;
  groups(): readonly GroupRecord[];
  models(): readonly ModelRecord[];
  /** The live session with this id hash and its user, for the console's playground calls. */
  sessionUser(idHash: string, now?: number): UserRecord | undefined;
}

/** Every port, as one configuration opened them. */
export interface StoragePorts {
  readonly mode: 'embedded' | 'server';
  users: UserRepo;
  sessions: SessionRepo;
  tokens: TokenRepo;
  channels: ChannelRepo;
  groups: GroupRepo;
  suppliers: SupplierRepo;
  models: ModelRepo;
  settings: SettingsRepo;
  videoTasks: VideoTaskRepo;
  redemptions: RedemptionRepo;
  topUps: TopUpRepo;
  accounts: AccountLedger;
  /** Secrets beside the channels' (a user's TOTP seed): the OS keychain or its fallback, or sealed in PostgreSQL. */
  secrets: SecretStore;
  logs: LogStore;
  /** Calls' request and response bodies, for keys (or a relay) that opted in. */
  bodies: BodyStore;
  stats: StatsStore;
  quota: QuotaLedgerPort;
  counters: RateCounters;
  leases: Leases;
  affinities: SessionAffinities;
  changes: ChangeFeed;
  /** What calls read, in memory. */
  catalog: CallCatalog;
  close(): Promise<void>;
}
