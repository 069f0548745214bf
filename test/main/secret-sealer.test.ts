import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSafeStorage } from './fake-safe-storage.js';
import type { FakeSafeStorage } from './fake-safe-storage.js';

const electron = vi.hoisted(() => ({ safeStorage: undefined as unknown as FakeSafeStorage }));
vi.mock('electron', () => ({
  get safeStorage() {
    return electron.safeStorage;
  },
}));

import { safeStorageSealer as chooseSealer } from '../../main/secret-sealer.js';
import { openEncryptedFileSecretStore } from '../../relay/secrets/encrypted-file-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const setPlatform = (value: NodeJS.Platform) => Object.defineProperty(process, 'platform', { ...platform, value });
/** The sealer, or undefined when there is none (with its reason in `unavailable`). */
const safeStorageSealer = () => {
  const choice = chooseSealer();
  return 'sealer' in choice ? choice.sealer : undefined;
};
const unavailable = () => {
  const choice = chooseSealer();
  return 'unavailable' in choice ? choice.unavailable : undefined;
};
const KEY = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');

beforeEach(() => {
  electron.safeStorage = createFakeSafeStorage();
});
afterEach(() => {
  Object.defineProperty(process, 'platform', platform);
});

describe('safeStorageSealer', () => {
  it('seals through safeStorage as base64 text, and unseals to the same bytes', async () => {
    setPlatform('win32');
    const sealer = safeStorageSealer()!;
    expect(sealer.name).toBe('Electron safeStorage');
    const sealed = await sealer.seal(KEY);
    expect(electron.safeStorage.encryptString).toHaveBeenCalledWith(KEY.toString('base64'));
    expect(sealed.includes(KEY)).toBe(false);
    expect(await sealer.unseal(sealed)).toEqual(KEY);
  });

  it('names the Linux keyring it uses', async () => {
    setPlatform('linux');
    electron.safeStorage = createFakeSafeStorage({ backend: 'kwallet6' });
    const sealer = safeStorageSealer()!;
    expect(sealer.name).toBe('Electron safeStorage (kwallet6)');
    expect(await sealer.unseal(await sealer.seal(KEY))).toEqual(KEY);
  });

  it("keeps the relay's encrypted secrets file openable across restarts", async () => {
    setPlatform('linux');
    const dir = await tempDir();
    const store = await openEncryptedFileSecretStore(dir, safeStorageSealer());
    expect(store.keyProtection).toBe('os-sealed');
    await store.set('channel:1:key', 'sk-desktop');
    expect(await (await openEncryptedFileSecretStore(dir, safeStorageSealer())).get('channel:1:key')).toBe('sk-desktop');
  });

  it('rejects what another user sealed', async () => {
    setPlatform('darwin');
    const sealed = await safeStorageSealer()!.seal(KEY);
    electron.safeStorage = createFakeSafeStorage({ user: 'mallory' });
    await expect(safeStorageSealer()!.unseal(sealed)).rejects.toThrow(/decrypting/);
  });

  it('is none, saying why, when the OS offers no encryption', () => {
    for (const os of ['win32', 'darwin', 'linux'] as const) {
      setPlatform(os);
      electron.safeStorage = createFakeSafeStorage({ available: false });
      expect(safeStorageSealer()).toBeUndefined();
      expect(unavailable()).toBe('safeStorage reports no OS encryption');
      expect(electron.safeStorage.encryptString).not.toHaveBeenCalled();
    }
  });

  it("is none on Linux with the basic_text backend (Chromium's hard-coded password)", () => {
    setPlatform('linux');
    electron.safeStorage = createFakeSafeStorage({ backend: 'basic_text' });
    expect(electron.safeStorage.isEncryptionAvailable()).toBe(true); // available, but no protection
    expect(safeStorageSealer()).toBeUndefined();
    expect(unavailable()).toMatch(/basic_text/);
  });
});
