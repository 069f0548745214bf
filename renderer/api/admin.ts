// Administrator APIs: model records and prices, groups, suppliers and background tasks.
import { request } from './client.js';
import type { Paged } from './tokens.js';

export type PriceSource = 'model' | 'default' | 'none';

export interface ModelMeta {
  id: number;
  name: string;
  supplier_id: number;
  supplier_name: string;
  description: string;
  tags: string[];
  endpoints: string[];
  context_length: number;
  max_output_tokens: number;
  model_ratio: number | null;
  price_per_call: number | null;
  completion_ratio: number | null;
  cache_ratio: number | null;
  cache_write_ratio: number | null;
  price_source: PriceSource;
  enable_groups: string[];
  channels: number;
  created_at: number;
  updated_at: number;
}

export interface ModelBody {
  name: string;
  supplier_id: number;
  description: string;
  tags: string[];
  context_length: number;
  max_output_tokens: number;
  model_ratio: number | null;
  price_per_call: number | null;
  completion_ratio: number | null;
  cache_ratio: number | null;
  cache_write_ratio: number | null;
}

export interface GroupView {
  name: string;
  ratio: number;
  description: string;
  selectable: boolean;
  channels: number;
  users: number;
  tokens: number;
  created_at: number;
  updated_at: number;
}

export interface GroupBody {
  name: string;
  ratio: number;
  description: string;
  selectable: boolean;
}

export interface SupplierView {
  id: number;
  name: string;
  description: string;
  icon: string;
  /** 1 enabled, 2 disabled. */
  status: number;
  models: number;
  created_at: number;
  updated_at: number;
}

export interface SupplierBody {
  name: string;
  description: string;
  icon: string;
  status: number;
}

export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface TaskView {
  id: number;
  kind: string;
  status: TaskStatus;
  progress: number;
  done: number;
  total: number;
  user_id: number;
  /** ms */
  created_at: number;
  started_at: number;
  finished_at: number;
  error: string;
  result: string;
}

/** Ratio 1 = 2 USD per million input tokens. */
export const USD_PER_MILLION_AT_RATIO_1 = 2;

/** USD per million tokens for a ratio. */
export function ratioToUsd(ratio: number): number {
  return ratio * USD_PER_MILLION_AT_RATIO_1;
}

/** The ratio for a USD-per-million-tokens price. */
export function usdToRatio(usd: number): number {
  return usd / USD_PER_MILLION_AT_RATIO_1;
}

/** A USD amount, with enough digits for small prices. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 1) return `$${Number(usd.toFixed(4)).toString()}`;
  return `$${Number(usd.toPrecision(4)).toString()}`;
}

// Models ---------------------------------------------------------------------------------

export function listModelMeta(page: number, pageSize: number, keyword = ''): Promise<Paged<ModelMeta>> {
  const q = keyword.trim() !== '' ? `&keyword=${encodeURIComponent(keyword.trim())}` : '';
  return request<Paged<ModelMeta>>('GET', `/api/models/meta?p=${page}&page_size=${pageSize}${q}`);
}

export function listMissingModels(): Promise<string[]> {
  return request<string[]>('GET', '/api/models/missing');
}

export function createModelMeta(body: ModelBody): Promise<ModelMeta> {
  return request<ModelMeta>('POST', '/api/models/meta', body);
}

export function updateModelMeta(body: ModelBody & { id: number }): Promise<ModelMeta> {
  return request<ModelMeta>('PUT', '/api/models/meta', body);
}

export async function deleteModelMeta(id: number): Promise<void> {
  await request<unknown>('DELETE', `/api/models/meta/${id}`);
}

// Groups ---------------------------------------------------------------------------------

export function listGroups(page: number, pageSize: number): Promise<Paged<GroupView>> {
  return request<Paged<GroupView>>('GET', `/api/group?p=${page}&page_size=${pageSize}`);
}

export function createGroup(body: GroupBody): Promise<GroupView> {
  return request<GroupView>('POST', '/api/group', body);
}

export function updateGroup(body: GroupBody): Promise<GroupView> {
  return request<GroupView>('PUT', '/api/group', body);
}

export async function deleteGroup(name: string): Promise<void> {
  await request<unknown>('DELETE', `/api/group/${encodeURIComponent(name)}`);
}

// Suppliers ------------------------------------------------------------------------------

export function listSuppliers(page: number, pageSize: number): Promise<Paged<SupplierView>> {
  return request<Paged<SupplierView>>('GET', `/api/vendors?p=${page}&page_size=${pageSize}`);
}

export function createSupplier(body: SupplierBody): Promise<SupplierView> {
  return request<SupplierView>('POST', '/api/vendors', body);
}

export function updateSupplier(body: SupplierBody & { id: number }): Promise<SupplierView> {
  return request<SupplierView>('PUT', '/api/vendors', body);
}

export async function deleteSupplier(id: number): Promise<void> {
  await request<unknown>('DELETE', `/api/vendors/${id}`);
}

// Tasks ----------------------------------------------------------------------------------

export function listTasks(page: number, pageSize: number): Promise<Paged<TaskView>> {
  return request<Paged<TaskView>>('GET', `/api/task?p=${page}&page_size=${pageSize}`);
}

/** Every item of a paged list (at most `limit`), for pickers. */
export async function listAll<T>(load: (page: number, pageSize: number) => Promise<Paged<T>>, limit = 500): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; items.length < limit; page++) {
    const answer = await load(page, 100);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
  return items;
}
