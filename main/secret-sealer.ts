import { safeStorage } from 'electron';
import type { SecretSealer } from '../relay/index.js';

/**
 * Electron's safeStorage as the relay's SecretSealer: the encrypted secrets file keeps its
 * key sealed by the OS for this user (DPAPI on Windows, the Keychain on macOS, libsecret or
 * KWallet on Linux). Call it after `app` is ready: before that, Linux reports no encryption.
 *
 * Answers why there is none when the OS offers no real encryption. The app then starts the
 * relay with `plainSecretKey: 'refuse'`, so secrets are never kept under a plain key.
 */
export function safeStorageSealer(): { sealer: SecretSealer } | { unavailable: string } {
  if (!safeStorage.isEncryptionAvailable()) return { unavailable: 'safeStorage reports no OS encryption' };
  let name = 'Electron safeStorage';
  if (process.platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    // With no keyring (an unrecognised desktop, --password-store=basic) Chromium "encrypts"
    // under a password hard-coded in its source: anyone with the file could unseal it, so
    // claiming OS protection would be a lie.
    if (backend === 'basic_text') return { unavailable: 'safeStorage has no keyring (basic_text backend)' };
    name += ` (${backend})`;
  }
  // safeStorage works on strings: the key travels as base64. The synchronous calls are
  // deprecated in recent Electron in favour of encryptStringAsync/decryptStringAsync; the
  // sealer is already async, so switching is local to this file.
  return {
    sealer: {
      name,
      seal: async (plain) => safeStorage.encryptString(plain.toString('base64')),
      unseal: async (sealed) => Buffer.from(safeStorage.decryptString(sealed), 'base64'),
    },
  };
}
