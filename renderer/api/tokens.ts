// API keys: list and search, create (the key shown once), edit, enable/disable, delete, regenerate.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';

/** One page of a paged list, as every list route answers it. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** An API key as lists show it: masked (`key_hint`), never the key itself. */
export type TokenView = ApiData<'/api/token/{id}', 'get'>;
/** What the create dialog sends. */
export type NewToken = ApiBody<'/api/token', 'post'>;
/** What the edit dialog sends (and the status switch, with only `id` and `status`). */
export type TokenUpdate = ApiBody<'/api/token', 'put'>;
/** The full key: answered only by create and regenerate. */
export type NewKey = ApiData<'/api/token', 'post'>;
/** A group the user may pick for a key. */
export type UsableGroup = ApiData<'/api/user/self/groups', 'get'>[number];

/** Search text starting with sk- is a key (or part of its hint): a secret, never to be shown back. */
export function isKeySearch(search: string): boolean {
  return search.trim().startsWith('sk-');
}

/**
 * A page of keys; `search` is part of a name, or a key or part of its hint (see isKeySearch).
 * The relay takes a searched key only in the query string (GET /api/token/search?token=).
 */
export function listTokens(page: number, pageSize: number, search = ''): Promise<Paged<TokenView>> {
  const text = search.trim();
  if (text === '') return api.get('/api/token', { query: { p: page, page_size: pageSize } });
  const by = isKeySearch(text) ? { token: text } : { keyword: text };
  return api.get('/api/token/search', { query: { p: page, page_size: pageSize, ...by } });
}

export function createToken(body: NewToken): Promise<NewKey> {
  return api.post('/api/token', body);
}

export function setTokenStatus(id: number, enabled: boolean): Promise<TokenView> {
  return api.put('/api/token', { id, status: enabled ? 1 : 2 });
}

export function updateToken(body: TokenUpdate): Promise<TokenView> {
  return api.put('/api/token', body);
}

export async function deleteToken(id: number): Promise<void> {
  await api.delete('/api/token/{id}', { params: { id } });
}

export function regenerateToken(id: number): Promise<NewKey> {
  return api.post('/api/token/{id}/regenerate', undefined, { params: { id } });
}

export function getSelfGroups(): Promise<UsableGroup[]> {
  return api.get('/api/user/self/groups');
}
