import type { IncomingMessage } from 'node:http';
import { RelayError } from '../http/errors.js';
import { SESSION_COOKIE, hostOf, readCookie } from '../management/authenticate.js';
import { UserStatus } from '../management/contract.js';
import type { TokenRecord, UserRecord } from '../store/schema.js';
import type { SessionStore } from '../store/sessions.js';
import { TokenStatus } from '../store/tokens.js';
import type { UserStore } from '../store/users.js';
import { sha256Hex } from './secret-token.js';
import type { Caller } from './api-key.js';

/** The name the playground's calls carry in the logs and statistics, in place of an API key's. */
export const PLAYGROUND_KEY_NAME = 'Playground';

/**
 * The console's playground calls the relay as the signed-in user, with no API key to paste:
 * the session cookie identifies the user, and the call is billed and logged to them under a
 * key of its own (id 0, no limits but the user's quota and group). A cookie goes with every
 * request the browser makes, so the call must come from the console's own origin.
 */
export function authorizeConsoleSession(req: IncomingMessage, sessions: SessionStore, users: UserStore): Caller {
  const origin = req.headers.origin;
  if (origin === undefined || hostOf(origin) !== req.headers.host) {
    throw new RelayError(403, 'permission', 'The playground answers only the console it belongs to.', 'cross_origin');
  }
  const cookie = readCookie(req.headers.cookie, SESSION_COOKIE);
  const session = cookie ? sessions.find(sha256Hex(cookie)) : undefined;
  const user = session && users.byId(session.user_id);
  if (!user) throw new RelayError(401, 'authentication', 'Not signed in: sign in to the console again.', 'not_signed_in');
  if (user.status !== UserStatus.enabled) throw new RelayError(403, 'permission', 'This account is disabled.', 'user_disabled');
  const group = user.group || 'default';
  return { user, token: playgroundKey(user, group), group };
}

/** A key that exists only for this call: what it counts is not kept (the user's own counters are). */
function playgroundKey(user: UserRecord, group: string): TokenRecord {
  return {
    id: 0,
    user_id: user.id,
    name: PLAYGROUND_KEY_NAME,
    key_hash: '',
    key_hint: '',
    status: TokenStatus.enabled,
    created_at: 0,
    accessed_at: 0,
    expired_time: -1,
    remain_quota: 0,
    unlimited_quota: true,
    used_quota: 0,
    request_count: 0,
    model_limits: [],
    allow_ips: [],
    group,
    allow_balance: false,
  };
}
