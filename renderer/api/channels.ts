// Channels (admin): list, create, update, delete, test, balance, fetch models, per-key state.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';
import type { TaskView } from './admin.js';
import type { Paged } from './tokens.js';
import { proofHeader, type Verification } from './two-factor.js';
import { TEST_ALL_KIND } from '../../relay/management/task-kinds.js';

export { TEST_ALL_KIND };

/** A channel as lists show it: everything but its keys. */
export type ChannelView = ApiData<'/api/channel', 'get'>['items'][number];
/** One channel with its per-key states (get and update answer it). */
export type ChannelDetail = ApiData<'/api/channel/{id}', 'get'>;
export type NewChannel = ApiBody<'/api/channel', 'post'>;
/** An update: `id` and the fields to change. */
export type ChannelUpdate = ApiBody<'/api/channel', 'put'>;
export type TestResult = ApiData<'/api/channel/test/{id}', 'get'>;
export type BalanceResult = ApiData<'/api/channel/update_balance/{id}', 'get'>;
export type FetchModelsRequest = ApiBody<'/api/channel/fetch_models', 'post'>;
export type SpeedTestRequest = ApiBody<'/api/channel/speed_test', 'post'>;
export type SpeedTestResult = ApiData<'/api/channel/speed_test', 'post'>[number];

export function listChannels(page: number, pageSize: number): Promise<Paged<ChannelView>> {
  return api.get('/api/channel', { query: { p: page, page_size: pageSize, sort: 'id' } });
}

export function createChannel(body: NewChannel): Promise<ApiData<'/api/channel', 'post'>> {
  return api.post('/api/channel', body);
}

export function updateChannel(body: ChannelUpdate): Promise<ChannelDetail> {
  return api.put('/api/channel', body);
}

export async function deleteChannel(id: number): Promise<void> {
  await api.delete('/api/channel/{id}', { params: { id } });
}

export function testChannel(id: number): Promise<TestResult> {
  return api.get('/api/channel/test/{id}', { params: { id } });
}

export function updateBalance(id: number): Promise<BalanceResult> {
  return api.get('/api/channel/update_balance/{id}', { params: { id } });
}

export function fetchModels(body: FetchModelsRequest): Promise<string[]> {
  return api.post('/api/channel/fetch_models', body);
}

/** Times the type's model list at each candidate base URL, fastest first. */
export function speedTest(body: SpeedTestRequest): Promise<SpeedTestResult[]> {
  return api.post('/api/channel/speed_test', body);
}

/** A channel's keys: their states, never the keys (a hint at most). */
export type KeysView = ApiData<'/api/channel/{id}/keys', 'get'>;
export type KeyStateView = KeysView['items'][number];
export type KeyAction = ApiBody<'/api/channel/{id}/keys', 'post'>;

export function listKeys(channelId: number): Promise<KeysView> {
  return api.get('/api/channel/{id}/keys', { params: { id: channelId } });
}

export function changeKeys(channelId: number, action: KeyAction): Promise<KeysView> {
  return api.post('/api/channel/{id}/keys', action, { params: { id: channelId } });
}

/** A channel's keys in clear, after a security verification (each reveal is logged). */
export async function revealKeys(channelId: number, verification: Verification): Promise<string[]> {
  return (await api.post('/api/channel/{id}/key', {}, { params: { id: channelId }, headers: proofHeader(verification) })).keys;
}

export type BatchAction = ApiBody<'/api/channel/batch', 'post'>['action'];

/** Enable, disable or delete several channels at once (unknown ids are skipped): answers how many changed. */
export function batchChannels(ids: number[], action: Exclude<BatchAction, 'tag'>): Promise<ApiData<'/api/channel/batch', 'post'>> {
  return api.post('/api/channel/batch', { ids, action });
}

/** Starts testing every channel not disabled by hand in the background (or answers the test already running). */
export function testAllChannels(): Promise<TaskView> {
  return api.post('/api/channel/test_all');
}

/** The newest test of every channel, if any ran since the relay started (to follow one still running). */
export async function latestTestAll(): Promise<TaskView | null> {
  const page = await api.get('/api/task', { query: { kind: TEST_ALL_KIND, p: 1, page_size: 1 } });
  return page.items[0] ?? null;
}
