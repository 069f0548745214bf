import type { SecretBackendName } from '../management/contract.js';
import { openEncryptedFileSecretStore, secretsFilePath } from './encrypted-file-store.js';
import { openKeychainSecretStore } from './keychain-store.js';
import { SecretBackendError } from './secret-store.js';
import type { PlainKeyPolicy, SecretSealer, SecretStore } from './secret-store.js';

export type SecretBackendChoice = 'auto' | 'keychain' | 'encrypted-file';

export interface SelectedSecretStore {
  store: SecretStore;
  /** Why the keychain was not used, when it was not. */
  keychainUnavailable?: string;
  /** Secrets moved from the previously used backend. */
  migrated: number;
}

/**
 * Picks the backend. `auto` keeps using the backend this data folder used before (secrets
 * stay where they were put); on a fresh folder it takes the OS keychain when one answers
 * and the encrypted file otherwise. An explicit choice that differs from the recorded one
 * moves the secrets across, which needs both backends to be available.
 */
export async function selectSecretStore(options: {
  choice: SecretBackendChoice;
  recorded: SecretBackendName | null;
  dataDir: string;
  instanceId: string;
  /** Seals the encrypted file's key with OS-bound encryption (see data-key.ts). */
  sealer?: SecretSealer;
  /** Whether the encrypted file may keep a plain key when there is no sealer (default allow). */
  plainKey?: PlainKeyPolicy;
  /** The keychain opener; replaced in tests. */
  keychain?: typeof openKeychainSecretStore;
}): Promise<SelectedSecretStore> {
  const { choice, recorded, dataDir, instanceId, sealer, plainKey, keychain: tryKeychain = openKeychainSecretStore } = options;
  const openFile = () => openEncryptedFileSecretStore(dataDir, sealer, plainKey);
  const openKeychain = async (): Promise<SecretStore> => {
    const result = await tryKeychain(instanceId);
    if ('unavailable' in result) {
      throw new SecretBackendError(
        recorded === 'keychain' && choice === 'auto'
          ? `This data folder keeps its secrets in the OS keychain, but ${result.unavailable}. Unlock the keychain (on Linux: a desktop session with gnome-keyring or KWallet) and start again.`
          : `The OS keychain was asked for, but ${result.unavailable}.`,
      );
    }
    return result.store;
  };

  const wanted: 'keychain' | 'encrypted-file' | 'probe' =
    choice !== 'auto' ? choice : recorded === 'keychain' || recorded === 'encrypted-file' ? recorded : 'probe';

  if (wanted === 'probe') {
    const keychain = await tryKeychain(instanceId);
    if ('store' in keychain) return { store: keychain.store, migrated: 0 };
    const file = await openFile().catch((error: unknown) => {
      // Neither backend: say why the keychain was passed over too.
      if (!(error instanceof SecretBackendError)) throw error;
      throw new SecretBackendError(`The OS keychain cannot be used: ${keychain.unavailable}. ${error.message}`);
    });
    return { store: file, keychainUnavailable: keychain.unavailable, migrated: 0 };
  }
  const store = wanted === 'keychain' ? await openKeychain() : await openFile();
  if (recorded === null || recorded === 'memory' || recorded === wanted) return { store, migrated: 0 };

  const previous = recorded === 'keychain' ? await openKeychain() : await openFile();
  return { store, migrated: await moveSecrets(previous, store) };
}

async function moveSecrets(from: SecretStore, to: SecretStore): Promise<number> {
  const names = await from.list();
  for (const name of names) {
    const value = await from.get(name);
    if (value !== null) await to.set(name, value);
  }
  for (const name of names) await from.delete(name);
  return names.length;
}

const BACKEND_NAMES: Record<SecretBackendName, string> = { keychain: 'OS keychain', 'encrypted-file': 'encrypted file', memory: 'memory only', database: 'database, encrypted' };

/**
 * Where this start keeps its secrets, in one line for the start banner, e.g.
 * `encrypted file (/home/me/.config/relaydesk/secrets.enc.json); the OS keychain is unavailable: keytar is not installed`.
 */
export function describeSecretStore(backend: SecretBackendName, dataDir: string, keychainUnavailable?: string): string {
  const where = backend === 'encrypted-file' ? `${BACKEND_NAMES[backend]} (${secretsFilePath(dataDir)})` : BACKEND_NAMES[backend];
  return keychainUnavailable ? `${where}; the OS keychain is unavailable: ${keychainUnavailable}` : where;
}
