// Channels (their keys sealed in the secrets table), groups, suppliers, models, settings and
// video tasks on PostgreSQL (the ports of ports.ts).
import type { SecretStore } from '../../secrets/secret-store.js';
import { freshKeyState, maskProxyPassword, secretNameOfChannelKeys, secretNameOfChannelProxy } from '../channels.js';
import { DEFAULT_GROUP } from '../groups.js';
import type { GroupUsage } from '../groups.js';
import type { ChannelRepo, GroupRepo, Patch, ModelRepo, SettingsRepo, SettingValue, SupplierRepo, VideoTaskRepo } from '../ports.js';
import type { ChannelRecord, GroupRecord, ModelRecord, SupplierRecord, VideoTaskRecord } from '../schema.js';
import { SupplierStatus } from '../suppliers.js';
import { newVideoTaskId } from '../video-tasks.js';
import type { PostgresClient } from './pool.js';
import { RecordTable } from './record-table.js';

/** Postgres' unique_violation: a name taken by another instance's insert or rename. */
const UNIQUE_VIOLATION = '23505';

/** The patch, with the record's `updated_at` set to now. */
function stamped<T extends { updated_at: number }>(patch: Patch<T>): Patch<T> {
  return (current) => ({ ...(typeof patch === 'function' ? patch(current) : patch), updated_at: Date.now() });
}

async function unlessTaken<T>(work: Promise<T>): Promise<T | null> {
  return work.catch((error: { code?: string }) => {
    if (error?.code === UNIQUE_VIOLATION) return null;
    throw error;
  });
}

