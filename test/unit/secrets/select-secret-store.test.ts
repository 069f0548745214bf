import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../relay/secrets/memory-store.js';
import { openEncryptedFileSecretStore } from '../../../relay/secrets/encrypted-file-store.js';
import { selectSecretStore } from '../../../relay/secrets/select-secret-store.js';
import { SecretBackendError } from '../../../relay/secrets/secret-store.js';
import type { SecretStore } from '../../../relay/secrets/secret-store.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** A keychain stand-in: a memory store that reports itself as the keychain. */
function fakeKeychain(): { store: SecretStore; open: () => Promise<{ store: SecretStore }> } {
  const store = { ...createMemorySecretStore(), backend: 'keychain' as const };
  return { store, open: async () => ({ store }) };
}
const noKeychain = async () => ({ unavailable: 'no D-Bus session' });

describe('secret backend selection', () => {
  it('takes the keychain on a fresh folder when one answers', async () => {
    const keychain = fakeKeychain();
    const selected = await selectSecretStore({ choice: 'auto', recorded: null, dataDir: await tempDir(), instanceId: 'i', keychain: keychain.open });
    expect(selected.store.backend).toBe('keychain');
  });

  it('falls back to the encrypted file, saying why, when no keychain answers', async () => {
    const selected = await selectSecretStore({ choice: 'auto', recorded: null, dataDir: await tempDir(), instanceId: 'i', keychain: noKeychain });
    expect(selected.store.backend).toBe('encrypted-file');
    expect(selected.keychainUnavailable).toBe('no D-Bus session');
  });

  it('keeps using the encrypted file once chosen, even when a keychain appears', async () => {
    const keychain = fakeKeychain();
    const selected = await selectSecretStore({ choice: 'auto', recorded: 'encrypted-file', dataDir: await tempDir(), instanceId: 'i', keychain: keychain.open });
    expect(selected.store.backend).toBe('encrypted-file');
  });

  it('refuses to start without the keychain that holds this folder’s secrets', async () => {
    await expect(
      selectSecretStore({ choice: 'auto', recorded: 'keychain', dataDir: await tempDir(), instanceId: 'i', keychain: noKeychain }),
    ).rejects.toBeInstanceOf(SecretBackendError);
  });

  it('moves every secret when the backend is switched explicitly', async () => {
    const dir = await tempDir();
    const file = await openEncryptedFileSecretStore(dir);
    await file.set('channel:1:key', 'sk-one');
    await file.set('channel:2:key', 'sk-two');
    const keychain = fakeKeychain();
    const selected = await selectSecretStore({ choice: 'keychain', recorded: 'encrypted-file', dataDir: dir, instanceId: 'i', keychain: keychain.open });
    expect(selected.migrated).toBe(2);
    expect(await keychain.store.get('channel:2:key')).toBe('sk-two');
    expect(await (await openEncryptedFileSecretStore(dir)).list()).toEqual([]);
  });
});
