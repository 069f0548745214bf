// First run: the relay's public status and the one-time owner setup.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';

export type StatusData = ApiData<'/api/status', 'get'>;
export type SetupStatusData = ApiData<'/api/setup', 'get'>;
export type SetupRequest = ApiBody<'/api/setup', 'post'>;

/** `GET /api/status` (public): version, whether setup is done, secret backend… */
export function getStatus(): Promise<StatusData> {
  return api.get('/api/status');
}

/** `GET /api/setup`. */
export function getSetupStatus(): Promise<SetupStatusData> {
  return api.get('/api/setup');
}

/** `POST /api/setup`: creates the root (owner) account, once. */
export async function createOwner(body: SetupRequest): Promise<void> {
  await api.post('/api/setup', body);
}
