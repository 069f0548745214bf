import type { SecretBackendName } from '../management/contract.js';
import type { Cooldowns } from '../routing/cooldowns.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { StoragePorts } from './ports.js';

/** Where the store reports what it did (recoveries, write failures). */
export interface StoreLog {
  info(message: string): void;
  error(message: string): void;
}

/** A store opened in either mode (relay/open-store.ts), with what the start-up needs beside the ports. */
export interface OpenedStore {
  store: StoragePorts;
  secrets: SecretStore;
  cooldowns: Cooldowns;
  secretBackend: SecretBackendName;
  keychainUnavailable: string | undefined;
  /** Server mode: the servers, as `host:port` (never a password). */
  where: string | undefined;
  /** After the calls in flight ended (`drained`: all of them): everything written, the store closed. */
  close(drained: boolean): Promise<void>;
}
