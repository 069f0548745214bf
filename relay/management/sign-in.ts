import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { sha256Hex } from '../auth/secret-token.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import { SESSION_LIFETIME_MS } from '../store/sessions.js';
import { SESSION_COOKIE } from './authenticate.js';
import type { ManagementContext } from './context.js';

/**
 * The end of every sign-in (password, and later passkey or OAuth), once the user is proven:
 * a new session, its HttpOnly cookie, last_login_at, and a login log record saying how.
 * Answers the user as updated.
 */
export async function startSession(context: ManagementContext, user: UserRecord, req: Request, res: Response, how = 'signed in'): Promise<UserRecord> {
  const token = randomBytes(32).toString('base64url');
  const ip = req.socket.remoteAddress ?? '';
  await context.store.sessions.create({
    id_hash: sha256Hex(token),
    user_id: user.id,
    ip,
    user_agent: String(req.headers['user-agent'] ?? '').slice(0, 200),
  });
  const signedIn = (await context.store.users.update(user.id, { last_login_at: Date.now() })) ?? user;
  context.store.logs.append({ type: LogType.login, user_id: user.id, username: user.username, ip, request_id: req.requestId, content: how });
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/', maxAge: SESSION_LIFETIME_MS });
  return signedIn;
}
