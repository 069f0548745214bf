import type { RoleValue } from '../management/contract.js';
import { UserStatus } from '../management/contract.js';
import { blankAccountFields, newAffCode } from './account-records.js';
import type { UserRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export interface NewUser {
  username: string;
  password_hash: string;
  role: RoleValue;
  display_name?: string;
  group?: string;
  email?: string;
  inviter_id?: number;
}

/** Users, behind an interface so that a PostgreSQL implementation can replace the state file. */
export interface UserStore {
  count(): number;
  byId(id: number): UserRecord | undefined;
  byUsername(username: string): UserRecord | undefined;
  byAccessTokenHash(hash: string): UserRecord | undefined;
  /** Creates the user only if `guard` still holds at the moment of creation (no await between). */
  create(user: NewUser, guard?: () => boolean): Promise<UserRecord | null>;
  update(id: number, change: (user: UserRecord) => void): Promise<void>;
}

export function createStateUserStore(state: StateFile): UserStore {
  const users = () => state.data.users;
  return {
    count: () => users().length,
    byId: (id) => users().find((u) => u.id === id),
    byUsername: (username) => users().find((u) => u.username === username),
    byAccessTokenHash: (hash) => users().find((u) => u.access_token_hash === hash),
    async create(user, guard = () => true) {
      const now = Date.now();
      // Check and insert in the same synchronous step: two concurrent calls cannot both pass.
      return state.update((data) => {
        if (!guard()) return null;
        const record: UserRecord = {
          id: data.next_ids.user++,
          username: user.username,
          display_name: user.display_name ?? user.username,
          password_hash: user.password_hash,
          role: user.role,
          status: UserStatus.enabled,
          email: user.email ?? '',
          group: user.group ?? 'default',
          quota: 0,
          used_quota: 0,
          request_count: 0,
          access_token_hash: null,
          created_at: now,
          last_login_at: 0,
          ...blankAccountFields(newAffCode()),
          inviter_id: user.inviter_id ?? 0,
        };
        data.users.push(record);
        return record;
      });
    },
    async update(id, change) {
      await state.update((data) => {
        const user = data.users.find((u) => u.id === id);
        if (user) change(user);
      });
    },
  };
}
