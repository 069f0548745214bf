import { apiKeyDigest, randomAlphanumeric, sha256Hex } from '../auth/secret-token.js';
import type { TokenRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

export type NewToken = Pick<TokenRecord, 'user_id' | 'name'> & Partial<Pick<TokenRecord, 'remain_quota' | 'unlimited_quota' | 'expired_time' | 'model_limits' | 'allow_ips' | 'group' | 'allow_balance' | 'log_bodies' | 'limits'>>;

/** API keys. Looked up by the SHA-256 of the presented key through an in-memory index. */
export interface TokenStore {
  /** Creates a key and answers it in clear this once. */
  create(token: NewToken): Promise<{ record: TokenRecord; key: string }>;
  byKey(key: string): TokenRecord | undefined;
  byId(id: number): TokenRecord | undefined;
  /** Every key, oldest first (do not change the records: use `update`). */
  list(): readonly TokenRecord[];
  /** Changes in memory now; persisted with the next coalesced write. */
  update(id: number, change: (token: TokenRecord) => void): Promise<void>;
  /** A new key for an existing record, answered in clear this once; the old key stops working at once. */
  regenerate(id: number): Promise<{ record: TokenRecord; key: string } | undefined>;
  /** Deletes these keys (unknown ids are skipped); answers the records deleted. */
  remove(ids: readonly number[]): Promise<TokenRecord[]>;
}

/** `sk-abcd…wxyz`: the prefix and the last four characters, enough to recognise a key. */
export function keyHint(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}

export function newApiKey(): string {
  return `sk-${randomAlphanumeric(48)}`;
}

/** A key's record: what `token` gives, the defaults for the rest (enabled, no limits, no quota). */
export function tokenRecord(identity: Pick<TokenRecord, 'id' | 'key_hash' | 'key_hint' | 'created_at'>, token: NewToken): TokenRecord {
  return {
    ...identity,
    user_id: token.user_id,
    name: token.name,
    status: TokenStatus.enabled,
    accessed_at: 0,
    expired_time: token.expired_time ?? -1,
    remain_quota: token.remain_quota ?? 0,
    unlimited_quota: token.unlimited_quota ?? false,
    used_quota: 0,
    request_count: 0,
    model_limits: token.model_limits ?? [],
    allow_ips: token.allow_ips ?? [],
    group: token.group ?? '',
    allow_balance: token.allow_balance ?? false,
    log_bodies: token.log_bodies ?? false,
    ...(token.limits && { limits: token.limits }),
  };
}

export function createStateTokenStore(state: StateFile): TokenStore {
  const byHash = new Map<string, TokenRecord>(state.data.tokens.map((t) => [t.key_hash, t]));
  return {
    async create(token) {
      const key = newApiKey();
      const now = Date.now();
      const record = await state.update((data) => {
        const created = tokenRecord({ id: data.next_ids.token++, key_hash: sha256Hex(key), key_hint: keyHint(key), created_at: now }, token);
        data.tokens.push(created);
        byHash.set(created.key_hash, created);
        return created;
      });
      return { record, key };
    },
    byKey: (key) => byHash.get(apiKeyDigest(key)),
    byId: (id) => state.data.tokens.find((t) => t.id === id),
    list: () => state.data.tokens,
    async update(id, change) {
      await state.update((data) => {
        const token = data.tokens.find((t) => t.id === id);
        if (!token) return;
        const hash = token.key_hash;
        change(token);
        // The hash is the store's business (regenerate); keep the index right whatever `change` did.
        if (token.key_hash !== hash) {
          byHash.delete(hash);
          byHash.set(token.key_hash, token);
        }
      });
    },
    async regenerate(id) {
      const key = newApiKey();
      const record = await state.update((data) => {
        const token = data.tokens.find((t) => t.id === id);
        if (!token) return undefined;
        // In the same synchronous step as the change: no call can pass with the old key after this.
        byHash.delete(token.key_hash);
        token.key_hash = sha256Hex(key);
        token.key_hint = keyHint(key);
        byHash.set(token.key_hash, token);
        return token;
      });
      return record ? { record, key } : undefined;
    },
    async remove(ids) {
      const wanted = new Set(ids);
      return state.update((data) => {
        const removed = data.tokens.filter((t) => wanted.has(t.id));
        if (removed.length === 0) return removed;
        data.tokens = data.tokens.filter((t) => !wanted.has(t.id));
        for (const token of removed) byHash.delete(token.key_hash);
        return removed;
      });
    },
  };
}
