import { safeStorage } from 'electron';
import type { SecretSealer } from '../relay/index.js';

/**
 * Electron's safeStorage as the relay's SecretSealer: the encrypted secrets file keeps its
 * key sealed by the OS for this user (DPAPI on Windows, the Keychain on macOS, libsecret or
 * KWallet on Linux). Call it after `app` is ready: before that, Linux reports no encryption.
 *
 * Answers undefined when there is no OS encryption to be had, and the relay then keeps the
 * key in a plain 0600 file, as the headless relay does.
 */
export function safeStorageSealer(): SecretSealer | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  let name = 'Electron safeStorage';
  if (process.platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    // With no keyring (an unrecognised desktop, --password-store=basic) Chromium "encrypts"
    // under a password hard-coded in its source: anyone with the file could unseal it, so
    // claiming OS protection would be a lie.
    if (backend === 'basic_text') return undefined;
    name += ` (${backend})`;
  }
  // safeStorage works on strings: the key travels as base64. The synchronous calls are
  // deprecated in recent Electron in favour of encryptStringAsync/decryptStringAsync; the
  // sealer is already async, so switching is local to this file.
  return {
    name,
    seal: async (plain) => safeStorage.encryptString(plain.toString('base64')),
    unseal: async (sealed) => Buffer.from(safeStorage.decryptString(sealed), 'base64'),
  };
}
