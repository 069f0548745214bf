import type { SecretBackendName, SecretKeyProtection } from '../management/contract.js';

/**
 * Where channel keys and every other secret live: never in the state file or the logs.
 * Names are plain identifiers (`channel:12:key`); values are opaque strings.
 */
export interface SecretStore {
  readonly backend: SecretBackendName;
  /** Encrypted file only: how the file's own key is kept. */
  readonly keyProtection?: SecretKeyProtection;
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  /** Answers whether something was deleted. */
  delete(name: string): Promise<boolean>;
  /** Names of every stored secret (for migration between backends and clean-up). */
  list(): Promise<string[]>;
}

/**
 * OS-bound encryption supplied by the host: what it seals, only this OS user (in this
 * login session's keyring) can unseal. The desktop app hands in Electron's safeStorage
 * (DPAPI, Keychain, libsecret/KWallet); the headless relay has none. Both calls reject on
 * failure; they are async so a host can use Electron's async safeStorage calls.
 */
export interface SecretSealer {
  /** Names it in messages, e.g. `Electron safeStorage (gnome_libsecret)`. */
  readonly name: string;
  seal(plain: Buffer): Promise<Buffer>;
  unseal(sealed: Buffer): Promise<Buffer>;
}

/**
 * Whether the encrypted file's key may sit in a plain 0600 file when no sealer is at hand:
 * `allow` for the headless relay (`npm start`), `refuse` for the desktop app, which promises
 * OS-protected secrets and so refuses to start rather than write or use a plain key.
 */
export type PlainKeyPolicy = 'allow' | 'refuse';

/** The secrets cannot be reached with what this start has; no secret or key was changed. */
export class SecretBackendError extends Error {}
