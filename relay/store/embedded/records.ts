// The record ports of the embedded store: today's state-file stores behind the asynchronous,
// value-returning interfaces of ports.ts. Every answer is a copy, and every change goes
// through the store (a caller's copy changes nothing).
import type { ChannelStore } from '../channels.js';
import type { GroupStore } from '../groups.js';
import type { ModelStore } from '../models.js';
import type { ChannelRepo, GroupRepo, ModelRepo, Patch, SessionRepo, SettingsRepo, SupplierRepo, TokenRepo, UserRepo, VideoTaskRepo } from '../ports.js';
import type { SessionStore } from '../sessions.js';
import type { StateFile } from '../state-file.js';
import type { SupplierStore } from '../suppliers.js';
import type { TokenStore } from '../tokens.js';
import type { UserStore } from '../users.js';
import type { VideoTaskStore } from '../video-tasks.js';

/** A deep copy of a stored record (plain JSON data). */
export function copy<T>(record: T): T {
  return structuredClone(record);
}

function copyOrUndefined<T>(record: T | undefined): T | undefined {
  return record === undefined ? undefined : copy(record);
}

/** Applies a patch to the stored record (in the store's own change step); answers the fields set. */
export function applyPatch<T extends object, F extends object>(record: T, patch: Patch<F>): void {
  const fields = typeof patch === 'function' ? patch(copy(record) as unknown as F) : patch;
  Object.assign(record, copy(fields));
}

export function userRepo(state: StateFile, users: UserStore): UserRepo {
  return {
    count: async () => users.count(),
    get: async (id) => copyOrUndefined(users.byId(id)),
    byUsername: async (username) => copyOrUndefined(users.byUsername(username)),
    byAccessTokenHash: async (hash) => copyOrUndefined(users.byAccessTokenHash(hash)),
    byAffCode: async (code) => copyOrUndefined(state.data.users.find((u) => u.aff_code === code)),
    byEmail: async (email) => copyOrUndefined(email ? state.data.users.find((u) => u.email.toLowerCase() === email.toLowerCase()) : undefined),
    byOAuth: async (provider, subject) => copyOrUndefined(state.data.users.find((u) => u.oauth.some((l) => l.provider === provider && l.subject === subject))),
    byPasskey: async (credentialId) => copyOrUndefined(state.data.users.find((u) => u.passkeys.some((p) => p.id === credentialId))),
    async list({ page, pageSize, keyword }) {
      const needle = keyword?.trim().toLowerCase() ?? '';
      const matching = state.data.users.filter((u) => u.deleted_at === 0).filter((u) => !needle || [u.username, u.display_name, u.email].some((text) => text.toLowerCase().includes(needle)));
      const newest = matching.slice().reverse();
      return { items: newest.slice((page - 1) * pageSize, page * pageSize).map(copy), total: matching.length };
    },
    async create(user, options) {
      const created = await users.create(user, () => !users.byUsername(user.username) && (!options?.onlyIfNone || users.count() === 0));
      return copyOrUndefined(created ?? undefined) ?? null;
    },
    async update(id, patch) {
      await users.update(id, (user) => applyPatch(user, patch));
      return copyOrUndefined(users.byId(id));
    },
  };
}

export function sessionRepo(sessions: SessionStore): SessionRepo {
  return {
    create: async (session) => copy(await sessions.create(session)),
    find: async (idHash, now) => copyOrUndefined(sessions.find(idHash, now)),
    delete: (idHash) => sessions.delete(idHash),
    deleteForUser: (userId, keep) => sessions.deleteForUser(userId, keep),
    listForUser: async (userId, now) => sessions.listForUser(userId, now).map(copy),
  };
}

export function tokenRepo(tokens: TokenStore): TokenRepo {
  return {
    async create(token) {
      const { record, key } = await tokens.create(token);
      return { record: copy(record), key };
    },
    byKey: async (key) => copyOrUndefined(tokens.byKey(key)),
    get: async (id) => copyOrUndefined(tokens.byId(id)),
    list: async (userId) => tokens.list().filter((t) => userId === undefined || t.user_id === userId).map(copy),
    async update(id, patch) {
      await tokens.update(id, (token) => applyPatch(token, patch));
      return copyOrUndefined(tokens.byId(id));
    },
    async regenerate(id) {
      const made = await tokens.regenerate(id);
      return made && { record: copy(made.record), key: made.key };
    },
    remove: async (ids) => (await tokens.remove(ids)).map(copy),
  };
}

export function channelRepo(channels: ChannelStore): ChannelRepo {
  return {
    create: async (channel, keys, keyStates) => copy(await channels.create(channel, keys, keyStates)),
    remove: (id) => channels.remove(id),
    list: async () => channels.list().map(copy),
    get: async (id) => copyOrUndefined(channels.byId(id)),
    keys: async (id) => [...(await channels.keys(id))],
    proxyUrl: (channel) => channels.proxyUrl(channel),
    async update(id, patch) {
      await channels.update(id, (channel) => applyPatch(channel, patch));
      return copyOrUndefined(channels.byId(id));
    },
    editKeys: (id, edit) => channels.editKeys(id, edit),
    setProxy: (id, proxy) => channels.setProxy(id, proxy),
  };
}

export function groupRepo(groups: GroupStore): GroupRepo {
  return {
    list: async () => groups.list().map(copy),
    get: async (name) => copyOrUndefined(groups.byName(name)),
    create: async (group) => copyOrUndefined((await groups.create(group)) ?? undefined) ?? null,
    update: async (name, patch) => copyOrUndefined(await groups.update(name, (group) => applyPatch(group, patch))),
    delete: (name) => groups.delete(name),
    usageByGroup: async () => groups.usageByGroup(),
  };
}

export function supplierRepo(suppliers: SupplierStore): SupplierRepo {
  return {
    list: async () => suppliers.list().map(copy),
    get: async (id) => copyOrUndefined(suppliers.byId(id)),
    create: async (supplier) => copyOrUndefined((await suppliers.create(supplier)) ?? undefined) ?? null,
    async update(id, patch) {
      const updated = await suppliers.update(id, (supplier) => applyPatch(supplier, patch));
      return updated === null ? null : copyOrUndefined(updated);
    },
    delete: (id) => suppliers.delete(id),
  };
}

export function modelRepo(models: ModelStore): ModelRepo {
  return {
    list: async () => models.list().map(copy),
    get: async (id) => copyOrUndefined(models.byId(id)),
    byName: async (name) => copyOrUndefined(models.byName(name)),
    create: async (model) => copyOrUndefined((await models.create(model)) ?? undefined) ?? null,
    async update(id, patch) {
      const updated = await models.update(id, (model) => applyPatch(model, patch));
      return updated === null ? null : copyOrUndefined(updated);
    },
    delete: (id) => models.delete(id),
  };
}

export function settingsRepo(state: StateFile): SettingsRepo {
  return {
    all: async () => copy(state.data.options),
    async set(changes) {
      await state.update((data) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) delete data.options[name];
          else data.options[name] = value;
        }
      });
      return copy(state.data.options);
    },
  };
}

export function videoTaskRepo(tasks: VideoTaskStore): VideoTaskRepo {
  return {
    get: async (id) => copyOrUndefined(tasks.get(id)),
    list: async (tokenId) => tasks.list(tokenId).map(copy),
    live: async () => tasks.live().map(copy),
    create: async (task) => copy(await tasks.create(task)),
    update: async (id, patch) => copyOrUndefined(await tasks.update(id, (task) => applyPatch(task, patch))),
    delete: (id) => tasks.delete(id),
  };
}
