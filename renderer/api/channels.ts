import { request } from './client.js';
import type { Paged } from './tokens.js';

export interface ChannelView {
  id: number;
  type: number;
  name: string;
  base_url: string;
  models: string[];
  groups: string[];
  model_mapping: Record<string, string>;
  priority: number;
  weight: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically. */
  status: number;
  status_reason: string;
  auto_ban: boolean;
  header_override: Record<string, string>;
  proxy: string;
  key_count: number;
  test_model: string;
  /** ms, of the last successful test. */
  response_time: number;
  /** USD. */
  balance: number;
  tag: string;
  remark: string;
  /** Per-type settings; `advanced_custom` (type 58) is its routes as JSON text. */
  settings?: Record<string, string | number | boolean>;
}

export interface ChannelBody {
  id?: number;
  type: number;
  name: string;
  base_url: string;
  key?: string;
  models: string;
  group: string;
  priority: number;
  weight: number;
  model_mapping: string;
  header_override: string;
  proxy: string;
  /** Type 58: the routes (`{routes: [...]}`), checked by the API. */
  advanced_custom?: unknown;
}

export interface TestResult {
  ok: boolean;
  status_code: number;
  response_time: number;
  model: string;
  error: string;
  channel_status: number;
}

export interface BalanceResult {
  balance: number;
}

export function listChannels(page: number, pageSize: number): Promise<Paged<ChannelView>> {
  return request<Paged<ChannelView>>('GET', `/api/channel?p=${page}&page_size=${pageSize}&sort=id`);
}

export function createChannel(body: ChannelBody): Promise<{ id: number }> {
  return request<{ id: number }>('POST', '/api/channel', body);
}

export function updateChannel(body: Partial<ChannelBody> & { id: number; status?: number }): Promise<ChannelView> {
  return request<ChannelView>('PUT', '/api/channel', body);
}

export async function deleteChannel(id: number): Promise<void> {
  await request<unknown>('DELETE', `/api/channel/${id}`);
}

export function testChannel(id: number): Promise<TestResult> {
  return request<TestResult>('GET', `/api/channel/test/${id}`);
}

export function updateBalance(id: number): Promise<BalanceResult> {
  return request<BalanceResult>('GET', `/api/channel/update_balance/${id}`);
}

export function fetchModels(body: { type: number; base_url: string; key?: string; channel_id?: number; header_override?: string; proxy?: string; advanced_custom?: unknown }): Promise<string[]> {
  return request<string[]>('POST', '/api/channel/fetch_models', body);
}

/** One key of a channel: its state, never the key (a hint at most). */
export interface KeyStateView {
  index: number;
  /** `sk-…wxyz` for long keys, '' for short ones. */
  hint: string;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically. */
  status: number;
  reason: string;
  /** ms; 0 when enabled. */
  disabled_at: number;
  /** ms: the next recovery probe of an automatically disabled key. */
  retry_at: number;
  failures: number;
}

export interface KeysView {
  key_count: number;
  enabled: number;
  items: KeyStateView[];
}

export type KeyAction = { action: 'enable' | 'disable' | 'delete'; index: number } | { action: 'enable_all' };

export function listKeys(channelId: number): Promise<KeysView> {
  return request<KeysView>('GET', `/api/channel/${channelId}/keys`);
}

export function changeKeys(channelId: number, action: KeyAction): Promise<KeysView> {
  return request<KeysView>('POST', `/api/channel/${channelId}/keys`, action);
}
