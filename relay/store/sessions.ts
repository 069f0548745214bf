import type { SessionRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is refreshed at most this often, so browsing does not write the state file. */
const TOUCH_INTERVAL_MS = 3600 * 1000;

export interface SessionStore {
  create(session: Omit<SessionRecord, 'created_at' | 'expires_at' | 'last_seen_at'>): Promise<SessionRecord>;
  /** The live session with this id hash, if any; refreshes its last-seen time. */
  find(idHash: string, now?: number): SessionRecord | undefined;
  delete(idHash: string): Promise<void>;
  /** Ends every session of a user, except `keep` (the one making the change). */
  deleteForUser(userId: number, keep?: string): Promise<void>;
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
    async deleteForUser(userId, keep) {
      await state.update((data) => {
        data.sessions = data.sessions.filter((s) => s.user_id !== userId || s.id_hash === keep);
      });
    },
  };
}
