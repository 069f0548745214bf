import type { SessionRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is refreshed at most this often, so browsing does not write the state file. */
export const TOUCH_INTERVAL_MS = 3600 * 1000;

export interface SessionStore {
  create(session: Omit<SessionRecord, 'created_at' | 'expires_at' | 'last_seen_at'>): Promise<SessionRecord>;
  /** The live session with this id hash, if any; refreshes its last-seen time. */
  find(idHash: string, now?: number): SessionRecord | undefined;
  delete(idHash: string): Promise<void>;
  /** Ends every session of a user, except `keep` (the one making the change); answers how many ended. */
  deleteForUser(userId: number, keep?: string): Promise<number>;
  /** A user's live sessions, newest first. */
  listForUser(userId: number, now?: number): SessionRecord[];
}

/**
 * The id a session is shown and revoked by: a prefix of the stored hash. It is no secret
 * (the cookie value is the hash's preimage) and 64 bits cannot collide within one user.
 */
export function publicSessionId(idHash: string): string {
  return idHash.slice(0, 16);
}

export function createStateSessionStore(state: StateFile): SessionStore {
  return {
    create(session) {
      const now = Date.now();
      return state.update((data) => {
        // Expired sessions are dropped whenever a new one is made: the list stays short.
        data.sessions = data.sessions.filter((s) => s.expires_at > now);
        const record: SessionRecord = { ...session, created_at: now, expires_at: now + SESSION_LIFETIME_MS, last_seen_at: now };
        data.sessions.push(record);
        return record;
      });
    },
    find(idHash, now = Date.now()) {
      const session = state.data.sessions.find((s) => s.id_hash === idHash);
      if (!session || session.expires_at <= now) return undefined;
      if (now - session.last_seen_at > TOUCH_INTERVAL_MS) {
        void state.update((data) => {
          const live = data.sessions.find((s) => s.id_hash === idHash);
          if (live) live.last_seen_at = now;
        });
      }
      return session;
    },
    async delete(idHash) {
      await state.update((data) => {
        data.sessions = data.sessions.filter((s) => s.id_hash !== idHash);
      });
    },
    deleteForUser(userId, keep) {
      return state.update((data) => {
        const before = data.sessions.length;
        data.sessions = data.sessions.filter((s) => s.user_id !== userId || s.id_hash === keep);
        return before - data.sessions.length;
      });
    },
    listForUser(userId, now = Date.now()) {
      return state.data.sessions.filter((s) => s.user_id === userId && s.expires_at > now).sort((a, b) => b.created_at - a.created_at);
    },
  };
}
