import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretKeyProtection } from '../management/contract.js';
import { unlinkDurably, writeFileDurably } from '../store/durable-write.js';
import { SecretBackendError } from './secret-store.js';
import type { PlainKeyPolicy, SecretSealer } from './secret-store.js';

const PLAIN_KEY_FILE = 'secrets.key';
const SEALED_KEY_FILE = 'secrets.key.sealed';
const KEY_BYTES = 32;

export interface DataKey {
  key: Buffer;
  protection: SecretKeyProtection;
}

/**
 * The AES key of the encrypted secrets file. Without a sealer it sits in `secrets.key`
 * (0600); with one it sits sealed in `secrets.key.sealed`, so a copy of the data folder, or
 * another OS user, gets nothing usable. A plain key found by a start with a sealer is sealed
 * and its plain file removed. A new key is made only when no secret needs the old one
 * (`mayCreate`): a missing or unreadable key never silently costs the secrets. Under the
 * `refuse` policy a start without a sealer neither makes, keeps nor reads a plain key.
 */
export async function loadDataKey(
  dataDir: string,
  sealer: SecretSealer | undefined,
  mayCreate: boolean,
  plainKey: PlainKeyPolicy = 'allow',
): Promise<DataKey> {
  const plainPath = join(dataDir, PLAIN_KEY_FILE);
  const sealedPath = join(dataDir, SEALED_KEY_FILE);
  const sealed = await readIfPresent(sealedPath);
  const plain = await readIfPresent(plainPath);

  if (sealed) {
    if (!sealer) {
      throw new SecretBackendError(
        plainKey === 'refuse'
          ? `The key of this data folder's secrets (${sealedPath}) is sealed by the operating system, but no OS encryption is available now: the login keyring is locked or not running. ${UNLOCK_KEYRING} No secret or key was changed.`
          : `The key of this data folder's secrets (${sealedPath}) is sealed by the operating system for the Relaydesk desktop app, and this relay cannot unseal it. Start Relaydesk from the desktop app, as the same user. No secret or key was changed.`,
      );
    }
    const key = await unsealKey(sealer, sealed, sealedPath);
    if (plain) {
      // An earlier start sealed the key but stopped before removing the plain copy.
      if (!plain.equals(key)) {
        throw new SecretBackendError(`${plainPath} and ${sealedPath} hold different keys; keep the one that opens your secrets and move the other away. No secret or key was changed.`);
      }
      await unlinkDurably(plainPath);
    }
    return { key, protection: 'os-sealed' };
  }

  if (!sealer && plainKey === 'refuse') {
    const found = plain ? ` This data folder's key is in plain text in ${plainPath} (made by \`npm start\`); it is sealed and the plain file removed at the first start with OS encryption.` : '';
    throw new SecretBackendError(`${NO_OS_ENCRYPTION}${found} No secret or key was changed.`);
  }

  if (plain) {
    checkLength(plain, plainPath);
    if (!sealer) {
      await keepPrivate(plainPath);
      return { key: plain, protection: 'key-file' };
    }
    // Sealed copy first, durably, then the plain file goes: a crash in between leaves both,
    // which the branch above finishes. (Unlinking does not scrub the old disk blocks.)
    await writeSealedKey(sealer, plain, sealedPath);
    await unlinkDurably(plainPath);
    return { key: plain, protection: 'os-sealed' };
  }

  if (!mayCreate) {
    throw new SecretBackendError(
      `The secrets file in ${dataDir} holds secrets, but their key (${PLAIN_KEY_FILE} or ${SEALED_KEY_FILE}) is missing. Restore it from a backup. No secret or key was changed.`,
    );
  }
  const key = randomBytes(KEY_BYTES);
  if (sealer) await writeSealedKey(sealer, key, sealedPath);
  else await writeFileDurably(plainPath, key, 0o600);
  return { key, protection: sealer ? 'os-sealed' : 'key-file' };
}

const UNLOCK_KEYRING = 'Unlock or install a keyring (on Linux: gnome-keyring or KWallet, running in your desktop session), then start Relaydesk again.';
const NO_OS_ENCRYPTION =
  'No OS encryption is available to protect the key of the encrypted secrets file, and the desktop app never keeps that key in plain text. ' +
  `${UNLOCK_KEYRING} Or run the relay headless with \`npm start\`, which keeps the key in a file only your user can read (${PLAIN_KEY_FILE}, mode 0600).`;

async function unsealKey(sealer: SecretSealer, sealed: Buffer, path: string): Promise<Buffer> {
  let key: Buffer;
  try {
    key = await sealer.unseal(sealed);
  } catch (error) {
    throw new SecretBackendError(
      `${sealer.name} cannot unseal the key of this data folder's secrets (${path}): ${firstLine(error)}. It was sealed for another OS user or login keyring, or the keyring was reset. Start Relaydesk as the user who set it up. No secret or key was changed.`,
    );
  }
  checkLength(key, path);
  return key;
}

/** Checks the sealer gives the key back before anything relies on the sealed copy. */
async function writeSealedKey(sealer: SecretSealer, key: Buffer, path: string): Promise<void> {
  let sealed: Buffer;
  try {
    sealed = await sealer.seal(key);
    if (!(await sealer.unseal(sealed)).equals(key)) throw new Error('the sealed key does not unseal to the same key');
  } catch (error) {
    throw new SecretBackendError(`${sealer.name} cannot seal the key of the secrets file: ${firstLine(error)}. No secret or key was changed.`);
  }
  await writeFileDurably(path, sealed, 0o600);
}

function checkLength(key: Buffer, path: string): void {
  if (key.length !== KEY_BYTES) throw new SecretBackendError(`The secret key file ${path} is damaged (expected ${KEY_BYTES} bytes).`);
}

async function keepPrivate(path: string): Promise<void> {
  if (process.platform !== 'win32' && ((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0] ?? 'unknown error';
}
