import { randomUUID } from 'node:crypto';
import type { ModelPrice } from '../billing/pricing.js';
import type { CallFamily } from '../ir/call-family.js';
import type { UnitCounts } from '../ir/usage.js';
import type { VideoError, VideoStatus } from '../ir/video.js';
import type { RoleValue, SecretBackendName } from '../management/contract.js';
import type { NewLogRecord } from './logs/types.js';
import type { AccountFields, RedemptionRecord, TopUpRecord } from './account-records.js';

// The state file's shape. Change it only together with a migration below.

/** Requests and tokens per minute a key, user, model or group allows (relay/pipeline/rate-limits.ts); absent or 0: no limit. */
export interface RateLimits {
  rpm?: number;
  tpm?: number;
}

/** The most a key or user may spend (quota units) per day, week and month, in the budget time zone; absent or 0: no cap. */
export interface PeriodBudgets {
  day?: number;
  week?: number;
  month?: number;
}

export type CallerLimits = RateLimits & PeriodBudgets;

export interface UserRecord extends AccountFields {
  id: number;
  username: string;
  display_name: string;
  /** scrypt hash (see auth/password.ts); never the password. */
  password_hash: string;
  role: RoleValue;
  status: number;
  email: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  /** SHA-256 of the personal access token; the token itself is shown once. */
  access_token_hash: string | null;
  created_at: number;
  last_login_at: number;
  /** Rate limits and period budgets of the user (every key of theirs together); absent: none. */
  limits?: CallerLimits;
  /** The console language the user chose (CONSOLE_LANGUAGES); absent or '': not chosen (the browser's language). */
  language?: string;
}

