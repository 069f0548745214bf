// What calls read, in server mode: the records of PostgreSQL held in this process, reloaded
// when the change feed names them, so a call never waits on the database. A message naming
// records (keys, users, channels, sessions by their ids) reloads those rows only; one without
// ids, or for a small table (groups, models, settings), reloads the whole table. Reloads of a
// table run one at a time; requests arriving meanwhile are served together by the next one.
import { apiKeyDigest } from '../../auth/secret-token.js';
import type { CallCatalog, ChangeTopic, SettingValue } from '../ports.js';
import type { ChannelRecord, GroupRecord, ModelRecord, SessionRecord, TokenRecord, UserRecord } from '../schema.js';
import type { RowChangeFeed } from '../redis/change-feed.js';
import type { Queryable } from './record-table.js';

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
const isLoaded = (topic: ChangeTopic): topic is Loaded => (LOADED as readonly string[]).includes(topic);

/** What a reload covers: some rows (by id) or the whole table. */
type Scope = Set<string> | 'all';

export interface ServerCatalog extends CallCatalog {
  /** Reloads every table now (at start). */
  reload(): Promise<void>;
  /** Reloads the rows `ids` of `topic`'s table (undefined: the whole table) now: after this instance's own write, so its next call sees it without waiting for the feed. */
  refresh(topic: ChangeTopic, ids?: readonly string[]): Promise<void>;
  close(): void;
}

export async function openServerCatalog(
  db: Queryable,
  channelKeys: (id: number) => Promise<string[]>,
  proxyUrl: (channel: ChannelRecord) => Promise<string>,
  changes: RowChangeFeed,
  onError: (error: unknown) => void = () => {},
): Promise<ServerCatalog> {
  const tables: Tables = { tokens: new Map(), tokensById: new Map(), users: new Map(), channels: [], channelsById: new Map(), groups: [], models: [], settings: {}, sessions: new Map() };
  const keys = new Map<number, string[]>();
  let revision = 0;
  const rows = async <T>(sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as T[];

  /** Puts `found` in place of the records `ids` of a map (a record not found is gone). */
  const replace = <K, T>(map: Map<K, T>, ids: Iterable<K>, found: T[], keyOf: (record: T) => K) => {
    for (const id of ids) map.delete(id);
    for (const record of found) map.set(keyOf(record), record);
  };
  const channelsInOrder = () => {
    tables.channels = [...tables.channelsById.values()].sort((a, b) => a.id - b.id);
  };
  const whole: Record<Loaded, () => Promise<void>> = {
    async tokens() {
      const tokens = await rows<TokenRecord>('SELECT * FROM tokens');
      tables.tokens = new Map(tokens.map((t) => [t.key_hash, t]));
      tables.tokensById = new Map(tokens.map((t) => [t.id, t]));
    },
    async users() {
      tables.users = new Map((await rows<UserRecord>('SELECT * FROM users')).map((u) => [u.id, u]));
    },
    async channels() {
      tables.channelsById = new Map((await rows<ChannelRecord>('SELECT * FROM channels')).map((c) => [c.id, c]));
      channelsInOrder();
      keys.clear(); // keys may have changed with the channel
    },
    async groups() {
      tables.groups = await rows<GroupRecord>('SELECT * FROM groups ORDER BY created_at, name');
    },
    async models() {
      tables.models = await rows<ModelRecord>('SELECT * FROM models ORDER BY id');
    },
    async settings() {
      tables.settings = Object.fromEntries((await rows<{ name: string; value: SettingValue }>('SELECT name, value FROM settings')).map((r) => [r.name, r.value]));
    },
    async sessions() {
      tables.sessions = new Map((await rows<SessionRecord>('SELECT * FROM sessions WHERE expires_at > $1', [Date.now()])).map((s) => [s.id_hash, s]));
    },
  };
  // The tables reloaded row by row: those that grow with the team (ids checked: a malformed one reloads the whole table).
  const byRow: Partial<Record<Loaded, (ids: string[]) => Promise<void> | undefined>> = {
    tokens(ids) {
      const numbers = numericIds(ids);
      return (
        numbers &&
        rows<TokenRecord>('SELECT * FROM tokens WHERE id = ANY($1::bigint[])', [numbers]).then((found) => {
          for (const id of numbers) {
            const old = tables.tokensById.get(id);
            if (old) tables.tokens.delete(old.key_hash); // gone, or its key regenerated
          }
          replace(tables.tokens, [], found, (t) => t.key_hash);
          replace(tables.tokensById, numbers, found, (t) => t.id);
        })
      );
    },
    users(ids) {
      const numbers = numericIds(ids);
      return numbers && rows<UserRecord>('SELECT * FROM users WHERE id = ANY($1::bigint[])', [numbers]).then((found) => replace(tables.users, numbers, found, (u) => u.id));
    },
    channels(ids) {
      const numbers = numericIds(ids);
      return (
        numbers &&
        rows<ChannelRecord>('SELECT * FROM channels WHERE id = ANY($1::bigint[])', [numbers]).then((found) => {
          replace(tables.channelsById, numbers, found, (c) => c.id);
          for (const id of numbers) keys.delete(id);
          channelsInOrder();
        })
      );
    },
    sessions: (ids) =>
      rows<SessionRecord>('SELECT * FROM sessions WHERE id_hash = ANY($1::text[]) AND expires_at > $2', [ids, Date.now()]).then((found) => replace(tables.sessions, ids, found, (s) => s.id_hash)),
  };
  const load = async (table: Loaded, scope: Scope): Promise<void> => {
    await ((scope !== 'all' && byRow[table]?.([...scope])) || whole[table]());
    revision++;
  };

  // Per table: the reload running, and the one waiting to run after it (requests merge into the waiting one).
  const queues = new Map<Loaded, { tail: Promise<void>; waiting?: { scope: Scope; done: Promise<void> } }>();
  const refresh = (table: Loaded, ids?: readonly string[]): Promise<void> => {
    let queue = queues.get(table);
    if (!queue) queues.set(table, (queue = { tail: Promise.resolve() }));
    const { waiting } = queue;
    if (waiting) {
      if (ids === undefined) waiting.scope = 'all';
      else if (waiting.scope !== 'all') for (const id of ids) waiting.scope.add(id);
      return waiting.done;
    }
    const next: { scope: Scope; done: Promise<void> } = { scope: ids === undefined ? 'all' : new Set(ids), done: Promise.resolve() };
    const current = queue;
    next.done = current.tail
      .then(() => {
        current.waiting = undefined;
        return load(table, next.scope);
      })
      .catch(onError);
    current.waiting = next;
    current.tail = next.done;
    return next.done;
  };
  // This instance's own writes refreshed its copy before they were published: their echo is skipped.
  const unsubscribe = changes.subscribeRows((topic, ids, fromHere) => {
    if (!fromHere && isLoaded(topic)) void refresh(topic, ids);
  });
  const reload = async () => {
    await Promise.all(LOADED.map((table) => load(table, 'all')));
  };
  await reload();

  return {
    get revision() {
      return revision;
    },
    settings: () => tables.settings,
    tokenByKey: (key) => tables.tokens.get(apiKeyDigest(key)),
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
    refresh: async (topic, ids) => {
      if (isLoaded(topic)) await refresh(topic, ids);
    },
    close: unsubscribe,
  };
}

/** The ids as numbers, or undefined when one is not a record id (the whole table is reloaded then). */
function numericIds(ids: readonly string[]): number[] | undefined {
  const numbers = ids.map(Number);
  return numbers.every((n) => Number.isSafeInteger(n) && n > 0) ? numbers : undefined;
}
