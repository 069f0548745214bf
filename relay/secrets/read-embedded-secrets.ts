import { readFile } from 'node:fs/promises';
import type { SecretBackendName } from '../management/contract.js';
import { openEncryptedFileSecretStore, secretsFilePath } from './encrypted-file-store.js';
import { openKeychainSecretStore } from './keychain-store.js';
import { SecretBackendError } from './secret-store.js';

/**
 * Every secret of an embedded data folder, name → value, read from the backend its state
 * records (as relay/server.ts opens it, select-secret-store.ts) without changing anything:
 * no backend is probed or chosen, no key made, nothing moved. A folder whose secrets file is
 * missing or empty has none (opening it would make a key). For `migrate`.
 */
export async function readEmbeddedSecrets(options: {
  dataDir: string;
  recorded: SecretBackendName | null;
  instanceId: string;
  /** The keychain opener; replaced in tests. */
  keychain?: typeof openKeychainSecretStore;
}): Promise<Map<string, string>> {
  const { dataDir, recorded, instanceId, keychain = openKeychainSecretStore } = options;
  if (recorded === 'encrypted-file') {
    if (!(await holdsEntries(secretsFilePath(dataDir)))) return new Map();
    // No sealer: a key sealed by the desktop app is refused with the reason (data-key.ts).
    return readAll(await openEncryptedFileSecretStore(dataDir, undefined, 'allow'));
  }
  if (recorded === 'keychain') {
    const opened = await keychain(instanceId);
    if ('unavailable' in opened) throw new SecretBackendError(`This data folder keeps its secrets in the OS keychain, but ${opened.unavailable}. Run migrate where the keychain is unlocked (the user's desktop session).`);
    return readAll(opened.store);
  }
  if (recorded === 'database') throw new SecretBackendError('This data folder records database secrets: it is not an embedded install.');
  // Never started, or secrets kept in memory only (tests): nothing stored.
  return new Map();
}

async function readAll(store: { list(): Promise<string[]>; get(name: string): Promise<string | null> }): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  for (const name of (await store.list()).sort()) {
    const value = await store.get(name);
    if (value !== null) secrets.set(name, value);
  }
  return secrets;
}

async function holdsEntries(file: string): Promise<boolean> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  if (text === '') return false;
  try {
    return Object.keys((JSON.parse(text) as { entries?: object }).entries ?? {}).length > 0;
  } catch {
    return true; // damaged: let the store say so
  }
}