export interface SessionRecord {
  /** SHA-256 of the cookie value; the cookie value itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

/** An API key ("token"). The key itself is never stored: only its SHA-256 and a display hint. */
export interface TokenRecord {
  id: number;
  user_id: number;
  name: string;
  key_hash: string;
  /** `sk-abcd…wxyz`: enough to recognise a key in a list. */
  key_hint: string;
  status: number;
  created_at: number;
  accessed_at: number;
  /** Unix seconds; -1 never expires. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
  request_count: number;
  /** Allowed models; empty allows all. */
  model_limits: string[];
  /** Allowed client IPs and CIDRs; empty allows all. */
  allow_ips: string[];
  /** Empty: the user's group. */
  group: string;
  /** May read `/v1/balance`. */
  allow_balance: boolean;
  /** Keep this key's calls' request and response bodies (relay/store/bodies/); absent: no. */
  log_bodies?: boolean;
  /** Rate limits and period budgets of this key; absent: none. */
  limits?: CallerLimits;
}

export interface ChannelKeyState {
  status: number;
  reason: string;
  disabled_at: number;
  /** When a disabled key is next probed for recovery (ms). */
  retry_at: number;
  failures: number;
}

/** An upstream connection. Its keys live in the secret store (`channel:<id>:keys`). */
export interface ChannelRecord {
  id: number;
  type: number;
  name: string;
  base_url: string;
  models: string[];
  groups: string[];
  /** The call families it serves (chat, embeddings…); empty: its type's defaults (providers/channel-facts.ts). */
  families: CallFamily[];
  model_mapping: Record<string, string>;
  priority: number;
  weight: number;
  status: number;
  status_reason: string;
  status_changed_at: number;
  auto_ban: boolean;
  /** Extra or replaced request headers; `{api_key}` in a value becomes the key. */
  header_override: Record<string, string>;
  /**
   * http://, https:// or socks5:// proxy URL, or ''. A password in it is a secret: the
   * state keeps the URL with the password masked, the secret store keeps the whole URL.
   */
  proxy: string;
  key_mode: 'random' | 'polling';
  key_count: number;
  key_states: ChannelKeyState[];
  /** Per-type settings: `api_version` (Azure), `upstream_protocol` ('chat' | 'responses'), timeouts. */
  settings: Record<string, string | number | boolean>;
  test_model: string;
  response_time: number;
  balance: number;
  /** When `balance` was last read from the upstream (ms); absent: never. */
  balance_updated_at?: number;
  used_quota: number;
  tag: string;
  remark: string;
  created_at: number;
}

/** A user group: its ratio multiplies every price for callers of the group. */
export interface GroupRecord {
  name: string;
  ratio: number;
  description: string;
  /** Users may pick it for their keys (besides their own group). */
  selectable: boolean;
  /** Rate limits for each user calling in this group; absent: none. */
  limits?: RateLimits;
  created_at: number;
  updated_at: number;
}

/** A model supplier (vendor): OpenAI, Anthropic, a local lab… */
export interface SupplierRecord {
  id: number;
  name: string;
  description: string;
  /** An http(s) URL or a `data:image/…` URL; '' for none. */
  icon: string;
  /** 1 enabled, 2 disabled. */
  status: number;
  created_at: number;
  updated_at: number;
}

/** What the relay knows about one model: description, limits, and its price. */
export interface ModelRecord {
  id: number;
  /** The model name callers ask for (exact). */
  name: string;
  /** 0: none. */
  supplier_id: number;
  description: string;
  tags: string[];
  /** The protocols / call families it serves (see MODEL_ENDPOINTS in store/models.ts). */
  endpoints: string[];
  /** Tokens; 0 unknown. */
  context_length: number;
  max_output_tokens: number;
  /** Per-token price: 1 = 2 USD per million input tokens; null with price_per_call null: the built-in default applies. */
  model_ratio: number | null;
  /** Fixed price per call in USD, instead of per token. */
  price_per_call: number | null;
  /** Output ÷ input price; null: 1. */
  completion_ratio: number | null;
  /** Cached input ÷ input price; null: 1. */
  cache_ratio: number | null;
  /** Cache write ÷ input price; null: 1. */
  cache_write_ratio: number | null;
  /** USD per unit of each kind other than tokens (requests, search units…), added to the token price; {}: none. */
  unit_prices: UnitCounts;
  /** Multiplier of the unit prices by output size ("1792x1024": 1.67); {}: the plain unit price for every size. */
  size_ratios: Record<string, number>;
  /** Rate limits for each user calling this model; absent: none. */
  limits?: RateLimits;
  created_at: number;
  updated_at: number;
}

/**
 * Quota held for a call in progress (see quota-book.ts). `call` is what its log record will
 * say about the caller and the model: if the relay stops before the call ends, the next start
 * gives the quota back and logs the call from it.
 */
export interface OpenReservation {
  user_id: number;
  token_id: number;
  amount: number;
  /** Whether the amount was taken from the key as well as from its user (a limited key). */
  token_limited: boolean;
  created_at: number;
  call: NewLogRecord;
  /** The period budgets it counts in (`budget key`, period), given back into them when it closes. */
  budgets?: BudgetMark[];
}

/** A reservation counted in one budget period: `k` names the budget (`u:<user>:day`…), `p` the period (`2026-11-24`…). */
export interface BudgetMark {
  k: string;
  p: string;
}

/**
 * A video generation task (relay/tasks/video-poller.ts follows it). Its quota reservation stays
 * open while it runs; the start-up recovery leaves the reservation of a task whose bill is open.
 */
export interface VideoTaskRecord {
  /** The relay's public id (`video_…`); the upstream's own is `upstream_id`, never shown. */
  id: string;
  user_id: number;
  token_id: number;
  channel_id: number;
  /** The channel key that created it: the upstream job belongs to that key's account. */
  key_index: number;
  upstream_id: string;
  model: string;
  upstream_model: string;
  /** The clip's length (whole seconds, as text, as the API answers it). */
  seconds: string;
  /** `WIDTHxHEIGHT`; '' until known. */
  size: string;
  status: VideoStatus;
  /** 0–100. */
  progress: number;
  error: VideoError | null;
  /** ms. */
  created_at: number;
  /** ms; 0 until it ends. */
  finished_at: number;
  /** Unix seconds when the upstream's files of it expire; 0 unknown. */
  expires_at: number;
  /** The quota reservation it holds while it runs (the quota journal's id). */
  reservation_id: number;
  /** `open` while the reservation is held; then `charged` or `refunded`, once. */
  billing: 'open' | 'charged' | 'refunded';
  /** What it is billed with when it ends: its price and group ratio when it was created… */
  price: ModelPrice | null;
  group_ratio: number;
  /** …and its consume record as built then (the seconds asked). */
  log: NewLogRecord;
}

export interface State {
  schema_version: number;
  /** Namespaces this state's entries in the OS keychain, which is shared by every data folder. */
  instance_id: string;
  /** The secret backend chosen at first start; secrets stay where they were put. */
  secret_backend: SecretBackendName | null;
  next_ids: { user: number; token: number; channel: number; supplier: number; model: number; redemption: number; top_up: number };
  users: UserRecord[];
  sessions: SessionRecord[];
  tokens: TokenRecord[];
  channels: ChannelRecord[];
  groups: GroupRecord[];
  suppliers: SupplierRecord[];
  models: ModelRecord[];
  options: Record<string, string | number | boolean>;
  /** The last quota-journal entry whose effect these counters hold (quota-journal.ts). */
  ledger_seq: number;
  /** Reservations of calls in progress, by reservation id. */
  open_reservations: Record<string, OpenReservation>;
  /** Spent in each budget's current period (reservations held included), by budget key; absent: nothing yet. */
  period_spend?: Record<string, { p: string; spent: number }>;
  /** Video generation tasks, oldest first. */
  video_tasks: VideoTaskRecord[];
  redemptions: RedemptionRecord[];
  /** Oldest first. */
  top_ups: TopUpRecord[];
}

export const CURRENT_SCHEMA_VERSION = 9;

/** The `default` group: always present, ratio 1 unless changed. */
export function defaultGroup(now = Date.now()): GroupRecord {
  return { name: 'default', ratio: 1, description: 'Everyone, unless given another group', selectable: true, created_at: now, updated_at: now };
}

export function blankModel(id: number, name: string, now = Date.now()): ModelRecord {
  return {
    id,
    name,
    supplier_id: 0,
    description: '',
    tags: [],
    endpoints: [],
    context_length: 0,
    max_output_tokens: 0,
    model_ratio: null,
    price_per_call: null,
    completion_ratio: null,
    cache_ratio: null,
    cache_write_ratio: null,
    unit_prices: {},
    size_ratios: {},
    created_at: now,
    updated_at: now,
  };
}

export function emptyState(): State {
  return {
    schema_version: CURRENT_SCHEMA_VERSION,
    instance_id: randomUUID(),
    secret_backend: null,
    next_ids: { user: 1, token: 1, channel: 1, supplier: 1, model: 1, redemption: 1, top_up: 1 },
    users: [],
    sessions: [],
    tokens: [],
    channels: [],
    groups: [defaultGroup()],
    suppliers: [],
    models: [],
    options: {},
    ledger_seq: 0,
    open_reservations: {},
    video_tasks: [],
    redemptions: [],
    top_ups: [],
  };
}
