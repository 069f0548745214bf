import { Type } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/password.js';
import { randomAlphanumeric, sha256Hex } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import type { UserRecord } from '../store/schema.js';
import { type UserView, UserStatus } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing, UserViewSchema } from './schemas.js';
import { passwordGuess } from './password-guesses.js';
import { pendingSignInUser, PendingSignInSchema, signInOrAskCode, startSession } from './sign-in.js';
import { checkTwoFactorCode } from './two-factor-check.js';
import { clearSessionCookie, userSessionRoutes } from './user-sessions.js';
import { givenPassword, newPassword } from './validate.js';

/** Personal access tokens carry a recognisable prefix, so leaked ones are easy to spot. */
const ACCESS_TOKEN_PREFIX = 'rdp_';

/** Login, logout, the signed-in user, their sessions, and the personal access token. */
export function userRoutes(context: ManagementContext) {
  const logout = async (req: Request, res: Response) => {
    if (req.sessionIdHash) await context.store.sessions.delete(req.sessionIdHash);
    clearSessionCookie(req, res);
    return new Answer(null, 'Signed out.');
  };
  return [
    route({
      method: 'post',
      path: '/user/login',
      tag: 'user login and registration',
      access: 'public',
      critical: true,
      summary: 'Sign in: sets the session cookie (HttpOnly, SameSite=Strict); with two-step verification on, answers require_2fa and a pending token for POST /api/user/login/2fa instead (no session yet)',
      body: Type.Object({ username: Type.String(), password: Type.String() }),
      response: Type.Union([UserViewSchema, PendingSignInSchema]),
      handler: async ({ body, req, res }) => {
        const password = givenPassword(body.password);
        const guessed = await passwordGuess(context, body.username);
        const user = body.username ? await context.store.users.byUsername(body.username) : undefined;
        // Unknown users cost a full hash check too, so timing does not tell which names exist.
        const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash));
        await guessed(Boolean(user) && valid);
        if (!user || !valid) throw new ApiError(401, 'Wrong username or password.');
        if (user.status !== UserStatus.enabled) throw new ApiError(403, 'This account is disabled.');
        const signedIn = await signInOrAskCode(context, user, req, res);
        return 'pending' in signedIn ? new Answer(signedIn.pending, 'Enter the code of your authenticator app, or a backup code.') : toUserView(signedIn.user);
      },
    }),
    route({
      method: 'post',
      path: '/user/login/2fa',
      tag: 'two-step verification',
      access: 'public',
      critical: true,
      summary: "Sign in's second step: the pending token from POST /api/user/login and a code of the authenticator app, or a backup code (used up); sets the session cookie",
      body: Type.Object({ pending_token: Type.String(), code: Type.String() }),
      response: UserViewSchema,
      handler: async ({ body, req, res }) => {
        const user = await pendingSignInUser(context, body.pending_token);
        const { how } = await checkTwoFactorCode(context, user, body.code, { backup: true });
        return toUserView(await startSession(context, user, req, res, `signed in with a two-step ${how}`));
      },
    }),
    route({ method: 'get', path: '/user/logout', tag: 'user login and registration', access: 'public', summary: 'Sign out', response: Nothing, handler: ({ req, res }) => logout(req, res) }),
    route({ method: 'post', path: '/user/logout', tag: 'user login and registration', access: 'public', summary: 'Sign out', response: Nothing, handler: ({ req, res }) => logout(req, res) }),
    route({
      method: 'get',
      path: '/user/self',
      tag: 'user management',
      access: 'user',
      summary: 'The signed-in user (never a password hash or a token)',
      response: UserViewSchema,
      handler: ({ user }) => toUserView(user),
    }),
    route({
      method: 'put',
      path: '/user/self/password',
      tag: 'user management',
      access: 'user',
      critical: true,
      summary: 'Change your password (the current one re-entered); your other sessions end',
      body: Type.Object({ current_password: Type.String(), new_password: Type.String() }),
      response: Nothing,
      handler: async ({ body, user, req }) => {
        if (!(await verifyPassword(givenPassword(body.current_password), user.password_hash))) throw new ApiError(403, 'The current password is wrong.');
        const hash = await hashPassword(newPassword(body.new_password));
        await context.store.users.update(user.id, { password_hash: hash });
        await context.store.sessions.deleteForUser(user.id, req.sessionIdHash);
        return new Answer(null, 'Password changed. Other sessions were signed out.');
      },
    }),
    route({
      method: 'get',
      path: '/user/token',
      tag: 'user management',
      access: 'user',
      summary: 'Generate a personal access token (shown this once; replaces the previous one)',
      response: Type.String(),
      handler: async ({ user, res }) => {
        const token = ACCESS_TOKEN_PREFIX + randomAlphanumeric(40);
        await context.store.users.update(user.id, { access_token_hash: sha256Hex(token) });
        res.setHeader('Cache-Control', 'no-store');
        return new Answer(token, 'Copy it now: it will not be shown again.');
      },
    }),
    ...userSessionRoutes(context),
  ];
}

/** The user as the API shows it: no password hash, no token hash. */
export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    email: user.email,
    group: user.group,
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    has_access_token: user.access_token_hash !== null,
    created_at: user.created_at,
    last_login_at: user.last_login_at,
    language: user.language ?? '',
  };
}
