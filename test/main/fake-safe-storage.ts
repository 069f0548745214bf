/**
 * A stand-in for Electron's `safeStorage` (add it to a mocked `electron` module). Strings
 * are "encrypted" reversibly under this fake's own `user`; another user's buffer makes
 * decryptString throw, as the real one does.
 */
import { vi } from 'vitest';

type Backend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

export function createFakeSafeStorage(options: { available?: boolean; backend?: Backend; user?: string } = {}) {
  const prefix = `fake-safe-storage:${options.user ?? 'alice'}:`;
  return {
    isEncryptionAvailable: vi.fn(() => options.available ?? true),
    getSelectedStorageBackend: vi.fn((): Backend => options.backend ?? 'gnome_libsecret'),
    encryptString: vi.fn((plainText: string) => Buffer.from(prefix + Buffer.from(plainText).reverse().toString('latin1'), 'latin1')),
    decryptString: vi.fn((encrypted: Buffer) => {
      const text = encrypted.toString('latin1');
      if (!text.startsWith(prefix)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(prefix.length), 'latin1').reverse().toString();
    }),
  };
}

export type FakeSafeStorage = ReturnType<typeof createFakeSafeStorage>;

/**
 * The fake `electron` module with a working safeStorage added, for tests that boot the
 * whole app: `vi.mock('electron', () => fakeElectronWithSafeStorage())` (import it inside
 * the factory, which vi.mock hoists).
 */
export async function fakeElectronWithSafeStorage() {
  return { ...(await import('./fake-electron.js')), safeStorage: createFakeSafeStorage() };
}
