import { Type } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import { ApiError } from '../http/errors.js';
import type { SessionRecord } from '../store/schema.js';
import { publicSessionId } from '../store/sessions.js';
import { SESSION_COOKIE } from './authenticate.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';
import { summariseUserAgent } from './user-agent.js';

const SessionViewSchema = Type.Object({
  id: Type.String({ description: 'Names the session in this list and in DELETE; not the session token' }),
  created_at: Type.Integer({ description: 'ms: when it signed in' }),
  last_seen_at: Type.Integer({ description: 'ms: its last request (updated at most hourly)' }),
  expires_at: Type.Integer({ description: 'ms' }),
  client: Type.String({ description: 'The user agent, summarised ("Firefox 142 on Linux")' }),
  user_agent: Type.String(),
  ip: Type.String({ description: 'Where it signed in from' }),
  current: Type.Boolean({ description: 'The session making this request' }),
});

/** Clears the caller's session cookie (the session itself is already gone). */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}

/** The signed-in user's own sessions: list them, sign one out, sign out all the others. */
export function userSessionRoutes(context: ManagementContext) {
  const view = (session: SessionRecord, req: Request) => ({
    id: publicSessionId(session.id_hash),
    created_at: session.created_at,
    last_seen_at: session.last_seen_at,
    expires_at: session.expires_at,
    client: summariseUserAgent(session.user_agent),
    user_agent: session.user_agent,
    ip: session.ip,
    current: session.id_hash === req.sessionIdHash,
  });
  return [
    route({
      method: 'get',
      path: '/user/self/sessions',
      tag: 'user management',
      access: 'user',
      summary: 'Your signed-in sessions (browsers and the desktop app), newest first',
      response: Type.Array(SessionViewSchema),
      handler: async ({ user, req }) => (await context.store.sessions.listForUser(user.id)).map((s) => view(s, req)),
    }),
    route({
      method: 'delete',
      path: '/user/self/sessions',
      tag: 'user management',
      access: 'user',
      summary: 'Sign out all your other sessions (this one stays)',
      response: Type.Object({ signed_out: Type.Integer({ description: 'How many sessions ended' }) }),
      handler: async ({ user, req }) => {
        const signedOut = await context.store.sessions.deleteForUser(user.id, req.sessionIdHash);
        return new Answer({ signed_out: signedOut }, signedOut === 1 ? 'Signed out 1 other session.' : `Signed out ${signedOut} other sessions.`);
      },
    }),
    route({
      method: 'delete',
      path: '/user/self/sessions/:id',
      tag: 'user management',
      access: 'user',
      summary: 'Sign out one of your sessions (this one too: that signs you out here)',
      response: Nothing,
      handler: async ({ user, params, req, res }) => {
        // Only the caller's own sessions: another user's id is as unknown as a made-up one.
        const session = (await context.store.sessions.listForUser(user.id)).find((s) => publicSessionId(s.id_hash) === params.id);
        if (!session) throw new ApiError(404, 'No such session: it may have ended already.');
        await context.store.sessions.delete(session.id_hash);
        if (session.id_hash !== req.sessionIdHash) return new Answer(null, 'Signed out that session.');
        clearSessionCookie(req, res);
        return new Answer(null, 'Signed out: this was the session you are using.');
      },
    }),
  ];
}
