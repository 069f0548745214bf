import type { SecretBackendName } from '../management/contract.js';

/**
 * Where channel keys and every other secret live: never in the state file or the logs.
 * Names are plain identifiers (`channel:12:key`); values are opaque strings.
 */
export interface SecretStore {
  readonly backend: SecretBackendName;
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  /** Answers whether something was deleted. */
  delete(name: string): Promise<boolean>;
  /** Names of every stored secret (for migration between backends and clean-up). */
  list(): Promise<string[]>;
}
