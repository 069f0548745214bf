// Registration, password reset by mail, the profile's name and email, and administrators' user management.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';
import type { Paged } from './tokens.js';
import { proofHeader, type Verification } from './two-factor.js';

/** A user as administrators see it (invitations and sign-in factors included; never a secret). */
export type AdminUserView = ApiData<'/api/user/{id}', 'get'>;
export type NewUserBody = ApiBody<'/api/user/', 'post'>;
export type UserEdit = ApiBody<'/api/user/{id}', 'put'>;
export type RegisterBody = ApiBody<'/api/user/register', 'post'>;
export type ManageAction = ApiBody<'/api/user/manage', 'post'>['action'];

export async function register(body: RegisterBody): Promise<void> {
  await api.post('/api/user/register', body);
}

/** Mails a registration code to the address. */
export async function sendRegistrationCode(email: string): Promise<void> {
  await api.post('/api/user/register/email_code', { email });
}

export async function sendResetCode(email: string): Promise<void> {
  await api.post('/api/user/password_reset/email_code', { email });
}

export async function resetPassword(email: string, code: string, password: string): Promise<void> {
  await api.post('/api/user/password_reset', { email, code, password });
}

export async function saveDisplayName(displayName: string): Promise<void> {
  await api.put('/api/user/self', { display_name: displayName });
}

export async function sendEmailChangeCode(email: string): Promise<void> {
  await api.post('/api/user/self/email/code', { email });
}

export async function changeEmail(email: string, code: string): Promise<void> {
  await api.put('/api/user/self/email', { email, code });
}

/** A page of users; a keyword searches names and emails. */
export function listUsers(page: number, pageSize: number, keyword = ''): Promise<Paged<AdminUserView>> {
  const query = { p: page, page_size: pageSize };
  return keyword.trim() === '' ? api.get('/api/user/', { query }) : api.get('/api/user/search', { query: { ...query, keyword: keyword.trim() } });
}

export function createUser(body: NewUserBody): Promise<AdminUserView> {
  return api.post('/api/user/', body);
}

export function updateUser(id: number, body: UserEdit): Promise<AdminUserView> {
  return api.put('/api/user/{id}', body, { params: { id } });
}

/** What is left of a user's spending caps (day, week, month) now. */
export function userBudgets(id: number): Promise<ApiData<'/api/user/{id}/budgets', 'get'>> {
  return api.get('/api/user/{id}/budgets', { params: { id } });
}

/** One of the manage actions; answers the user after it (null after delete). */
export function manageUser(id: number, action: ManageAction, quota?: number): Promise<AdminUserView | null> {
  return api.post('/api/user/manage', quota === undefined ? { id, action } : { id, action, quota });
}

/** Sets another user's password: the relay wants a security verification first. */
export async function setUserPassword(id: number, password: string, verification: Verification): Promise<void> {
  await api.post('/api/user/{id}/reset_password', { password }, { params: { id }, headers: proofHeader(verification) });
}

export async function resetUserTwoFactor(id: number): Promise<void> {
  await api.post('/api/user/{id}/reset_2fa', undefined, { params: { id } });
}
