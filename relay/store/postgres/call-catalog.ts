// What calls read, in server mode: the records of PostgreSQL held in this process, each table
// reloaded when the change feed names it (a write on any instance publishes its table), so a
// call never waits on the database. Team-sized tables (keys, users, channels in the
// thousands) reload in a few milliseconds; a reload replaces the table's copy at once.
import { sha256Hex } from '../../auth/secret-token.js';
import type { CallCatalog, ChangeFeed, ChangeTopic, SettingValue } from '../ports.js';
import type { ChannelRecord, GroupRecord, ModelRecord, SessionRecord, TokenRecord, UserRecord } from '../schema.js';
import type { PostgresClient } from './pool.js';

interface Tables {
  tokens: Map<string, TokenRecord>;
  tokensById: Map<number, TokenRecord>;
  users: Map<number, UserRecord>;
  channels: ChannelRecord[];
  channelsById: Map<number, ChannelRecord>;
  groups: GroupRecord[];
  models: ModelRecord[];
  settings: Record<string, SettingValue>;
  sessions: Map<string, SessionRecord>;
}

type Loaded = 'tokens' | 'users' | 'channels' | 'groups' | 'models' | 'settings' | 'sessions';
const LOADED: readonly Loaded[] = ['tokens', 'users', 'channels', 'groups', 'models', 'settings', 'sessions'];

export interface ServerCatalog extends CallCatalog {
  /** Reloads every table now (at start, and after the change feed reconnects). */
  reload(): Promise<void>;
  /** Reloads the table of `topic` now (after this instance's own write: its next call sees it, without waiting for the feed). */
  refresh(topic: ChangeTopic): Promise<void>;
  close(): void;
}

export async function openServerCatalog(
  db: PostgresClient,
  channelKeys: (id: number) => Promise<string[]>,
  proxyUrl: (channel: ChannelRecord) => Promise<string>,
  changes: ChangeFeed,
  onError: (error: unknown) => void = () => {},
): Promise<ServerCatalog> {
  const tables: Tables = { tokens: new Map(), tokensById: new Map(), users: new Map(), channels: [], channelsById: new Map(), groups: [], models: [], settings: {}, sessions: new Map() };
  const keys = new Map<number, string[]>();
  let revision = 0;
  const rows = async <T>(sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as T[];

  const load = async (table: Loaded): Promise<void> => {
    if (table === 'tokens') {
      const tokens = await rows<TokenRecord>('SELECT * FROM tokens');
      tables.tokens = new Map(tokens.map((t) => [t.key_hash, t]));
      tables.tokensById = new Map(tokens.map((t) => [t.id, t]));
    } else if (table === 'users') {
      tables.users = new Map((await rows<UserRecord>('SELECT * FROM users')).map((u) => [u.id, u]));
    } else if (table === 'channels') {
      tables.channels = await rows<ChannelRecord>('SELECT * FROM channels ORDER BY id');
      tables.channelsById = new Map(tables.channels.map((c) => [c.id, c]));
      keys.clear(); // keys may have changed with the channel
    } else if (table === 'groups') {
      tables.groups = await rows<GroupRecord>('SELECT * FROM groups ORDER BY created_at, name');
    } else if (table === 'models') {
      tables.models = await rows<ModelRecord>('SELECT * FROM models ORDER BY id');
    } else if (table === 'settings') {
      tables.settings = Object.fromEntries((await rows<{ name: string; value: SettingValue }>('SELECT name, value FROM settings')).map((r) => [r.name, r.value]));
    } else {
      tables.sessions = new Map((await rows<SessionRecord>('SELECT * FROM sessions WHERE expires_at > $1', [Date.now()])).map((s) => [s.id_hash, s]));
    }
    revision++;
  };
  const reload = async () => {
    await Promise.all(LOADED.map(load));
  };
  // Reloads of one table run one at a time, the last request always served.
  const pending = new Map<Loaded, Promise<void>>();
  const refresh = (table: Loaded): Promise<void> => {
    const next = (pending.get(table) ?? Promise.resolve()).then(() => load(table)).catch(onError);
    pending.set(table, next);
    return next;
  };
  const unsubscribe = changes.subscribe((topic: ChangeTopic) => {
    if ((LOADED as readonly string[]).includes(topic)) void refresh(topic as Loaded);
  });
  await reload();

  return {
    get revision() {
      return revision;
    },
    settings: () => tables.settings,
    tokenByKey: (key) => tables.tokens.get(sha256Hex(key)),
    token: (id) => tables.tokensById.get(id),
    user: (id) => tables.users.get(id),
    channels: () => tables.channels,
    channel: (id) => tables.channelsById.get(id),
    channelKeys(id) {
      const cached = keys.get(id);
      if (cached) return cached;
      return channelKeys(id).then((read) => {
        keys.set(id, read);
        return read;
      });
    },
    proxyUrl,
    groups: () => tables.groups,
    models: () => tables.models,
    sessionUser(idHash, now = Date.now()) {
      const session = tables.sessions.get(idHash);
      return session && session.expires_at > now ? tables.users.get(session.user_id) : undefined;
    },
    reload,
    refresh: async (topic) => {
      if ((LOADED as readonly string[]).includes(topic)) await refresh(topic as Loaded);
    },
    close: unsubscribe,
  };
}
