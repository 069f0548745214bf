// Writing client configuration files on the relay's own computer (loopback, owner only).
import { request } from './client.js';

export type ClientSetupId = 'claude-code' | 'codex' | 'gemini-cli';

export interface ClientFileStatus {
  client: ClientSetupId;
  label: string;
  path: string;
  exists: boolean;
  can_undo: boolean;
}

export interface ClientWriteResult {
  client: ClientSetupId;
  path: string;
  backup: string | null;
  note: string;
}

export interface ClientUndoResult {
  client: ClientSetupId;
  path: string;
  action: 'restored' | 'removed';
  backup: string | null;
}

/** `GET /api/client-setup`: which client files exist on this computer, and where. */
export function getClientFiles(): Promise<ClientFileStatus[]> {
  return request<ClientFileStatus[]>('GET', '/api/client-setup');
}

/** `POST /api/client-setup/write`: merges this relay's address and the key into the client's file (backed up first). */
export function writeClientFile(client: ClientSetupId, key: string): Promise<ClientWriteResult> {
  return request<ClientWriteResult>('POST', '/api/client-setup/write', { client, key });
}

/** `POST /api/client-setup/undo`: restores the previous file, or removes the one Relaydesk created. */
export function undoClientFile(client: ClientSetupId): Promise<ClientUndoResult> {
  return request<ClientUndoResult>('POST', '/api/client-setup/undo', { client });
}

/** Whether the console is open at a loopback address (the relay is on this computer). */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
