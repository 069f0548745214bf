// Administrator APIs: model records and prices, groups, suppliers and background tasks.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';
import type { Paged } from './tokens.js';

export type ModelMeta = ApiData<'/api/models/meta/{id}', 'get'>;
export type PriceSource = ModelMeta['price_source'];
export type ModelBody = ApiBody<'/api/models/meta', 'post'>;
export type GroupView = ApiData<'/api/group/{name}', 'get'>;
export type GroupBody = ApiBody<'/api/group', 'post'>;
export type SupplierView = ApiData<'/api/vendors/{id}', 'get'>;
export type SupplierBody = ApiBody<'/api/vendors', 'post'>;
export type TaskView = ApiData<'/api/task/{id}', 'get'>;
export type TaskStatus = TaskView['status'];
export type VideoTaskView = ApiData<'/api/task/video', 'get'>['items'][number];

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

/** A price in dollars (not quota units), with enough digits for small prices: "$2.5", "$0.0004". */
export function formatPrice(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 1) return `$${Number(usd.toFixed(4)).toString()}`;
  return `$${Number(usd.toPrecision(4)).toString()}`;
}

// Models ---------------------------------------------------------------------------------

export function listModelMeta(page: number, pageSize: number, keyword = ''): Promise<Paged<ModelMeta>> {
  return api.get('/api/models/meta', { query: { p: page, page_size: pageSize, keyword: keyword.trim() } });
}

export function listMissingModels(): Promise<string[]> {
  return api.get('/api/models/missing');
}

export type UnpricedPolicy = ApiData<'/api/models/unpriced_policy', 'get'>['unpriced_model_policy'];

/** What calls of a model without a price do: 'free', or 'reject'. */
export async function getUnpricedPolicy(): Promise<UnpricedPolicy> {
  return (await api.get('/api/models/unpriced_policy')).unpriced_model_policy;
}

export function createModelMeta(body: ModelBody): Promise<ModelMeta> {
  return api.post('/api/models/meta', body);
}

export function updateModelMeta(body: ApiBody<'/api/models/meta', 'put'>): Promise<ModelMeta> {
  return api.put('/api/models/meta', body);
}

export type PriceImportDiff = ApiData<'/api/models/prices/import', 'post'>;
export type PriceEntry = ApiBody<'/api/models/prices/import', 'post'>['models'][number];

/** A price catalogue's diff against the model records (`apply` false), or the diff saved (`apply` true). */
export function importPrices(models: PriceEntry[], apply: boolean): Promise<PriceImportDiff> {
  return api.post('/api/models/prices/import', { models, apply });
}

export async function deleteModelMeta(id: number): Promise<void> {
  await api.delete('/api/models/meta/{id}', { params: { id } });
}

// Groups ---------------------------------------------------------------------------------

export function listGroups(page: number, pageSize: number): Promise<Paged<GroupView>> {
  return api.get('/api/group', { query: { p: page, page_size: pageSize } });
}

export function createGroup(body: GroupBody): Promise<GroupView> {
  return api.post('/api/group', body);
}

export function updateGroup(body: ApiBody<'/api/group', 'put'>): Promise<GroupView> {
  return api.put('/api/group', body);
}

export async function deleteGroup(name: string): Promise<void> {
  await api.delete('/api/group/{name}', { params: { name } });
}

// Suppliers ------------------------------------------------------------------------------

export function listSuppliers(page: number, pageSize: number): Promise<Paged<SupplierView>> {
  return api.get('/api/vendors', { query: { p: page, page_size: pageSize } });
}

export function createSupplier(body: SupplierBody): Promise<SupplierView> {
  return api.post('/api/vendors', body);
}

export function updateSupplier(body: ApiBody<'/api/vendors', 'put'>): Promise<SupplierView> {
  return api.put('/api/vendors', body);
}

export async function deleteSupplier(id: number): Promise<void> {
  await api.delete('/api/vendors/{id}', { params: { id } });
}

// Tasks ----------------------------------------------------------------------------------

export function listTasks(page: number, pageSize: number): Promise<Paged<TaskView>> {
  return api.get('/api/task', { query: { p: page, page_size: pageSize } });
}

/** Video generation tasks of every key (/v1/videos), newest first. */
export function listVideoTasks(page: number, pageSize: number): Promise<Paged<VideoTaskView>> {
  return api.get('/api/task/video', { query: { p: page, page_size: pageSize } });
}

/** One task with its progress. */
export function getTask(id: number): Promise<TaskView> {
  return api.get('/api/task/{id}', { params: { id } });
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
