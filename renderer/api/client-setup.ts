// Writing client configuration files on the relay's own computer (loopback, owner only).
import { api } from './client.js';
import type { ApiData } from './client.js';

export type ClientFileStatus = ApiData<'/api/client-setup', 'get'>[number];
export type ClientSetupId = ClientFileStatus['client'];
export type ClientWriteResult = ApiData<'/api/client-setup/write', 'post'>;
export type ClientUndoResult = ApiData<'/api/client-setup/undo', 'post'>;

/** `GET /api/client-setup`: each client's files on this computer, and whether they exist. */
export function getClientFiles(): Promise<ClientFileStatus[]> {
  return api.get('/api/client-setup');
}

/** `POST /api/client-setup/write`: merges this relay's address and the key into the client's files (each backed up first). */
export function writeClientFile(client: ClientSetupId, key: string): Promise<ClientWriteResult> {
  return api.post('/api/client-setup/write', { client, key });
}

/** `POST /api/client-setup/undo`: restores the previous files, or removes the ones Relaydesk created. */
export function undoClientFile(client: ClientSetupId): Promise<ClientUndoResult> {
  return api.post('/api/client-setup/undo', { client });
}

/** Whether the console is open at a loopback address (the relay is on this computer). */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