export function postgresChannelRepo(db: PostgresClient, secrets: SecretStore): ChannelRepo {
  const channels = new RecordTable<ChannelRecord>(db, 'channels', 'id', new Set(['model_mapping', 'header_override', 'key_states', 'settings']));
  const readKeys = async (id: number) => ((await secrets.get(secretNameOfChannelKeys(id))) ?? '').split('\n').filter((k) => k.trim() !== '');
  return {
    async create(channel, keys, keyStates) {
      const now = Date.now();
      const maskedProxy = maskProxyPassword(channel.proxy);
      const states = keys.map((_, i) => (keyStates?.[i] ? { ...keyStates[i] } : freshKeyState()));
      // The id first, so the keys are sealed under it before the channel can be used.
      const id = (await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('channels', 'id')) AS id`)).rows[0]!.id;
      await secrets.set(secretNameOfChannelKeys(id), keys.join('\n'));
      if (maskedProxy !== channel.proxy) await secrets.set(secretNameOfChannelProxy(id), channel.proxy);
      return (await channels.insert({ ...channel, id, proxy: maskedProxy, key_count: keys.length, key_states: states, created_at: now, status_changed_at: now }))!;
    },
    async remove(id) {
      if (!(await channels.delete(id))) return false;
      await secrets.delete(secretNameOfChannelKeys(id));
      await secrets.delete(secretNameOfChannelProxy(id));
      return true;
    },
    list: () => channels.select('TRUE', [], 'ORDER BY id'),
    get: (id) => channels.one('id', id),
    keys: readKeys,
    async proxyUrl(channel) {
      if (!channel.proxy || !new URL(channel.proxy).password) return channel.proxy;
      return (await secrets.get(secretNameOfChannelProxy(channel.id))) ?? '';
    },
    update: (id, patch) => channels.patch(id, patch),
    // One edit of a channel's keys at a time on every instance: the row stays locked from reading the keys to storing them.
    editKeys: (id, edit) =>
      db.transaction(async (client) => {
        const channel = (await channels.select('id = $1', [id], 'FOR UPDATE', client))[0];
        if (!channel) throw new Error(`No channel ${id}.`);
        const keys = await readKeys(id);
        const states = keys.map((_, i) => ({ ...(channel.key_states[i] ?? freshKeyState()) }));
        const answer = await edit(keys, states);
        if (states.length !== keys.length) throw new Error('editKeys: keys and states must stay the same length.');
        await secrets.set(secretNameOfChannelKeys(id), keys.join('\n'));
        await channels.set(id, { key_states: states, key_count: keys.length }, client);
        return answer;
      }),
    async setProxy(id, proxy) {
      const masked = maskProxyPassword(proxy);
      if (masked !== proxy) await secrets.set(secretNameOfChannelProxy(id), proxy);
      else await secrets.delete(secretNameOfChannelProxy(id));
      await channels.set(id, { proxy: masked });
    },
  };
}

export function postgresGroupRepo(db: PostgresClient): GroupRepo {
  const groups = new RecordTable<GroupRecord>(db, 'groups', 'name', new Set(['limits']));
  const usageByGroup = async () => {
    const result = await db.query<{ name: string; channels: number; users: number; tokens: number }>(`
      SELECT name, sum(channels)::int AS channels, sum(users)::int AS users, sum(tokens)::int AS tokens FROM (
        SELECT DISTINCT c.id::text AS who, g AS name, 1 AS channels, 0 AS users, 0 AS tokens FROM channels c, unnest(c.groups) g
        UNION ALL SELECT id::text, COALESCE(NULLIF("group", ''), '${DEFAULT_GROUP}'), 0, 1, 0 FROM users
        UNION ALL SELECT id::text, "group", 0, 0, 1 FROM tokens WHERE "group" <> ''
      ) named GROUP BY name`);
    return new Map<string, GroupUsage>(result.rows.map((r) => [r.name, { channels: r.channels, users: r.users, tokens: r.tokens }]));
  };
  return {
    list: () => groups.select('TRUE', [], 'ORDER BY created_at, name'),
    get: (name) => groups.one('name', name),
    async create(group) {
      const now = Date.now();
      return (await groups.insert({ ratio: 1, description: '', selectable: false, ...group, created_at: now, updated_at: now }, db, 'name')) ?? null;
    },
    update: (name, patch) => groups.patch(name, stamped(patch)),
    async delete(name) {
      if (!(await groups.one('name', name))) return { deleted: false, reason: 'missing' };
      if (name === DEFAULT_GROUP) return { deleted: false, reason: 'default' };
      const used = (await usageByGroup()).get(name);
      if (used && used.channels + used.users + used.tokens > 0) return { deleted: false, reason: 'in use', usage: used };
      await groups.delete(name);
      return { deleted: true };
    },
    usageByGroup,
  };
}

export function postgresSupplierRepo(db: PostgresClient): SupplierRepo {
  const suppliers = new RecordTable<SupplierRecord>(db, 'suppliers', 'id');
  return {
    list: () => suppliers.select('TRUE', [], 'ORDER BY id'),
    get: (id) => suppliers.one('id', id),
    async create(supplier) {
      const now = Date.now();
      return (await suppliers.insert({ description: '', icon: '', status: SupplierStatus.enabled, ...supplier, created_at: now, updated_at: now }, db, 'name')) ?? null;
    },
    update: (id, patch) => unlessTaken(suppliers.patch(id, stamped(patch))),
    async delete(id) {
      const models = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM models WHERE supplier_id = $1', [id])).rows[0]!.n;
      if (models > 0) return { deleted: false, reason: 'in use', models };
      return (await suppliers.delete(id)) ? { deleted: true } : { deleted: false, reason: 'missing' };
    },
  };
}

export function postgresModelRepo(db: PostgresClient): ModelRepo {
  const models = new RecordTable<ModelRecord>(db, 'models', 'id', new Set(['unit_prices', 'size_ratios', 'limits']));
  return {
    list: () => models.select('TRUE', [], 'ORDER BY id'),
    get: (id) => models.one('id', id),
    byName: (name) => models.one('name', name),
    async create(model) {
      const now = Date.now();
      return (await models.insert({ ...model, created_at: now, updated_at: now }, db, 'name')) ?? null;
    },
    update: (id, patch) => unlessTaken(models.patch(id, stamped(patch))),
    delete: (id) => models.delete(id),
  };
}

export function postgresSettingsRepo(db: PostgresClient): SettingsRepo {
  const all = async () => {
    const rows = (await db.query<{ name: string; value: SettingValue }>('SELECT name, value FROM settings')).rows;
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  };
  return {
    all,
    async set(changes) {
      await db.transaction(async (client) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) await client.query('DELETE FROM settings WHERE name = $1', [name]);
          else await client.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value', [name, JSON.stringify(value)]);
        }
      });
      return all();
    },
  };
}

export function postgresVideoTaskRepo(db: PostgresClient): VideoTaskRepo {
  const tasks = new RecordTable<VideoTaskRecord>(db, 'video_tasks', 'id', new Set(['error', 'price', 'log']));
  return {
    get: (id) => tasks.one('id', id),
    list: (tokenId) => (tokenId === undefined ? tasks.select('TRUE', [], 'ORDER BY created_at DESC') : tasks.select('token_id = $1', [tokenId], 'ORDER BY created_at DESC')),
    live: () => tasks.select(`billing = 'open'`, [], 'ORDER BY created_at'),
    create: async (task) => (await tasks.insert({ id: newVideoTaskId(), ...task }))!,
    update: (id, patch) => tasks.patch(id, patch),
    delete: (id) => tasks.delete(id),
  };
}
