// Users, their console sessions and their API keys on PostgreSQL (the ports of ports.ts).
import { sha256Hex } from '../../auth/secret-token.js';
import { UserStatus } from '../../management/contract.js';
import type { SessionRepo, TokenRepo, UserRepo } from '../ports.js';
import type { SessionRecord, TokenRecord, UserRecord } from '../schema.js';
import { SESSION_LIFETIME_MS, TOUCH_INTERVAL_MS } from '../sessions.js';
import { keyHint, newApiKey, tokenRecord } from '../tokens.js';
import type { PostgresClient } from './pool.js';
import { RecordTable } from './record-table.js';
import { newAffCode } from '../account-records.js';

/** The users table's jsonb columns. */
const USER_JSON = new Set(['totp', 'passkeys', 'oauth', 'limits']);

export function postgresUserRepo(db: PostgresClient): UserRepo {
  const users = new RecordTable<UserRecord>(db, 'users', 'id', USER_JSON);
  return {
    count: () => users.count(),
    get: (id) => users.one('id', id),
    byUsername: (username) => users.one('username', username),
    byAccessTokenHash: (hash) => users.one('access_token_hash', hash),
    byAffCode: (code) => users.one('aff_code', code),
    byEmail: async (email) => (email ? (await users.select('lower(email) = lower($1)', [email], 'LIMIT 1'))[0] : undefined),
    byOAuth: async (provider, subject) => (await users.select('oauth @> $1::jsonb', [JSON.stringify([{ provider, subject }])], 'LIMIT 1'))[0],
    byPasskey: async (credentialId) => (await users.select('passkeys @> $1::jsonb', [JSON.stringify([{ id: credentialId }])], 'LIMIT 1'))[0],
    async list({ page, pageSize, keyword }) {
      const needle = keyword?.trim() ?? '';
      const where = needle ? `deleted_at = 0 AND (username ILIKE $1 OR display_name ILIKE $1 OR email ILIKE $1)` : 'deleted_at = 0';
      const values = needle ? [`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
      const [items, total] = await Promise.all([
        users.select(where, values, `ORDER BY id DESC LIMIT ${Math.max(1, pageSize)} OFFSET ${Math.max(0, (page - 1) * pageSize)}`),
        users.count(where, values),
      ]);
      return { items, total };
    },
    async create(user, options) {
      const now = Date.now();
      const record = {
        username: user.username,
        display_name: user.display_name ?? user.username,
        password_hash: user.password_hash,
        role: user.role,
        status: UserStatus.enabled,
        group: user.group ?? 'default',
        email: user.email ?? '',
        inviter_id: user.inviter_id ?? 0,
        aff_code: newAffCode(),
        created_at: now,
      };
      if (!options?.onlyIfNone) return (await users.insert(record, db, 'username')) ?? null;
      // "Only the first user": the check and the insert under one lock, whichever instance asks.
      return db.transaction(async (client) => {
        await client.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
        if ((await client.query('SELECT 1 FROM users LIMIT 1')).rowCount) return null;
        return (await users.insert(record, client, 'username')) ?? null;
      });
    },
    update: (id, patch) => users.patch(id, patch),
  };
}

export function postgresSessionRepo(db: PostgresClient): SessionRepo {
  const sessions = new RecordTable<SessionRecord>(db, 'sessions', 'id_hash');
  return {
    async create(session) {
      const now = Date.now();
      // Expired sessions are dropped whenever a new one is made.
      await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
      return (await sessions.insert({ ...session, created_at: now, expires_at: now + SESSION_LIFETIME_MS, last_seen_at: now }))!;
    },
    async find(idHash, now = Date.now()) {
      const session = await sessions.one('id_hash', idHash);
      if (!session || session.expires_at <= now) return undefined;
      if (now - session.last_seen_at > TOUCH_INTERVAL_MS) await sessions.set(idHash, { last_seen_at: now });
      return session;
    },
    async delete(idHash) {
      await sessions.delete(idHash);
    },
    async deleteForUser(userId, keep) {
      const result = await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [userId, keep ?? null]);
      return result.rowCount ?? 0;
    },
    listForUser: (userId, now = Date.now()) => sessions.select('user_id = $1 AND expires_at > $2', [userId, now], 'ORDER BY created_at DESC'),
  };
}

export function postgresTokenRepo(db: PostgresClient): TokenRepo {
  const tokens = new RecordTable<TokenRecord>(db, 'tokens', 'id', new Set(['limits']));
  return {
    async create(token) {
      const key = newApiKey();
      const { id: _, ...fields } = tokenRecord({ id: 0, key_hash: sha256Hex(key), key_hint: keyHint(key), created_at: Date.now() }, token);
      return { record: (await tokens.insert(fields))!, key };
    },
    byKey: (key) => tokens.one('key_hash', sha256Hex(key)),
    get: (id) => tokens.one('id', id),
    list: (userId) => (userId === undefined ? tokens.select('TRUE', [], 'ORDER BY id') : tokens.select('user_id = $1', [userId], 'ORDER BY id')),
    update: (id, patch) => tokens.patch(id, patch),
    async regenerate(id) {
      const key = newApiKey();
      const record = await tokens.set(id, { key_hash: sha256Hex(key), key_hint: keyHint(key) });
      return record && { record, key };
    },
    async remove(ids) {
      if (ids.length === 0) return [];
      const result = await db.query<TokenRecord>('DELETE FROM tokens WHERE id = ANY($1::bigint[]) RETURNING *', [[...ids]]);
      return result.rows;
    },
  };
}
