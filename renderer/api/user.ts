import type { LoginRequest, RoleValue, UserView } from '../../relay/management/contract.js';
import { ApiError, request } from './client.js';

/** The signed-in user, or null when there is no session (HTTP 401). */
export async function getSelf(): Promise<UserView | null> {
  try {
    return await request<UserView>('GET', '/api/user/self');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** `POST /api/user/login`: the relay sets an HttpOnly session cookie. */
export function login(body: LoginRequest): Promise<UserView> {
  return request<UserView>('POST', '/api/user/login', body);
}

/** `GET /api/user/logout`: clears the session. */
export async function logout(): Promise<void> {
  await request<unknown>('GET', '/api/user/logout');
}

/** `PUT /api/user/self/password`: the current password re-entered; the relay ends the other sessions. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await request<unknown>('PUT', '/api/user/self/password', { current_password: currentPassword, new_password: newPassword });
}

/** `GET /api/user/token`: a new personal access token, replacing any previous one. Shown once. */
export async function generateAccessToken(): Promise<string> {
  const token = await request<unknown>('GET', '/api/user/token');
  if (typeof token !== 'string' || token === '') {
    throw new ApiError('The relay did not return a token.', 200);
  }
  return token;
}

// Mirrors `Role` in the contract (kept type-only so no relay code enters the bundle).
export function roleName(role: RoleValue): string {
  switch (role) {
    case 100:
      return 'root';
    case 10:
      return 'admin';
    default:
      return 'user';
  }
}
