// The signed-in user: login and logout, password, personal access token, sessions.
import { api, ApiError } from './client.js';
import type { ApiBody, ApiData } from './client.js';
import { Role } from '../../relay/management/contract.js';
import { i18n } from '../i18n/index.js';

/** A user as the API shows it: never a password hash or a token. */
export type UserView = ApiData<'/api/user/self', 'get'>;
export type LoginRequest = ApiBody<'/api/user/login', 'post'>;
/** One signed-in browser or app of the user; `id` is not the session token. */
export type SessionView = ApiData<'/api/user/self/sessions', 'get'>[number];

/** The signed-in user, or null when there is no session (HTTP 401). */
export async function getSelf(): Promise<UserView | null> {
  try {
    return await api.get('/api/user/self');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export type SignInAnswer = ApiData<'/api/user/login', 'post'>;
/** The password held and two-step verification is on: the code goes with this token to the second step. */
export type PendingSignIn = Extract<SignInAnswer, { require_2fa: true }>;

/** `POST /api/user/login`: the relay sets an HttpOnly session cookie, or answers a pending sign-in that needs a code. */
export function signIn(body: LoginRequest): Promise<SignInAnswer> {
  return api.post('/api/user/login', body);
}

/** signIn for an account that has no two-step verification (one just made). */
export async function login(body: LoginRequest): Promise<UserView> {
  const answer = await signIn(body);
  if ('require_2fa' in answer) throw new ApiError(i18n.t('auth:twoStep.useSignInPage'), 401);
  return answer;
}

/** `GET /api/user/logout`: clears the session. */
export async function logout(): Promise<void> {
  await api.get('/api/user/logout');
}

/** `PUT /api/user/self/password`: the current password re-entered; the relay ends the other sessions. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await api.put('/api/user/self/password', { current_password: currentPassword, new_password: newPassword });
}

/** `GET /api/user/token`: a new personal access token, replacing any previous one. Shown once. */
export async function generateAccessToken(): Promise<string> {
  const token = await api.get('/api/user/token');
  if (token === '') throw new ApiError(i18n.t('profile:token.noToken'), 200);
  return token;
}

/** `GET /api/user/self/sessions`: the user's sessions, newest first, the current one marked. */
export function listSessions(): Promise<SessionView[]> {
  return api.get('/api/user/self/sessions');
}

/** Signs one session out; signing out the current one signs this console out. */
export async function revokeSession(id: string): Promise<void> {
  await api.delete('/api/user/self/sessions/{id}', { params: { id } });
}

/** Signs out every session but this one; answers how many ended. */
export async function revokeOtherSessions(): Promise<number> {
  return (await api.delete('/api/user/self/sessions')).signed_out;
}

export function roleName(role: number): string {
  if (role >= Role.root) return i18n.t('common:roles.root');
  if (role >= Role.admin) return i18n.t('common:roles.admin');
  return i18n.t('common:roles.user');
}

/** `PUT /api/user/self/language`: keeps the console language with the account ('' follows the browser). */
export async function saveLanguage(language: ApiBody<'/api/user/self/language', 'put'>['language']): Promise<void> {
  await api.put('/api/user/self/language', { language });
}
