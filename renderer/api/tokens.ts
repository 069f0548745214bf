import { request } from './client.js';

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** An API key as lists show it: masked (`key_hint`), never the key itself. */
export interface TokenView {
  id: number;
  user_id: number;
  username: string;
  name: string;
  key_hint: string;
  /** 1 enabled, 2 disabled, 3 expired, 4 quota used up. */
  status: number;
  created_at: number;
  accessed_at: number;
  /** Unix seconds; -1 never. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  used_quota: number;
  request_count: number;
  model_limits: string[];
  allow_ips: string[];
  group: string;
  allow_balance: boolean;
}

export interface NewToken {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
  model_limits: string[];
  allow_ips: string[];
  group: string;
  allow_balance: boolean;
}

/** The full key: answered only by create and regenerate. */
export interface NewKey {
  id: number;
  name: string;
  key: string;
}

export interface UsableGroup {
  name: string;
  ratio: number;
  description: string;
}

export function listTokens(page: number, pageSize: number): Promise<Paged<TokenView>> {
  return request<Paged<TokenView>>('GET', `/api/token?p=${page}&page_size=${pageSize}`);
}

export function createToken(body: NewToken): Promise<NewKey> {
  return request<NewKey>('POST', '/api/token', body);
}

export function setTokenStatus(id: number, enabled: boolean): Promise<TokenView> {
  return request<TokenView>('PUT', '/api/token', { id, status: enabled ? 1 : 2 });
}

export async function deleteToken(id: number): Promise<void> {
  await request<unknown>('DELETE', `/api/token/${id}`);
}

export function regenerateToken(id: number): Promise<NewKey> {
  return request<NewKey>('POST', `/api/token/${id}/regenerate`);
}

export function getSelfGroups(): Promise<UsableGroup[]> {
  return request<UsableGroup[]>('GET', '/api/user/self/groups');
}
