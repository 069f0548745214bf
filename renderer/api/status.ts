import type { SetupRequest, SetupStatusData, StatusData } from '../../relay/management/contract.js';
import { request } from './client.js';

/** `GET /api/status` (public): version, whether setup is done, secret backend… */
export function getStatus(): Promise<StatusData> {
  return request<StatusData>('GET', '/api/status');
}

/** `GET /api/setup`. */
export function getSetupStatus(): Promise<SetupStatusData> {
  return request<SetupStatusData>('GET', '/api/setup');
}

/** `POST /api/setup`: creates the root (owner) account, once. */
export async function createOwner(body: SetupRequest): Promise<void> {
  await request<unknown>('POST', '/api/setup', body);
}
