import { randomUUID } from 'node:crypto';
import type { RoleValue, SecretBackendName } from '../management/contract.js';

// The state file's shape. Change it only together with a migration below.

export interface UserRecord {
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
  used_quota: number;
  tag: string;
  remark: string;
  created_at: number;
}

export interface State {
  schema_version: number;
  /** Namespaces this state's entries in the OS keychain, which is shared by every data folder. */
  instance_id: string;
  /** The secret backend chosen at first start; secrets stay where they were put. */
  secret_backend: SecretBackendName | null;
  next_ids: { user: number; token: number; channel: number };
  users: UserRecord[];
  sessions: SessionRecord[];
  tokens: TokenRecord[];
  channels: ChannelRecord[];
  options: Record<string, string | number | boolean>;
}

export const CURRENT_SCHEMA_VERSION = 2;

/**
 * `migrations[n]` upgrades a state of version n-1 to version n, in place. Version 0 is a
 * file written before versioning (never released; kept as the worked example of the shape
 * a migration takes).
 */
export type Migration = (data: Record<string, unknown>) => void;
export const migrations: Record<number, Migration> = {
  1: (data) => {
    data.instance_id ??= randomUUID();
    data.secret_backend ??= null;
    data.next_ids ??= { user: 1 };
    data.users ??= [];
    data.sessions ??= [];
    data.options ??= {};
  },
  // API keys and channels arrive with the relay core.
  2: (data) => {
    const ids = (data.next_ids ??= {}) as Record<string, number>;
    ids.token ??= 1;
    ids.channel ??= 1;
    data.tokens ??= [];
    data.channels ??= [];
  },
};

export function emptyState(): State {
  return {
    schema_version: CURRENT_SCHEMA_VERSION,
    instance_id: randomUUID(),
    secret_backend: null,
    next_ids: { user: 1, token: 1, channel: 1 },
    users: [],
    sessions: [],
    tokens: [],
    channels: [],
    options: {},
  };
}
