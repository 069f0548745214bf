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

export interface State {
  schema_version: number;
  /** Namespaces this state's entries in the OS keychain, which is shared by every data folder. */
  instance_id: string;
  /** The secret backend chosen at first start; secrets stay where they were put. */
  secret_backend: SecretBackendName | null;
  next_ids: { user: number };
  users: UserRecord[];
  sessions: SessionRecord[];
  options: Record<string, string | number | boolean>;
}

export const CURRENT_SCHEMA_VERSION = 1;

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
};

export function emptyState(): State {
  return {
    schema_version: CURRENT_SCHEMA_VERSION,
    instance_id: randomUUID(),
    secret_backend: null,
    next_ids: { user: 1 },
    users: [],
    sessions: [],
    options: {},
  };
}
