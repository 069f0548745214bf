import type { SecretStore } from './secret-store.js';

/** Keeps secrets in process memory only: for tests and throwaway instances. */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    backend: 'memory',
    async get(name) {
      return values.get(name) ?? null;
    },
    async set(name, value) {
      values.set(name, value);
    },
    async delete(name) {
      return values.delete(name);
    },
    async list() {
      return [...values.keys()];
    },
  };
}
