import { SealedSecretError, openSecret, sealSecret, sealedKeyId } from './sealed-secret.js';
import type { SecretKey } from './secret-key.js';
import type { SecretRows } from './secret-rows.js';
import { SecretBackendError } from './secret-store.js';
import { checkSealedWith } from './sql-secret-store.js';

export interface RotationResult {
  /** Secrets re-sealed from the old key to the new one. */
  rotated: number;
  /** Secrets already sealed with the new key (a rotation run again), checked and left as they were. */
  alreadyNew: number;
}

/**
 * Re-seals every secret from `oldKey` to `newKey` in one transaction: all or nothing. Before
 * the commit every row is read back and opened with the new key, so a rotation never commits
 * a value that will not open; any failure (a secret sealed with a third key, a damaged value,
 * a lost connection) rolls back and leaves every secret as it was, readable with the old key.
 */
export async function rotateSecretKey(rows: SecretRows, oldKey: SecretKey, newKey: SecretKey): Promise<RotationResult> {
  if (oldKey.id === newKey.id) throw new SecretBackendError(`The new key is the current key (${oldKey.id}): nothing to rotate.`);
  return rows.transaction(async (tx) => {
    const before = await tx.list();
    // Refuses a third key before anything is written.
    checkSealedWith(before, oldKey, [oldKey.id, newKey.id]);
    const plain = new Map<string, string>();
    let rotated = 0;
    for (const { name, sealed } of before) {
      if (sealedKeyId(name, sealed) === newKey.id) {
        plain.set(name, openSecret(newKey, name, sealed));
        continue;
      }
      const value = openSecret(oldKey, name, sealed);
      plain.set(name, value);
      await tx.put(name, sealSecret(newKey, name, value));
      rotated++;
    }
    const after = await tx.list();
    if (after.length !== before.length) throw new SecretBackendError(`Rotation found ${after.length} secrets after re-sealing ${before.length}; nothing was changed.`);
    for (const { name, sealed } of after) {
      if (sealedKeyId(name, sealed) !== newKey.id || openSecret(newKey, name, sealed) !== plain.get(name)) {
        throw new SealedSecretError(`The secret "${name}" did not read back as sealed with the new key; nothing was changed.`);
      }
    }
    return { rotated, alreadyNew: before.length - rotated };
  });
}
