import { randomBytes } from 'node:crypto';
import express from 'express';
import type { Request, Response, Router } from 'express';
import { decoyPasswordHash, verifyPassword } from '../auth/password.js';
import { randomAlphanumeric, sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { LogType } from '../store/logs/index.js';
import { SESSION_LIFETIME_MS } from '../store/sessions.js';
import { toUserView } from '../store/users.js';
import { SESSION_COOKIE, requireRole } from './authenticate.js';
import { UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { ok } from './envelope.js';
import { limitCritical } from './limit-critical.js';
import { bodyObject, givenPassword } from './validate.js';

/** Personal access tokens carry a recognisable prefix, so leaked ones are easy to spot. */
const ACCESS_TOKEN_PREFIX = 'rdp_';

/** Login, logout, the signed-in user, and the personal access token. */
export function userRouter(context: ManagementContext): Router {
  const router = express.Router();

  router.post('/user/login', limitCritical(context), async (req, res) => {
    const body = bodyObject(req.body);
    const name = typeof body.username === 'string' ? body.username : '';
    const password = givenPassword(body.password);
    const user = name ? context.users.byUsername(name) : undefined;
    // Unknown users cost a full hash check too, so timing does not tell which names exist.
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash));
    if (!user || !valid) throw new ApiError(401, 'Wrong username or password.');
    if (user.status !== UserStatus.enabled) throw new ApiError(403, 'This account is disabled.');

    const token = randomBytes(32).toString('base64url');
    await context.sessions.create({
      id_hash: sha256Hex(token),
      user_id: user.id,
      ip: req.socket.remoteAddress ?? '',
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 200),
    });
    await context.users.update(user.id, (u) => {
      u.last_login_at = Date.now();
    });
    context.logs.append({
      type: LogType.login,
      user_id: user.id,
      username: user.username,
      ip: req.socket.remoteAddress ?? '',
      request_id: req.requestId,
      content: 'signed in',
    });
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/',
      maxAge: SESSION_LIFETIME_MS,
    });
    ok(res, toUserView(user));
  });

  const logout = async (req: Request, res: Response) => {
    if (req.sessionIdHash) await context.sessions.delete(req.sessionIdHash);
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
    ok(res, null, 'Signed out.');
  };
  router.get('/user/logout', logout);
  router.post('/user/logout', logout);

  router.get('/user/self', requireRole(), (req, res) => {
    ok(res, toUserView(req.user!));
  });

  // Generates a new personal access token (replacing the old one); answered this once only.
  router.get('/user/token', requireRole(), async (req, res) => {
    const token = ACCESS_TOKEN_PREFIX + randomAlphanumeric(40);
    await context.users.update(req.user!.id, (u) => {
      u.access_token_hash = sha256Hex(token);
    });
    res.setHeader('Cache-Control', 'no-store');
    ok(res, token, 'Copy it now: it will not be shown again.');
  });

  return router;
}
