// What calls read, for the embedded store: views of the state file itself (no copy, nothing
// to refresh: a change is seen by the next call at once).
import type { ChannelStore } from '../channels.js';
import type { CallCatalog } from '../ports.js';
import type { SessionStore } from '../sessions.js';
import type { StateFile } from '../state-file.js';
import type { TokenStore } from '../tokens.js';
import type { UserStore } from '../users.js';

export function embeddedCatalog(parts: { state: StateFile; tokens: TokenStore; users: UserStore; channels: ChannelStore; sessions: SessionStore }): CallCatalog {
  const { state, tokens, users, channels, sessions } = parts;
  return {
    get revision() {
      return state.revision;
    },
    settings: () => state.data.options,
    tokenByKey: (key) => tokens.byKey(key),
    token: (id) => tokens.byId(id),
    user: (id) => users.byId(id),
    channels: () => channels.list(),
    channel: (id) => channels.byId(id),
    channelKeys: (id) => channels.keys(id),
    proxyUrl: (channel) => channels.proxyUrl(channel),
    groups: () => state.data.groups,
    models: () => state.data.models,
    sessionUser(idHash, now) {
      const session = sessions.find(idHash, now);
      return session && users.byId(session.user_id);
    },
  };
}
