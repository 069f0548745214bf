import type { IncomingMessage } from 'node:http';
import { RelayError } from '../ir/relay-error.js';
import { sessionUser } from '../management/authenticate.js';
import type { CallCatalog } from '../store/ports.js';
import { tokenRecord } from '../store/tokens.js';
import type { Caller } from './api-key.js';
import { fromConsoleOrigin } from './console-origin.js';

/** The name the playground's calls carry in the logs and statistics, in place of an API key's. */
export const PLAYGROUND_KEY_NAME = 'Playground';

/**
 * The console's playground calls the relay as the signed-in user, with no API key to paste:
 * the session cookie identifies the user, and the call is billed and logged to them under a
 * key of its own (id 0, no limits but the user's quota and group; what it counts is not
 * kept). A cookie goes with every request the browser makes, so the call must come from the
 * console's own origin: unlike the management API, a request without an Origin is refused.
 */
export function authorizeConsoleSession(req: IncomingMessage, catalog: Pick<CallCatalog, 'sessionUser'>): Caller {
  if (!fromConsoleOrigin(req.headers, true)) {
    throw new RelayError(403, 'permission', 'The playground answers only the console it belongs to.', 'cross_origin');
  }
  const user = sessionUser(req.headers.cookie, catalog)?.user;
  if (!user) throw new RelayError(401, 'authentication', 'Not signed in: sign in to the console again.', 'not_signed_in');
  const group = user.group || 'default';
  const token = tokenRecord({ id: 0, key_hash: '', key_hint: '', created_at: 0 }, { user_id: user.id, name: PLAYGROUND_KEY_NAME, unlimited_quota: true, group });
  return { user, token, group };
}
