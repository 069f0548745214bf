import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fetchedByAnotherSite, fromConsoleOrigin } from '../auth/console-origin.js';
import { sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import type { UserRecord } from '../store/schema.js';
import type { CallCatalog, StoragePorts } from '../store/ports.js';
import { UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';

export const SESSION_COOKIE = 'relaydesk_session';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRecord;
    /** How the caller proved who they are. */
    authScheme?: 'session' | 'access-token';
    sessionIdHash?: string;
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeCookieValue(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A value with bad percent-encoding is kept as sent (it then matches no session) rather than throwing. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function sessionIdHash(cookieHeader: string | undefined): string | undefined {
  const cookie = readCookie(cookieHeader, SESSION_COOKIE);
  return cookie ? sha256Hex(cookie) : undefined;
}

function enabled(user: UserRecord | undefined): user is UserRecord {
  return user?.status === UserStatus.enabled;
}

/** The enabled user whose live session the `Cookie` header carries, and that session's id hash (the relay's hot path: the call catalog). */
export function sessionUser(cookieHeader: string | undefined, catalog: Pick<CallCatalog, 'sessionUser'>): { user: UserRecord; idHash: string } | undefined {
  const idHash = sessionIdHash(cookieHeader);
  const user = idHash ? catalog.sessionUser(idHash) : undefined;
  return idHash && enabled(user) ? { user, idHash } : undefined;
}

/** sessionUser through the storage ports. */
async function signedInUser(cookieHeader: string | undefined, store: StoragePorts): Promise<{ user: UserRecord; idHash: string } | undefined> {
  const idHash = sessionIdHash(cookieHeader);
  const session = idHash ? await store.sessions.find(idHash) : undefined;
  const user = session ? await store.users.get(session.user_id) : undefined;
  return idHash && enabled(user) ? { user, idHash } : undefined;
}

/**
 * Finds the caller from the session cookie or from `Authorization: Bearer <access token>`
 * (the management API's two security schemes). Leaves `req.user` unset when neither holds.
 */
export function identify(context: ManagementContext): RequestHandler {
  return async (req, _res, next) => {
    const signedIn = await signedInUser(req.headers.cookie, context.store);
    if (signedIn) {
      req.user = signedIn.user;
      req.authScheme = 'session';
      req.sessionIdHash = signedIn.idHash;
      return next();
    }
    const authorization = req.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const user = await context.store.users.byAccessTokenHash(sha256Hex(authorization.slice(7).trim()));
      if (enabled(user)) {
        req.user = user;
        req.authScheme = 'access-token';
      }
    }
    next();
  };
}

/**
 * A call made with the session cookie must come from the console's own origin (see
 * fromConsoleOrigin). Reads are checked too when the browser says another page made them:
 * some GETs act (test a channel, replace the access token, sign out), and the console never
 * needs another page to read through its cookie. Writes without a session are refused when
 * the browser says another site made them. Scripts use access tokens and are not checked.
 */
export function sameOriginForCookieCalls(req: Request, _res: Response, next: NextFunction): void {
  const safe = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
  if (req.authScheme === 'session') {
    if (safe ? fetchedByAnotherSite(req.headers) : !fromConsoleOrigin(req.headers, false)) {
      return next(new ApiError(403, 'Cross-origin request refused.'));
    }
  } else if (req.authScheme !== 'access-token' && !safe && fetchedByAnotherSite(req.headers)) {
    // Writes without a session (sign-in, registration, setup): another page signing the
    // browser into an account of its choosing is refused too (login CSRF), on the browser's
    // word: the Origin alone is not compared, as behind a proxy it is public_url's, not the
    // Host's (passkey sign-in checks it against public_url). Servers posting (a payment
    // webhook) send no Sec-Fetch-Site.
    return next(new ApiError(403, 'Cross-origin request refused.'));
  }
  next();
}
