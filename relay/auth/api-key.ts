import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { RelayError } from '../ir/relay-error.js';
import { UserStatus } from '../management/contract.js';
import type { CallCatalog } from '../store/ports.js';
import type { TokenRecord, UserRecord } from '../store/schema.js';
import { TokenStatus } from '../store/tokens.js';

/**
 * The API key wherever a client protocol puts it: `Authorization: Bearer` (all; the form
 * Claude Code uses), `x-api-key` (messages), `x-goog-api-key` or `?key=` (generate-content).
 */
export function presentedApiKey(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  const header = req.headers['x-api-key'] ?? req.headers['x-goog-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const query = req.url?.indexOf('?') ?? -1;
  if (query >= 0) return new URLSearchParams(req.url!.slice(query + 1)).get('key') ?? undefined;
  return undefined;
}

export interface Caller {
  token: TokenRecord;
  user: UserRecord;
  /** The key's group, else its user's. */
  group: string;
}

/** Checks the key and its user; each refusal has its own status and message. */
export function authorizeApiKey(key: string | undefined, clientIp: string, catalog: Pick<CallCatalog, 'tokenByKey' | 'user'>, now = Date.now()): Caller {
  return identifyApiKey(key, clientIp, catalog, now, true);
}

/**
 * Who is calling, for a query that spends nothing of the key (its usage, balance, prices):
 * every check of `authorizeApiKey` except the key's quota, since a key that ran out is
 * exactly one whose owner wants to look.
 */
export function identifyApiKey(key: string | undefined, clientIp: string, catalog: Pick<CallCatalog, 'tokenByKey' | 'user'>, now = Date.now(), needsQuota = false): Caller {
  if (!key) throw new RelayError(401, 'authentication', 'No API key: send it as Authorization: Bearer <key>.', 'missing_api_key');
  const token = catalog.tokenByKey(key);
  if (!token) throw new RelayError(401, 'authentication', 'Invalid API key.', 'invalid_api_key');
  if (token.status === TokenStatus.disabled) throw new RelayError(401, 'authentication', 'This API key is disabled.', 'api_key_disabled');
  if (token.expired_time !== -1 && token.expired_time * 1000 <= now) {
    throw new RelayError(401, 'authentication', 'This API key has expired.', 'api_key_expired');
  }
  if (needsQuota && !token.unlimited_quota && token.remain_quota <= 0) {
    throw new RelayError(403, 'quota', "This API key's quota is used up.", 'insufficient_token_quota');
  }
  if (token.allow_ips.length > 0 && !ipAllowed(clientIp, token.allow_ips)) {
    throw new RelayError(403, 'permission', `This API key may not be used from ${clientIp}.`, 'ip_not_allowed');
  }
  const user = catalog.user(token.user_id);
  if (!user || user.status !== UserStatus.enabled) {
    throw new RelayError(403, 'permission', 'The account of this API key is disabled.', 'user_disabled');
  }
  return { token, user, group: token.group || user.group || 'default' };
}

/**
 * A call that spends nothing (a token count) is still served only while the key's user has
 * quota left (the key's own quota is checked with the key), as a model call would be.
 */
export function checkUserQuotaLeft(caller: Caller): void {
  if (caller.user.quota <= 0) {
    throw new RelayError(403, 'quota', `Your quota is used up: ${caller.user.quota} left. Top up, or ask an administrator.`, 'insufficient_user_quota');
  }
}

export function checkModelAllowed(caller: Caller, model: string): void {
  const limits = caller.token.model_limits;
  if (limits.length > 0 && !limits.includes(model)) {
    throw new RelayError(403, 'permission', `This API key may not use the model ${model}.`, 'model_not_allowed');
  }
}

/** IPs and CIDRs (v4 and v6); an IPv4-mapped IPv6 client address matches IPv4 entries. */
export function ipAllowed(clientIp: string, allowed: string[]): boolean {
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.trim().split('/');
    const family = isIP(address ?? '');
    if (!family) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  const plain = clientIp.startsWith('::ffff:') ? clientIp.slice(7) : clientIp;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
