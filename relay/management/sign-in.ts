import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import { sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import type { UserRecord } from '../store/schema.js';
import { SESSION_LIFETIME_MS } from '../store/sessions.js';
import { SESSION_COOKIE } from './authenticate.js';
import { UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { readProof, signProof } from './signed-proof.js';
import { twoFactorOn } from './two-factor-check.js';

/**
 * The end of every sign-in (password, passkey, OAuth), once the user is proven:
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

const PENDING_PURPOSE = 'sign-in waiting for its two-step code';
const PENDING_LIFETIME_MS = 5 * 60_000;

/** A sign-in whose password (or other first step) held, waiting for the two-step code: no session yet. */
export const PendingSignInSchema = Type.Object({
  require_2fa: Type.Literal(true),
  pending_token: Type.String({ description: 'Give it with the code to POST /api/user/login/2fa' }),
  expires_at: Type.Integer({ description: 'ms: the code must come before' }),
});
export type PendingSignIn = Static<typeof PendingSignInSchema>;

/**
 * After a first step that proved the user: starts the session, or, when the user has two-step
 * verification on, answers a pending sign-in instead (valid 5 minutes, and only while the
 * password it was checked against is unchanged).
 */
export async function signInOrAskCode(context: ManagementContext, user: UserRecord, req: Request, res: Response, how?: string): Promise<{ user: UserRecord } | { pending: PendingSignIn }> {
  if (!twoFactorOn(user)) return { user: await startSession(context, user, req, res, how) };
  const { proof, expires_at } = await signProof(context, PENDING_PURPOSE, user.id, user.password_hash, PENDING_LIFETIME_MS);
  res.setHeader('Cache-Control', 'no-store');
  return { pending: { require_2fa: true, pending_token: proof, expires_at } };
}

/** The user a pending sign-in names, still enabled and with two-step verification on; 401 when it expired or is not valid. */
export async function pendingSignInUser(context: ManagementContext, token: string): Promise<UserRecord> {
  const [userId] = token.split('.', 1);
  const user = /^\d+$/.test(userId ?? '') ? await context.store.users.get(Number(userId)) : undefined;
  const valid = user && (await readProof(context, PENDING_PURPOSE, token, user.password_hash)) === user.id;
  if (!valid || !twoFactorOn(user)) throw new ApiError(401, 'This sign-in expired: enter your username and password again.');
  if (user.status !== UserStatus.enabled) throw new ApiError(403, 'This account is disabled.');
  return user;
}
