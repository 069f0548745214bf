// First run: the relay's public status and the one-time owner setup.
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';

export type StatusData = ApiData<'/api/status', 'get'>;
export type SetupStatusData = ApiData<'/api/setup', 'get'>;
export type SetupRequest = ApiBody<'/api/setup', 'post'>;
/** Where the first-run wizard resumes (`step` null: it is over). */
export type WizardState = ApiData<'/api/setup/wizard', 'get'>;

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

/** `GET /api/setup/wizard` (owner): where the first-run wizard resumes, if it is not over. */
export function getWizard(): Promise<WizardState> {
  return api.get('/api/setup/wizard');
}

/** `PUT /api/setup/wizard` (owner): past the channel step ('key'), or over ('done'). */
export function moveWizard(step: 'key' | 'done'): Promise<WizardState> {
  return api.put('/api/setup/wizard', { step });
}
