import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../store/durable-write.js';
import { loadDataKey } from './data-key.js';
import type { PlainKeyPolicy, SecretSealer, SecretStore } from './secret-store.js';

const SECRETS_FILE = 'secrets.enc.json';

export const secretsFilePath = (dataDir: string): string => join(dataDir, SECRETS_FILE);

interface SecretsFile {
  version: 1;
  /** name → base64(iv ‖ tag ‖ ciphertext), AES-256-GCM with the name as associated data. */
  entries: Record<string, string>;
}

/**
 * Fallback when no OS keychain is available (headless Linux, CI, a packaged app whose keytar
 * cannot load): each secret encrypted with AES-256-GCM under a random key (see data-key.ts).
 * With a plain key file this protects the secrets from anything that reads the state file
 * or a backup of it without the key file, not from someone with the user's own file access;
 * with a `sealer` the key itself is encrypted by the OS for this user. `plainKey: 'refuse'`
 * (the desktop app) makes a start without a sealer fail instead of using a plain key.
 */
export async function openEncryptedFileSecretStore(
  dataDir: string,
  sealer?: SecretSealer,
  plainKey: PlainKeyPolicy = 'allow',
): Promise<SecretStore> {
  const file = secretsFilePath(dataDir);
  const stored = await readSecretsFile(file);
  const { key, protection } = await loadDataKey(dataDir, sealer, Object.keys(stored.entries).length === 0, plainKey);
  let writing: Promise<void> = Promise.resolve();

  // Every write replaces the whole (small) file; writes are chained so none is lost.
  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(stored);
    writing = writing.catch(() => {}).then(() => writeFileDurably(file, snapshot));
    return writing;
  };

  return {
    backend: 'encrypted-file',
    keyProtection: protection,
    async get(name) {
      const sealed = stored.entries[name];
      return sealed === undefined ? null : open(key, name, sealed, file);
    },
    async set(name, value) {
      stored.entries[name] = seal(key, name, value);
      await persist();
    },
    async delete(name) {
      if (!(name in stored.entries)) return false;
      delete stored.entries[name];
      await persist();
      return true;
    },
    async list() {
      return Object.keys(stored.entries);
    },
  };
}

function seal(key: Buffer, name: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function open(key: Buffer, name: string, sealed: string, file: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(name, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`The secret "${name}" in ${file} cannot be decrypted: the file or its key file was changed.`);
  }
}

async function readSecretsFile(path: string): Promise<SecretsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as SecretsFile;
    if (parsed.version !== 1 || typeof parsed.entries !== 'object') throw new Error('unknown format');
    return parsed;
  } catch (error) {
    throw new Error(`The secrets file ${path} is damaged (${(error as Error).message}); Relaydesk has not changed it.`);
  }
}
