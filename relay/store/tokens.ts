import { randomAlphanumeric, sha256Hex } from '../auth/secret-token.js';
import type { TokenRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;

export type NewToken = Pick<TokenRecord, 'user_id' | 'name'> & Partial<Pick<TokenRecord, 'remain_quota' | 'unlimited_quota' | 'expired_time' | 'model_limits' | 'allow_ips' | 'group' | 'allow_balance'>>;

/** API keys. Looked up by the SHA-256 of the presented key through an in-memory index. */
export interface TokenStore {
  /** Creates a key and answers it in clear this once. */
  create(token: NewToken): Promise<{ record: TokenRecord; key: string }>;
  byKey(key: string): TokenRecord | undefined;
  byId(id: number): TokenRecord | undefined;
  /** Changes in memory now; persisted with the next coalesced write. */
  update(id: number, change: (token: TokenRecord) => void): Promise<void>;
}

export function newApiKey(): string {
  return `sk-${randomAlphanumeric(48)}`;
}

export function createStateTokenStore(state: StateFile): TokenStore {
  const byHash = new Map<string, TokenRecord>(state.data.tokens.map((t) => [t.key_hash, t]));
  return {
    async create(token) {
      const key = newApiKey();
      const now = Date.now();
      const record = await state.update((data) => {
        const created: TokenRecord = {
          id: data.next_ids.token++,
          user_id: token.user_id,
          name: token.name,
          key_hash: sha256Hex(key),
          key_hint: `${key.slice(0, 7)}…${key.slice(-4)}`,
          status: TokenStatus.enabled,
          created_at: now,
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
        };
        data.tokens.push(created);
        byHash.set(created.key_hash, created);
        return created;
      });
      return { record, key };
    },
    byKey: (key) => byHash.get(sha256Hex(key)),
    byId: (id) => state.data.tokens.find((t) => t.id === id),
    async update(id, change) {
      await state.update((data) => {
        const token = data.tokens.find((t) => t.id === id);
        if (token) change(token);
      });
    },
  };
}
