import { WrongSecretKeyError, openSecret, sealSecret, sealedKeyId } from './sealed-secret.js';
import type { SecretKey } from './secret-key.js';
import type { SealedRow, SecretRows } from './secret-rows.js';
import type { SecretStore } from './secret-store.js';

/**
 * Server mode's secret store: each secret sealed (AES-256-GCM, its name bound in) under the
 * operator's key in the database, which never sees a plain value or the key. Opening checks
 * that every stored secret was sealed with this key, so a start with the wrong key fails at
 * once, naming both keys, rather than at the first call that needs a channel key.
 */
export async function openSqlSecretStore(rows: SecretRows, key: SecretKey): Promise<SecretStore> {
  checkSealedWith(await rows.list(), key);
  return {
    backend: 'database',
    async get(name) {
      const sealed = await rows.get(name);
      return sealed === null ? null : openSecret(key, name, sealed);
    },
    async set(name, value) {
      await rows.put(name, sealSecret(key, name, value));
    },
    delete: (name) => rows.delete(name),
    async list() {
      return (await rows.list()).map((row) => row.name);
    },
  };
}

/** Refuses rows sealed with a key other than `key` (or than any of `accepted`), naming the keys found. */
export function checkSealedWith(rows: readonly SealedRow[], key: SecretKey, accepted: readonly string[] = [key.id]): void {
  const others = new Map<string, string[]>();
  for (const row of rows) {
    const id = sealedKeyId(row.name, row.sealed);
    if (!accepted.includes(id)) others.set(id, [...(others.get(id) ?? []), row.name]);
  }
  if (others.size === 0) return;
  const strays = [...others.values()].flat();
  const subject =
    strays.length === rows.length
      ? 'The secrets in the database were'
      : `${strays.length} of the ${rows.length} secrets in the database (${strays.slice(0, 3).join(', ')}${strays.length > 3 ? ', …' : ''}) were`;
  throw new WrongSecretKeyError([...others.keys()], key.id, subject);
}
