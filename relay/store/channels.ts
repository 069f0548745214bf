import type { SecretStore } from '../secrets/secret-store.js';
import type { ChannelKeyState, ChannelRecord } from './schema.js';
import type { StateFile } from './state-file.js';

export const ChannelStatus = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;

export type NewChannel = Omit<ChannelRecord, 'id' | 'key_count' | 'key_states' | 'created_at' | 'status_changed_at' | 'status_reason' | 'response_time' | 'balance' | 'used_quota'>;

/** Channels in the state file; their keys (one per line) in the secret store, cached in memory. */
export interface ChannelStore {
  /** `keyStates` (one per key) carry over key states, e.g. for a copy; fresh ones otherwise. */
  create(channel: NewChannel, keys: string[], keyStates?: ChannelKeyState[]): Promise<ChannelRecord>;
  /** Deletes the channel, then its keys and proxy secret. Answers whether it existed. */
  remove(id: number): Promise<boolean>;
  list(): readonly ChannelRecord[];
  byId(id: number): ChannelRecord | undefined;
  /** The channel's keys: at once once they are cached (every call asks; an `await` of it still works). */
  keys(id: number): string[] | Promise<string[]>;
  /** The proxy URL to dial, password included (from the secret store when it has one). */
  proxyUrl(channel: ChannelRecord): Promise<string>;
  update(id: number, change: (channel: ChannelRecord) => void): Promise<void>;
  /** Like update, persisted within a second: for per-call counters. */
  touch(channel: ChannelRecord, change: (channel: ChannelRecord) => void): void;
  /**
   * Changes a channel's keys and their states together (append, replace, delete one…):
   * `edit` gets copies of both, changes them in place (same length), and they are stored
   * (keys in the secret store first, then `key_states` and `key_count`). Edits of one
   * channel's keys run one at a time. Answers what `edit` answers.
   */
  editKeys<T>(id: number, edit: (keys: string[], states: ChannelKeyState[]) => T | Promise<T>): Promise<T>;
  /** A new proxy URL ('' for none); a password in it goes to the secret store. */
  setProxy(id: number, proxy: string): Promise<void>;
}

export function secretNameOfChannelKeys(id: number): string {
  return `channel:${id}:keys`;
}

export function secretNameOfChannelProxy(id: number): string {
  return `channel:${id}:proxy`;
}

/** `http://user:secret@host` → `http://user:***@host`; URLs without a password unchanged. */
export function maskProxyPassword(proxy: string): string {
  if (!proxy) return proxy;
  const url = new URL(proxy);
  if (!url.password) return proxy;
  url.password = '***';
  return url.toString().replace(/\/$/, '');
}

export function freshKeyState(): ChannelKeyState {
  return { status: 1, reason: '', disabled_at: 0, retry_at: 0, failures: 0 };
}

export function createStateChannelStore(state: StateFile, secrets: SecretStore): ChannelStore {
  const keyCache = new Map<number, string[]>();
  const proxyCache = new Map<number, string>();
  const keyEdits = new Map<number, Promise<unknown>>();
  const readKeys = (id: number): string[] | Promise<string[]> => {
    const cached = keyCache.get(id);
    if (cached) return cached;
    return secrets.get(secretNameOfChannelKeys(id)).then((stored) => {
      const keys = stored ? stored.split('\n').filter((k) => k.trim() !== '') : [];
      keyCache.set(id, keys);
      return keys;
    });
  };
  return {
    async create(channel, keys, keyStates) {
      const id = await state.update((data) => data.next_ids.channel++);
      // The key goes to the secret store before the channel exists in the state file.
      await secrets.set(secretNameOfChannelKeys(id), keys.join('\n'));
      keyCache.set(id, keys);
      const maskedProxy = maskProxyPassword(channel.proxy);
      if (maskedProxy !== channel.proxy) {
        await secrets.set(secretNameOfChannelProxy(id), channel.proxy);
        proxyCache.set(id, channel.proxy);
      }
      const now = Date.now();
      return state.update((data) => {
        const record: ChannelRecord = {
          ...channel,
          proxy: maskedProxy,
          id,
          key_count: keys.length,
          key_states: keys.map((_, i) => (keyStates?.[i] ? { ...keyStates[i] } : freshKeyState())),
          created_at: now,
          status_changed_at: now,
          status_reason: '',
          response_time: 0,
          balance: 0,
          used_quota: 0,
        };
        data.channels.push(record);
        return record;
      });
    },
    list: () => state.data.channels,
    byId: (id) => state.data.channels.find((c) => c.id === id),
    async remove(id) {
      const existed = await state.update((data) => {
        const index = data.channels.findIndex((c) => c.id === id);
        if (index >= 0) data.channels.splice(index, 1);
        return index >= 0;
      });
      if (!existed) return false;
      // The channel is gone from the state first: nothing refers to the secrets any more.
      keyCache.delete(id);
      proxyCache.delete(id);
      await secrets.delete(secretNameOfChannelKeys(id));
      await secrets.delete(secretNameOfChannelProxy(id));
      return true;
    },
    keys: readKeys,
    async proxyUrl(channel) {
      if (!channel.proxy || !new URL(channel.proxy).password) return channel.proxy;
      const cached = proxyCache.get(channel.id);
      if (cached !== undefined) return cached;
      const stored = (await secrets.get(secretNameOfChannelProxy(channel.id))) ?? '';
      proxyCache.set(channel.id, stored);
      return stored;
    },
    async update(id, change) {
      await state.update((data) => {
        const channel = data.channels.find((c) => c.id === id);
        if (channel) change(channel);
      });
    },
    touch(channel, change) {
      state.touch(() => change(channel));
    },
    editKeys(id, edit) {
      const run = async () => {
        const channel = state.data.channels.find((c) => c.id === id);
        if (!channel) throw new Error(`No channel ${id}.`);
        const keys = [...(await readKeys(id))];
        const states = keys.map((_, i) => ({ ...(channel.key_states[i] ?? freshKeyState()) }));
        const answer = await edit(keys, states);
        if (states.length !== keys.length) throw new Error('editKeys: keys and states must stay the same length.');
        await secrets.set(secretNameOfChannelKeys(id), keys.join('\n'));
        keyCache.set(id, keys);
        await state.update((data) => {
          const record = data.channels.find((c) => c.id === id);
          if (!record) return;
          record.key_states = states;
          record.key_count = keys.length;
        });
        return answer;
      };
      const previous = keyEdits.get(id) ?? Promise.resolve();
      const next = previous.then(run, run);
      const settled = next.catch(() => {});
      keyEdits.set(id, settled);
      void settled.then(() => {
        if (keyEdits.get(id) === settled) keyEdits.delete(id);
      });
      return next;
    },
    async setProxy(id, proxy) {
      const masked = maskProxyPassword(proxy);
      if (masked !== proxy) {
        await secrets.set(secretNameOfChannelProxy(id), proxy);
        proxyCache.set(id, proxy);
      } else {
        await secrets.delete(secretNameOfChannelProxy(id));
        proxyCache.delete(id);
      }
      await state.update((data) => {
        const record = data.channels.find((c) => c.id === id);
        if (record) record.proxy = masked;
      });
    },
  };
}
